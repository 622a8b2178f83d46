/**
 * What the buyers' module consumes (issue 24): its own `catalog.car.indexed` and `catalog.car.removed`, in
 * the durable consumer `catalog.buyer-alerts` (inbox dedupe, retries, dead letters like every other), which
 * keeps the shortlist in step and produces the alerts (../use-cases/tell-buyers.ts) in the inbox's
 * transaction, emitting through its outbox.
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Consumer } from '@marketplace/platform';
import { forgetRemovedCar, tellBuyersOfIndexedCar } from '../use-cases/tell-buyers';

/** The alerts' consumer, by name and events (the service's `consumes`; {@link buyerAlerts} spreads it). */
export const buyerAlertsConsumes = {
  name: 'catalog.buyer-alerts',
  ...subscribedTo('catalog.car.indexed', 'catalog.car.removed'),
};
type CarEvent = SubscribedEvent<typeof buyerAlertsConsumes>;

/** The alerts' consumer; `alertSecret` (config `ALERT_SIGNING_SECRET`) signs the unsubscribe tokens. */
export function buyerAlerts(alertSecret: string): Consumer<CarEvent, EventPayloads> {
  return {
    ...buyerAlertsConsumes,
    async handle(event, { tx, emit }) {
      if (event.name === 'catalog.car.removed') {
        await forgetRemovedCar(tx, event.payload.carId);
        return;
      }
      await tellBuyersOfIndexedCar(tx, emit, alertSecret, event.payload.car._id);
    },
  };
}
