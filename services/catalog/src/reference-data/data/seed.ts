/**
 * Seeds the reference data from the data files: states, RTO offices, brands (with their monogram logos),
 * models and variants. Idempotent: rows that exist (by their natural keys) are left alone.
 */
import { type Db, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { cleanFeatures } from '../domain/rules';
import type { SeedData } from './seed-data';
import { brands, models, rtos, states, variants } from './tables';

const BATCH = 500;

async function insertBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH));
}

/** Inserts what is missing of `data`; resolves to the row counts per kind afterwards. @throws the database's errors. */
export async function seedReferenceData(db: Db, data: SeedData) {
  await insertBatches(data.states, (batch) =>
    db
      .insert(states)
      .values(batch.map((s) => ({ name: s.state, prefix: s.prefix ?? null, kind: s.kind })))
      .onConflictDoNothing(),
  );
  const stateIds = new Map((await db.select().from(states)).map((s) => [s.prefix, s.id]));
  await insertBatches(
    data.rtos.filter((r) => stateIds.has(r.prefix)),
    (batch) =>
      db
        .insert(rtos)
        .values(batch.map((r) => ({ stateId: stateIds.get(r.prefix)!, city: r.city, code: r.code })))
        .onConflictDoNothing(),
  );
  await insertBatches(data.brands, (batch) =>
    db
      .insert(brands)
      .values(
        batch.map((b) => ({
          name: b.name,
          country: b.country,
          founded: b.founded,
          website: b.website ?? null,
          logoKey: `seed:${b.slug}.svg`,
        })),
      )
      .onConflictDoNothing(),
  );
  const brandIds = new Map(
    (await db.select({ id: brands.id, name: brands.name }).from(brands)).map((b) => [b.name, b.id]),
  );
  await insertBatches(
    data.models.filter((m) => brandIds.has(m.brand)),
    (batch) =>
      db
        .insert(models)
        .values(
          batch.map((m) => ({
            brandId: brandIds.get(m.brand)!,
            name: m.name,
            year: m.year,
            yearTo: m.yearTo ?? null,
            bodyType: m.bodyType,
            fuelTypes: m.fuelType,
            transmissions: m.transmission,
          })),
        )
        .onConflictDoNothing(),
  );
  const modelIds = new Map(
    (await db.select({ id: models.id, name: models.name, brandId: models.brandId }).from(models)).map((m) => [
      `${m.brandId}/${m.name}`,
      m.id,
    ]),
  );
  const variantRows = data.variants.flatMap((v) => {
    const brandId = brandIds.get(v.brand);
    const modelId = brandId && modelIds.get(`${brandId}/${v.model}`);
    if (!brandId || !modelId) return [];
    const features = cleanFeatures(v.features);
    return [
      {
        modelId,
        brandId,
        name: v.name,
        fuelType: v.fuelType,
        transmission: v.transmission,
        features,
        description: v.description ?? null,
      },
    ];
  });
  await insertBatches(variantRows, (batch) => db.insert(variants).values(batch).onConflictDoNothing());
  const [counts] = await queryRows<Record<'states' | 'rtos' | 'brands' | 'models' | 'variants', number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM catalog.states) AS states, (SELECT count(*)::int FROM catalog.rtos) AS rtos,
      (SELECT count(*)::int FROM catalog.brands) AS brands, (SELECT count(*)::int FROM catalog.models) AS models,
      (SELECT count(*)::int FROM catalog.variants) AS variants`,
  );
  return counts;
}
