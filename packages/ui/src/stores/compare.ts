/**
 * The compare tray (issue 24): the cars a buyer picked to compare side by side, at most
 * {@link COMPARE_MAX}, kept for the browser tab (session storage) so the tray survives navigation and a
 * reload. The compare page itself reads its cars from its URL (`/compare?ids=a,b,c`), so it can be shared.
 */
import { COMPARE_MAX } from '@marketplace/contracts/vocabulary';
import { create } from 'zustand';
import { TOAST_AUTO_CLOSE_MS } from '../constants';
import { toast } from '../toast/toast';
import { type BrowserListPlace, readBrowserList, writeBrowserList } from './browser-lists';

/** Where the tray's cars are kept. */
export const COMPARE_TRAY: BrowserListPlace = { area: 'sessionStorage', key: 'compare', hint: 'compare' };

/** A car in the tray: what the tray shows of it. */
export interface CompareItem {
  id: string;
  /** Brand and model (and variant), e.g. 'Maruti Suzuki Swift VXi'. */
  name: string;
  /** A small photo URL, if the car has one. */
  image?: string | undefined;
}

/** Compare tray state and its changes. */
export interface CompareState {
  items: CompareItem[];
  /** Adds `item` when absent (refused with a toast when the tray is full), removes it when present. */
  toggle(item: CompareItem): void;
  remove(id: string): void;
  clear(): void;
}

function save(items: CompareItem[]): void {
  writeBrowserList(COMPARE_TRAY, items);
  useCompareStore.setState({ items });
}

/** The compare tray store (a federation singleton through `@marketplace/ui`). */
export const useCompareStore = create<CompareState>()((_set, get) => ({
  items: [],
  toggle(item) {
    const items = get().items;
    if (items.some((i) => i.id === item.id)) return save(items.filter((i) => i.id !== item.id));
    if (items.length >= COMPARE_MAX) {
      toast.info(`You can compare up to ${COMPARE_MAX} cars. Remove one from the tray first.`, {
        duration: TOAST_AUTO_CLOSE_MS,
      });
      return;
    }
    save([...items, item]);
  },
  remove: (id) => save(get().items.filter((i) => i.id !== id)),
  clear: () => save([]),
}));

let loaded = false;

/** Reads the tray of this browser tab, once per page (nothing on the server). */
export function loadCompareTray(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  const items = readBrowserList<CompareItem>(COMPARE_TRAY).filter(
    (i) => i && typeof i.id === 'string' && typeof i.name === 'string',
  );
  useCompareStore.setState({ items: items.slice(0, COMPARE_MAX) });
}

/** The compare page's address for `ids`: `/compare?ids=a,b,c`. */
export function compareHref(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}
