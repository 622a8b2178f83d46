/**
 * What the buyers' module publishes (issue 24), through the catalog's outbox in the transaction of the
 * change: `catalog.alert.search_matched` (a saved search's new matches: one car at once, or a day's in a
 * digest) and `catalog.alert.price_dropped` (a shortlisted car got cheaper; prices in rupees). The
 * notification service turns them into e-mails and SMS.
 */
import { type EventPayloads, events } from '@marketplace/contracts';
import type { Emit } from '@marketplace/platform';

/**
 * Writes `catalog.alert.search_matched` with `emit`.
 * @throws ZodError when the payload does not match the contract (a bug; the transaction rolls back).
 */
export function emitSearchMatched(
  emit: Emit<EventPayloads>,
  payload: EventPayloads['catalog.alert.search_matched'],
) {
  return emit('catalog.alert.search_matched', events['catalog.alert.search_matched'].payload.parse(payload));
}

/**
 * Writes `catalog.alert.price_dropped` with `emit`.
 * @throws ZodError when the payload does not match the contract (a bug; the transaction rolls back).
 */
export function emitPriceDropped(
  emit: Emit<EventPayloads>,
  payload: EventPayloads['catalog.alert.price_dropped'],
) {
  return emit('catalog.alert.price_dropped', events['catalog.alert.price_dropped'].payload.parse(payload));
}
