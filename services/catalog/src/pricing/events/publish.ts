/**
 * What the pricing module publishes, through the catalog's outbox in the transaction of the recomputation:
 * `catalog.price_insights.changed` `{ modelIds }` (issue 25), the models whose stored insights changed.
 */
import { type EventPayloads, events } from '@marketplace/contracts';
import type { Emit } from '@marketplace/platform';

/**
 * Writes `catalog.price_insights.changed` `{ modelIds }` with `emit` (nothing when `modelIds` is empty).
 * @throws ZodError when an id does not match the contract (a bug; the transaction rolls back).
 */
export async function emitPriceInsightsChanged(
  emit: Emit<EventPayloads>,
  modelIds: readonly string[],
): Promise<void> {
  if (modelIds.length === 0) return;
  await emit(
    'catalog.price_insights.changed',
    events['catalog.price_insights.changed'].payload.parse({ modelIds: [...modelIds] }),
  );
}
