/**
 * The seller's valuation (issue 25): the expected range of a hypothetical car of a model, year and km
 * (and optionally state), by the same estimator as the price insight over the model's cars (one SQL read
 * of the model's cars; no band, nothing stored).
 */
import type { ExpectedPrice, ValuationQuery } from '@marketplace/contracts';
import { badRequest, type Db } from '@marketplace/platform';
import { stateStore } from '../../reference-data/data/states';
import { modelInfo } from '../data/model-cars';
import { estimate } from '../domain/estimator';
import { readGroup } from './compute-insights';

/**
 * The expected range of cars like `q` at `now`.
 * @throws HttpError 400 `model: …` when there is no such model, `state: …` when there is no such state.
 */
export async function valueCar(db: Db, q: ValuationQuery, now = new Date()): Promise<ExpectedPrice> {
  const info = await modelInfo(db, q.model);
  if (!info) throw badRequest('model: no such model');
  let state: string | undefined;
  if (q.state !== undefined) {
    const row = await stateStore.byId(db, q.state);
    if (!row) throw badRequest('state: no such state');
    state = row.name;
  }
  const group = await readGroup(db, info, now);
  const target = { year: q.year, km: q.kmDriven, state };
  const { prices: _prices, ...range } = estimate(target, group.cars, group.depreciation, info.name, now);
  return range;
}
