/**
 * The price insights' flows (issue 25): recomputing a model's group — one SQL read of the model's cars,
 * the depreciation fitted in memory (falling back to the body type's segment, one SQL aggregate, then the
 * defaults; domain/depreciation.ts), each car's estimate and band (domain/estimator.ts), one upsert of all
 * the model's rows and the deletion of rows of its cars no longer for sale — the one-car computation of the
 * endpoint for a car without a row yet, and the bulk computation of every model (seeded benchmark
 * inventories). The work of a group is O(n²) in its n cars (each car scans the others), in memory.
 */
import { COMPARABLE_SOLD_DAYS } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { type CarWithInsight, insightStore } from '../data/insights';
import { type ModelInfo, modelCars, modelInfo, segmentSums } from '../data/model-cars';
import type { PriceInsightRow } from '../data/tables';
import { chooseDepreciation, type Depreciation, type FitSums, fitSums } from '../domain/depreciation';
import { bandOf, estimate, type PricedCar } from '../domain/estimator';

const DAY_MS = 86_400_000;

/** Segment sums already read in one run, by body type (the bulk computation reads each once). */
export type SegmentMemo = Map<string, Promise<FitSums | undefined>>;

/** The inputs an insight was computed from: `year|km|price|state`. */
export const fingerprintOf = (car: { year: number; km: number; price: number; state?: string | null }) =>
  `${car.year}|${car.km}|${car.price}|${car.state ?? ''}`;

/** A model group: the model (names, body type), its cars and its depreciation, read at `readAt`. */
export interface Group {
  info: ModelInfo;
  cars: PricedCar[];
  depreciation: Depreciation;
  readAt: Date;
}

/**
 * Reads the group of model `m` at `now`: its cars for sale and sold within COMPARABLE_SOLD_DAYS, and its
 * depreciation (a model missing from the reference data is named "cars of this model").
 */
export async function readGroup(
  db: Db,
  m: { modelId: string; brandId: string },
  now: Date,
  memo: SegmentMemo = new Map(),
): Promise<Group> {
  const info = (await modelInfo(db, m.modelId)) ?? { ...m, name: 'cars of this model', bodyType: null };
  const readAt = new Date();
  const cars = await modelCars(db, info, new Date(now.getTime() - COMPARABLE_SOLD_DAYS * DAY_MS));
  const depreciation = await chooseDepreciation(fitSums(cars), () => {
    const bodyType = info.bodyType;
    if (!bodyType) return Promise.resolve(undefined);
    const known = memo.get(bodyType);
    if (known) return known;
    const sums = segmentSums(db, bodyType);
    memo.set(bodyType, sums);
    return sums;
  });
  return { info, cars, depreciation, readAt };
}

/** The insight row of `car` (for sale) in `group` at `now`. */
function rowOf(group: Group, car: PricedCar, now: Date): PriceInsightRow {
  const e = estimate(car, group.cars, group.depreciation, group.info.name, now);
  return {
    carId: car.id,
    modelId: group.info.modelId,
    brandId: group.info.brandId,
    band: bandOf(car.price, e),
    price: car.price,
    expectedLow: e.expectedLow,
    expectedHigh: e.expectedHigh,
    median: e.median,
    comparables: e.comparables,
    basis: e.basis,
    prices: e.prices,
    fingerprint: fingerprintOf(car),
    updatedAt: group.readAt,
  };
}

/**
 * Recomputes every insight of model `m` (brand `m.brandId`) at `now`: upserts the rows of its cars for
 * sale, deletes those of its cars no longer for sale. Resolves to the number of rows written.
 */
export async function recomputeModel(
  db: Db,
  m: { modelId: string; brandId: string },
  now = new Date(),
  memo?: SegmentMemo,
): Promise<number> {
  const group = await readGroup(db, m, now, memo);
  const rows = group.cars.filter((c) => c.status === 'used').map((c) => rowOf(group, c, now));
  await insightStore.upsertMany(db, rows);
  await insightStore.deleteOthers(
    db,
    m.modelId,
    rows.map((r) => r.carId),
    group.readAt,
  );
  return rows.length;
}

/**
 * The insight of `car` (for sale, without a row yet) computed now from its model's cars, and stored
 * (unless a newer row was stored meanwhile).
 */
export async function computeCarInsight(
  db: Db,
  car: CarWithInsight,
  now = new Date(),
): Promise<PriceInsightRow> {
  const group = await readGroup(db, car, now);
  const priced: PricedCar = {
    id: car.id,
    price: car.price,
    year: car.year,
    km: car.km,
    state: car.state ?? undefined,
    status: 'used',
  };
  const row = rowOf(group, priced, now);
  await insightStore.upsertMany(db, [row]);
  return row;
}

/** Options of {@link computeAllPriceInsights}. */
export interface ComputeAllOptions {
  /** Called after each model with the models and rows done so far. */
  onProgress?: (done: { models: number; of: number; rows: number }) => void;
}

/**
 * Computes the price insight of every car for sale, model by model (each body type's segment sums read at
 * most once), e.g. after a bulk fill of a benchmark inventory that announced nothing. Resolves to the
 * number of rows written.
 */
export async function computeAllPriceInsights(db: Db, opts: ComputeAllOptions = {}): Promise<number> {
  const modelList = await insightStore.modelsForSale(db);
  const memo: SegmentMemo = new Map();
  const now = new Date();
  let rows = 0;
  let done = 0;
  for (const m of modelList) {
    rows += await recomputeModel(db, m, now, memo);
    opts.onProgress?.({ models: ++done, of: modelList.length, rows });
  }
  // Fresh planner statistics (PGlite runs no autovacuum/autoanalyze).
  await insightStore.analyze(db);
  return rows;
}
