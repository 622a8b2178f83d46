/**
 * What the reference data takes of events: its own `catalog.brand.changed`, `catalog.model.changed` and
 * `catalog.variant.changed`, in the per-process listener `catalog.site-pages`, which drops this process's
 * kept brand list (../data/listed-brands.ts; the replica that made the change dropped it already) and then
 * replaces the generation of the server-rendered public pages (platform `pageGeneration`, issue 47): the
 * home page, the listing's filters and the car pages show these names. The events are published after
 * their transaction committed, so a page rendered after the new generation shows them.
 */
import { type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Listener } from '@marketplace/platform';
import type { ListedBrands } from '../data/listed-brands';

const referenceChanges = subscribedTo(
  'catalog.brand.changed',
  'catalog.model.changed',
  'catalog.variant.changed',
);
type ReferenceChange = SubscribedEvent<typeof referenceChanges>;

/**
 * The listener that forgets `listedBrands` and calls `pagesChanged` after each brand, model or variant
 * change (and forgets the list whenever its deliveries (re)start: changes meanwhile never arrive).
 */
export function sitePagesFeed(
  listedBrands: ListedBrands,
  pagesChanged: () => Promise<void>,
): Listener<ReferenceChange> {
  return {
    name: 'catalog.site-pages',
    ...referenceChanges,
    async handle() {
      listedBrands.forget();
      await pagesChanged();
    },
    async onStart() {
      listedBrands.forget();
    },
  };
}
