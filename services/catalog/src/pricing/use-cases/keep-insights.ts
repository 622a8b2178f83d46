/**
 * Keeping the price insights current (issue 25), run by the consumer `catalog.price-insights` in the
 * inbox's transaction for each of the catalog's own car events, never in a request:
 *
 * - `catalog.car.indexed` of car C: when C is for sale and its row was computed from C's present inputs
 *   (same model and fingerprint year|km|price|state), nothing changed for its group since the
 *   recomputation that wrote that row (rows are only replaced by newer reads), so the event is skipped: the
 *   first-start seeding announces 300 cars in 3 transactions, and a model is recomputed about once per
 *   transaction instead of once per car. Otherwise C's model group is recomputed (and its former model's,
 *   when C changed model).
 * - `catalog.car.removed` of car C: its row is deleted and its former model recomputed. A removed car that
 *   had no row (a sold car, a comparable only) leaves its model's rows as they are until the model's next
 *   event.
 *
 * Sold cars stop counting 180 days after their sale only at their model's next recomputation. Both resolve
 * to the ids of the models recomputed (empty when nothing changed), which the consumer announces with
 * `catalog.price_insights.changed` so every process drops its cached insights of them.
 */
import type { Db } from '@marketplace/platform';
import { insightStore } from '../data/insights';
import { fingerprintOf, recomputeModel } from './compute-insights';

/** Handles `catalog.car.indexed` of car `carId` in `tx`; resolves to the models recomputed (see the module comment). */
export async function refreshCarInsights(tx: Db, carId: string): Promise<string[]> {
  const car = await insightStore.carWithInsight(tx, carId);
  if (!car) return forgetCarInsight(tx, carId);
  const row = car.insight;
  if (car.status === 'used' && row && row.modelId === car.modelId && row.fingerprint === fingerprintOf(car))
    return [];
  await recomputeModel(tx, car);
  if (!row || row.modelId === car.modelId) return [car.modelId];
  await recomputeModel(tx, row);
  return [car.modelId, row.modelId];
}

/** Handles `catalog.car.removed` of car `carId` in `tx`; resolves to the models recomputed (see the module comment). */
export async function forgetCarInsight(tx: Db, carId: string): Promise<string[]> {
  const row = await insightStore.byCar(tx, carId);
  if (!row) return [];
  await insightStore.deleteCar(tx, carId);
  await recomputeModel(tx, row);
  return [row.modelId];
}
