/**
 * Random `GET /api/cars` queries for the search benchmark: every filter of issue 5 in random
 * combinations (brand subsets of real brand ids, fuels, gearboxes, body types, price/km/year ranges
 * including open ones, city, sort, pages 1–5, sometimes a search term, some with a typo).
 */

import { mulberry32 } from '@marketplace/catalog-service';
import { type Db, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';

export interface QueryVocabulary {
  /** Real brand ids (from `GET /api/carbrand`). */
  brandIds: string[];
  /** Cities that have cars. */
  cities: string[];
  /** Search terms: model and brand names, cities, a few typos. */
  terms: string[];
}

const FUELS = ['Petrol', 'Diesel', 'Electric', 'Hybrid', 'LPG', 'Other'];
const GEARBOXES = ['Manual', 'Automatic'];
const BODIES = ['Hatchback', 'Sedan', 'SUV', 'MUV', 'Convertible', 'Coupe', 'Pickup'];
const SORTS = ['newest', 'newest', 'newest', 'price_asc', 'price_desc', 'km_asc'];

type Random = () => number;

function subset<T>(random: Random, items: readonly T[], max: number): T[] {
  const n = 1 + Math.floor(random() * max);
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

/** `min-max`, `-max`, `min-` or `-` over `[lo, hi]` with values on `step`. */
function range(random: Random, lo: number, hi: number, step: number): string {
  const a = lo + Math.round((random() * (hi - lo)) / step) * step;
  const b = a + Math.round((random() * (hi - a)) / step) * step;
  const form = random();
  if (form < 0.5) return `${a}-${b}`;
  if (form < 0.75) return `-${b}`;
  if (form < 0.95) return `${a}-`;
  return '-';
}

/** A query-string builder drawing from `vocabulary` with its own PRNG (reproducible for `seed`). */
export function carsQueryBuilder(vocabulary: QueryVocabulary, seed = 1): () => string {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return () => {
    const p = new URLSearchParams();
    if (random() < 0.4) p.set('brands', subset(random, vocabulary.brandIds, 3).join(','));
    if (random() < 0.25) p.set('fuelTypes', subset(random, FUELS, 2).join(','));
    if (random() < 0.2) p.set('transmissions', pick(GEARBOXES));
    if (random() < 0.25) p.set('bodyTypes', subset(random, BODIES, 2).join(','));
    if (random() < 0.35) p.set('price', range(random, 100_000, 3_000_000, 50_000));
    if (random() < 0.2) p.set('kmDriven', range(random, 0, 150_000, 5_000));
    if (random() < 0.2) p.set('years', range(random, 2008, 2026, 1));
    if (random() < 0.2) p.set('city', pick(vocabulary.cities));
    if (random() < 0.15) p.set('searchTerm', pick(vocabulary.terms));
    const sort = pick(SORTS);
    if (sort !== 'newest' || random() < 0.2) p.set('sort', sort);
    p.set('page', String(1 + Math.floor(random() * 5)));
    return `/api/cars?${p.toString()}`;
  };
}

/**
 * The vocabulary of the running system at `baseUrl` (brand ids from `GET /api/carbrand`, which answers
 * `{ data: Brand[] }`) and of its catalog database `db` (the 80 cities with most cars, 200 model names,
 * a few brand/model pairs and typos).
 */
export async function queryVocabulary(baseUrl: string, db: Db): Promise<QueryVocabulary> {
  const brandsRes = await fetch(`${baseUrl}/api/carbrand`);
  const brandIds = ((await brandsRes.json()) as { data: { _id: string }[] }).data.map((b) => b._id);
  const cities = (
    await queryRows<{ city: string }>(
      db,
      sql`SELECT city FROM catalog.car_docs GROUP BY city ORDER BY count(*) DESC LIMIT 80`,
    )
  ).map((r) => r.city);
  const names = (
    await queryRows<{ name: string }>(db, sql`SELECT name FROM catalog.models ORDER BY name LIMIT 200`)
  ).map((r) => r.name.toLowerCase());
  const terms = [
    ...names,
    ...cities.slice(0, 10).map((c) => c.toLowerCase()),
    'maruti swift',
    'hyundai creta',
    'tata nexon',
    'hundai',
    'cretta',
    'maruthi',
    'nexn',
    'mumbay',
  ];
  return { brandIds, cities, terms };
}

/**
 * `count` distinct queries from `vocabulary` (drawn with `seed`; duplicates drawn are skipped), fewer when
 * `count` × 20 draws do not find that many. Two queries are the same when their `key` is (default: the path).
 */
export function distinctQueries(
  vocabulary: QueryVocabulary,
  count: number,
  seed: number,
  key: (path: string) => string = (path) => path,
): string[] {
  const next = carsQueryBuilder(vocabulary, seed);
  const out = new Map<string, string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries++) {
    const path = next();
    const k = key(path);
    if (!out.has(k)) out.set(k, path);
  }
  return [...out.values()];
}
