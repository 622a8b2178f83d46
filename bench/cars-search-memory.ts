/**
 * In-memory search adapter benchmark, without HTTP: `npm run bench:cars-memory -- [--cars 100000]
 * [--queries 2000] [--seed 1]`.
 *
 * Builds the reference data in a throw-away PGlite, generates N demo cars (the catalog's generator,
 * seed `--seed`), loads them into `createMemorySearch`, then runs `--queries` random queries from
 * `cars-queries.ts` (real brand ids, the 80 commonest cities, model names and typos) parsed with
 * `carSearchQuery`, one after another, twice (first pass: word cache cold). Prints searches/s and the
 * mean, p50, p90, p99 and max time of `search()` alone, in ms.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  brands,
  createMemorySearch,
  dataDir,
  generateCars,
  loadSeedData,
  models,
  rtos,
  seedReferenceData,
  states,
  variants,
} from '@marketplace/catalog-service';
import { carSearchQuery } from '@marketplace/contracts';
import { createDatabase } from '@marketplace/platform';
import { carsQueryBuilder } from './cars-queries';

const { values } = parseArgs({
  options: { cars: { type: 'string' }, queries: { type: 'string' }, seed: { type: 'string' } },
});
const cars = Number(values.cars ?? 100_000);
const queries = Number(values.queries ?? 2_000);
const seed = Number(values.seed ?? 1);

const database = await createDatabase();
await database.prepareSchema({
  schema: 'catalog',
  migrationsFolder: fileURLToPath(new URL('../services/catalog/migrations', import.meta.url)),
});
await seedReferenceData(database.db, loadSeedData(dataDir));
const db = database.db;
const reference = {
  brands: await db.select().from(brands),
  models: await db.select().from(models),
  variants: await db.select().from(variants),
  rtos: await db.select().from(rtos),
  states: await db.select().from(states),
};
await database.close();

const docs = [...generateCars({ ...reference, count: cars, seed })];
const search = createMemorySearch();
let t = performance.now();
await search.loadFrom([docs]);
console.log(
  `loaded ${cars} cars, views and their indexes built, in ${(performance.now() - t).toFixed(0)} ms`,
);

const cityCounts = new Map<string, number>();
for (const d of docs) cityCounts.set(d.car.location.city, (cityCounts.get(d.car.location.city) ?? 0) + 1);
const cities = [...cityCounts]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 80)
  .map(([c]) => c);
const next = carsQueryBuilder(
  {
    brandIds: reference.brands.map((b) => b.id),
    cities,
    terms: [
      ...reference.models.map((m) => m.name.toLowerCase()).slice(0, 200),
      ...cities.slice(0, 10).map((c) => c.toLowerCase()),
      'maruti swift',
      'hyundai creta',
      'hundai',
      'cretta',
      'maruthi',
      'nexn',
    ],
  },
  seed,
);
const parsed = Array.from({ length: queries }, () => {
  const url = new URL(next(), 'http://x');
  return carSearchQuery.parse(Object.fromEntries(url.searchParams));
});

// A write marks its car stale in the orders (no rebuild): the first search of each sort after it.
await search.upsert(docs[0]!);
for (const sort of ['newest', 'price_asc', 'price_desc', 'km_asc'] as const) {
  const s = performance.now();
  await search.search({ ...carSearchQuery.parse({}), sort });
  console.log(`first ${sort} search after a write: ${(performance.now() - s).toFixed(1)} ms`);
}

for (const pass of ['first pass (word cache cold)', 'second pass']) {
  const times: number[] = [];
  t = performance.now();
  for (const q of parsed) {
    const s = performance.now();
    await search.search(q);
    times.push(performance.now() - s);
  }
  const total = performance.now() - t;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  console.log(
    `${pass}: ${Math.round((queries / total) * 1000)} searches/s, mean ${(total / queries).toFixed(2)} ms, ` +
      `p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${times.at(-1)!.toFixed(2)} ms`,
  );
}
