/**
 * What the pricing module consumes (issue 25):
 *
 * - the catalog's own `catalog.car.indexed` and `catalog.car.removed`, in the durable consumer
 *   `catalog.price-insights` (inbox dedupe, retries, dead letters like every other), which keeps
 *   `price_insights` current for the changed car's model (../use-cases/keep-insights.ts) in the inbox's
 *   transaction and emits `catalog.price_insights.changed` with the models it recomputed, in the same one;
 * - that event, in the per-process listener `catalog.price-insight-cache`, which drops this process's cached
 *   insights of those models (../data/insight-cache.ts), and clears the cache each time its deliveries
 *   (re)start (events published meanwhile never arrive).
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Consumer, Listener } from '@marketplace/platform';
import type { InsightCache } from '../data/insight-cache';
import { forgetCarInsight, refreshCarInsights } from '../use-cases/keep-insights';
import { emitPriceInsightsChanged } from './publish';

/** The price insights' consumer, by name and events (the service's `consumes`; {@link priceInsights} spreads it). */
export const priceInsightsConsumes = {
  name: 'catalog.price-insights',
  ...subscribedTo('catalog.car.indexed', 'catalog.car.removed'),
};
type CarEvent = SubscribedEvent<typeof priceInsightsConsumes>;

/** The price insights' consumer. */
export function priceInsights(): Consumer<CarEvent, EventPayloads> {
  return {
    ...priceInsightsConsumes,
    async handle(event, { tx, emit }) {
      const modelIds =
        event.name === 'catalog.car.removed'
          ? await forgetCarInsight(tx, event.payload.carId)
          : await refreshCarInsights(tx, event.payload.car._id);
      await emitPriceInsightsChanged(emit, modelIds);
    },
  };
}

const insightChanges = subscribedTo('catalog.price_insights.changed');
type InsightChange = SubscribedEvent<typeof insightChanges>;

/**
 * The listener that keeps `cache` (this process's cached insights) from serving recomputed insights, then
 * calls `pagesChanged` (the car pages and cards show the insights: issue 47).
 */
export function priceInsightCacheFeed(
  cache: InsightCache,
  pagesChanged: () => Promise<void> = async () => {},
): Listener<InsightChange> {
  return {
    name: 'catalog.price-insight-cache',
    ...insightChanges,
    async handle(event) {
      cache.invalidate(event.payload.modelIds);
      await pagesChanged();
    },
    async onStart() {
      cache.clear();
    },
  };
}
