/**
 * Price insight and valuation (issue 25): `GET /api/cars/{carId}/price-insight` → `{ data: PriceInsight }`
 * (404 when the car is unknown or not for sale), `GET /api/cars/price-bands?ids=` → `{ data: { [carId]: band } }`
 * (the stored bands of a page of cards; cars without a row left out) and `GET /api/valuation?model=&year=&kmDriven=&state=` →
 * `{ data: ExpectedPrice }` (400 naming `model` or `state` when unknown). The insight is the stored row,
 * read alone by its primary key (kept by the consumer `catalog.price-insights`, which deletes the rows of
 * cars sold or removed; the read model's much larger table is not touched, so the insights stay in
 * PostgreSQL's buffers at 100 000 cars: bench/README.md), and its answer is kept in this process's
 * insight cache (../data/insight-cache.ts) until its model is recomputed. So a change shows once the
 * consumer has run and its event has reached the process (a few ms after the listing event). A car without
 * a row yet (a bulk-filled inventory) is looked up in the read model: 404 when unknown or not for sale,
 * else its insight is computed from its model's cars on the spot and stored. The insight and the bands
 * are the same for every visitor: public and cacheable like the other car reads.
 */
import type { PriceInsight } from '@marketplace/contracts';
import { answered, type Db, jsonAnswer, notFound, sendJsonAnswer } from '@marketplace/platform';
import { searchCache } from '../../cars/http/cars';
import type { CatalogHandlers } from '../../handlers';
import type { InsightCache } from '../data/insight-cache';
import { insightStore } from '../data/insights';
import type { PriceInsightRow } from '../data/tables';
import { computeCarInsight } from '../use-cases/compute-insights';
import { valueCar } from '../use-cases/value-car';

/** The API shape of `row`. */
function toPriceInsight(row: PriceInsightRow): PriceInsight {
  return {
    band: row.band,
    price: row.price,
    expectedLow: row.expectedLow,
    expectedHigh: row.expectedHigh,
    median: row.median,
    comparables: row.comparables,
    basis: row.basis,
    prices: row.prices,
  };
}

/** The insight of car `carId` (for sale, without a row yet) computed and stored now. */
async function computeOnTheSpot(db: Db, carId: string): Promise<PriceInsightRow> {
  const car = await insightStore.carWithInsight(db, carId);
  if (car?.status !== 'used') throw notFound('No such car for sale.');
  return computeCarInsight(db, car);
}

/**
 * The handlers of the price insight and the valuation over the catalog's database `db`, the insights'
 * answers kept in `cache`.
 */
export function pricingHandlers(
  db: Db,
  cache: InsightCache,
): CatalogHandlers<'getPriceInsight' | 'getPriceBands' | 'getValuation'> {
  return {
    getPriceBands: {
      before: [searchCache],
      async handle({ query }) {
        return { data: await insightStore.bandsOf(db, query.ids) };
      },
    },
    getPriceInsight: {
      before: [searchCache],
      async handle({ params }, { req, res }) {
        const cached = cache.lookup(params.carId);
        let body = cached.body;
        if (body === undefined) {
          const row =
            (await insightStore.byCar(db, params.carId)) ?? (await computeOnTheSpot(db, params.carId));
          // The same text `res.json({ data })` would send.
          body = jsonAnswer(JSON.stringify({ data: toPriceInsight(row) }));
          cached.store(row.modelId, body);
        }
        sendJsonAnswer(req, res, body);
        return answered;
      },
    },
    async getValuation({ query }) {
      return { data: await valueCar(db, query) };
    },
  };
}
