/**
 * What the estimator reads from the catalog (issue 25): a model's cars from the read model
 * `catalog.car_docs` (one query per model: its cars for sale and those sold since a date, each with price in
 * rupees, year, km, state name and, for a sold car, its last change — the listing's `updatedAt` from
 * `car_versions`, else when it was listed — as its sale date), the model's names and body type from the
 * reference data, and the OLS sums of a body type's cars for sale as one SQL aggregate (the segment
 * fallback of the depreciation).
 */
import { type Db, queryRows } from '@marketplace/platform';
import { eq, sql } from 'drizzle-orm';
import { isUuid } from '../../data/schema';
import { brands, models } from '../../reference-data/data/tables';
import type { FitSums } from '../domain/depreciation';
import type { PricedCar } from '../domain/estimator';

/** A model as the estimator names it. */
export interface ModelInfo {
  modelId: string;
  brandId: string;
  /** "Maruti Suzuki Swift". */
  name: string;
  bodyType: string | null;
}

/** Model `modelId` with its brand, or undefined when there is no such model (or `modelId` is no UUID). */
export async function modelInfo(db: Db, modelId: string): Promise<ModelInfo | undefined> {
  if (!isUuid(modelId)) return undefined;
  const [row] = await db
    .select({
      modelId: models.id,
      brandId: models.brandId,
      model: models.name,
      brand: brands.name,
      bodyType: models.bodyType,
    })
    .from(models)
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(eq(models.id, modelId))
    .limit(1);
  if (!row) return undefined;
  return {
    modelId: row.modelId,
    brandId: row.brandId,
    name: `${row.brand} ${row.model}`,
    bodyType: row.bodyType,
  };
}

interface CarRow {
  id: string;
  price: string | number;
  year: number;
  km: number;
  status: string;
  state: string | null;
  changed_at: string | Date;
}

/**
 * The cars of model `m` (brand `m.brandId`: the filter lets the brand index narrow the scan) for sale, or
 * sold at or after `soldSince`.
 */
export async function modelCars(db: Db, m: Pick<ModelInfo, 'modelId' | 'brandId'>, soldSince: Date) {
  const rows = await queryRows<CarRow>(
    db,
    sql`SELECT d.id, d.price, d.manufacturer_year AS year, d.km_driven AS km, d.status,
          d.doc->'location'->>'state' AS state, coalesce(v.updated_at, d.created_at) AS changed_at
        FROM catalog.car_docs d LEFT JOIN catalog.car_versions v ON v.id = d.id
        WHERE d.brand_id = ${m.brandId} AND d.model_id = ${m.modelId}
          AND (d.status = 'used'
            OR (d.status = 'sold' AND coalesce(v.updated_at, d.created_at) >= ${soldSince.toISOString()}))`,
  );
  return rows.map(
    (r): PricedCar => ({
      id: r.id,
      price: Number(r.price),
      year: r.year,
      km: r.km,
      state: r.state ?? undefined,
      status: r.status === 'sold' ? 'sold' : 'used',
      ...(r.status === 'sold' ? { soldAt: new Date(r.changed_at) } : {}),
    }),
  );
}

/** The OLS sums of ln(price) on (year, km) over the cars for sale of body type `bodyType`. */
export async function segmentSums(db: Db, bodyType: string): Promise<FitSums | undefined> {
  const [row] = await queryRows<Record<keyof FitSums, number | string | null>>(
    db,
    sql`SELECT count(*)::int AS "n",
          sum(manufacturer_year::float8) AS "sumYear", sum(km_driven::float8) AS "sumKm",
          sum(ln(price::float8)) AS "sumY",
          sum(manufacturer_year::float8 * manufacturer_year) AS "sumYear2",
          sum(km_driven::float8 * km_driven) AS "sumKm2",
          sum(manufacturer_year::float8 * km_driven) AS "sumYearKm",
          sum(manufacturer_year * ln(price::float8)) AS "sumYearY",
          sum(km_driven * ln(price::float8)) AS "sumKmY"
        FROM catalog.car_docs WHERE body_type = ${bodyType} AND status = 'used' AND price > 0`,
  );
  if (!row) return undefined;
  const out = {} as FitSums;
  for (const key of Object.keys(row) as Array<keyof FitSums>) out[key] = Number(row[key] ?? 0);
  return out;
}
