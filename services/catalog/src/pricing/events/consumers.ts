/**
 * What the pricing module consumes (issue 25): the catalog's own `catalog.car.indexed` and
 * `catalog.car.removed`, in the durable consumer `catalog.price-insights` (inbox dedupe, retries, dead
 * letters like every other), which keeps `price_insights` current for the changed car's model
 * (../use-cases/keep-insights.ts) in the inbox's transaction. It emits nothing.
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Consumer } from '@marketplace/platform';
import { forgetCarInsight, refreshCarInsights } from '../use-cases/keep-insights';

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
    async handle(event, { tx }) {
      if (event.name === 'catalog.car.removed') {
        await forgetCarInsight(tx, event.payload.carId);
        return;
      }
      await refreshCarInsights(tx, event.payload.car._id);
    },
  };
}
