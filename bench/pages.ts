/**
 * Server-rendered pages against the API search (issue 47 "Acceptance"): `npm run bench:pages -- [--cars 100000]
 * [--connections 16] [--duration 20] [--queries 2000] [--cold-queries 10000] [--pages 500] [--cold-pages 500]
 * [--car-pages 1000] [--seed 1] [--only embedded|distributed]`.
 *
 * Runs both modes, embedded then distributed (`--only` one of them), each started and seeded as the other
 * benchmarks do (systems.ts: the embedded system on PGlite in a temp DATA_DIR, here with the built front ends;
 * the distributed one through the launcher on the local PostgreSQL, RabbitMQ and Redis, isolated; `--cars`
 * demo cars seeded, then a restart), and measures through the gateway's one port, with autocannon in a child
 * process (cars-search-load.ts, so the load generator does not share the server's event loop) at
 * `--connections` connections, six phases in this order:
 *
 * 1. **API search, warm**: `GET /api/cars?<filters>` over `--queries` (2 000) random filter combinations
 *    (cars-queries.ts: the product's brands, cities, models and enumerations), each requested once first (not
 *    measured), then over and over for `--duration` seconds;
 * 2. **API search, cold**: `--cold-queries` (10 000) other combinations, each once;
 * 3. **listing pages, warm**: `GET /buy-a-car?<filters>` in the listing's own URL format (pages-plan.ts
 *    `listingPath`: mfe-catalog's `filterQuery`, the API's parameter names) over `--pages` (500) other
 *    combinations, one pass first, then over and over for `--duration` seconds;
 * 4. **listing pages, cold**: `--cold-pages` (500) other combinations, each once;
 * 5. **car pages, cold**: `GET /car-details/<id>` for `--car-pages` (1 000) distinct cars for sale, each once;
 * 6. **car pages, warm**: the same cars again, over and over for `--duration` seconds.
 *
 * No two phases request the same search. Pages are requested as a browser does (`Accept: text/html`,
 * `Accept-Encoding: br, gzip`), the API as the front end's calls are (`Accept: application/json`, the same
 * encodings); each mode first checks that a listing and a car page come server-rendered (not the
 * client-rendered fallback). Prints per phase req/s (answers ÷ the run's seconds), p50/p99 latency, non-2xx
 * answers, failed requests and the mean answer size, for each page phase its ratios to the API phase of its
 * kind, and MET/MISSED per target and mode, then summary tables of both modes.
 *
 * Targets (issue 47), per mode: warm listing pages and warm car pages ≥ 0.5× the warm API search rate; cold
 * car pages ≥ 0.5× and cold listing pages ≥ 0.25× the cold API search rate; each page phase's p99 ≤ 4× its
 * API phase's p99; no non-2xx answer (and no failed request).
 */
import { parseArgs } from 'node:util';
import { DEMO_SEED, mulberry32 } from '@marketplace/catalog-service';
import { queryRows } from '@marketplace/platform';
import type { Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryVocabulary } from './cars-queries';
import { intArg, type LoadSettings, runLoad } from './cars-search-load';
import {
  checkTargets,
  PAGE_TARGETS,
  PHASE_LABELS,
  PHASES,
  type PhaseFigures,
  type PhaseId,
  phaseQueries,
  pickDistinct,
  ratio,
  type TargetCheck,
} from './pages-plan';
import { type BenchSystem, distributedSystem, embeddedSystem, seedCars } from './systems';

/** What a browser sends for a page (issue 47). */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
/** What the front end's calls send for the API search. */
const API_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
/** Seconds a run of "each once" may take before its load generator is stopped. */
const ONCE_LIMIT_S = 1800;
/** In a server-rendered page (the shell's page data, shell/src/app/ssr/page-data.ts); not in the fallback. */
const SERVER_RENDERED_MARK = 'id="ssr-data"';

const MODES = ['embedded', 'distributed'] as const;
type Mode = (typeof MODES)[number];

const { values } = parseArgs({
  options: {
    cars: { type: 'string' },
    connections: { type: 'string' },
    duration: { type: 'string' },
    queries: { type: 'string' },
    'cold-queries': { type: 'string' },
    pages: { type: 'string' },
    'cold-pages': { type: 'string' },
    'car-pages': { type: 'string' },
    seed: { type: 'string' },
    only: { type: 'string' },
  },
});
const cars = intArg('cars', values.cars, 100_000);
const connections = Math.max(1, intArg('connections', values.connections, 16));
const duration = Math.max(1, intArg('duration', values.duration, 20));
const counts = {
  apiWarm: Math.max(1, intArg('queries', values.queries, 2000)),
  apiCold: Math.max(1, intArg('cold-queries', values['cold-queries'], 10_000)),
  listingWarm: Math.max(1, intArg('pages', values.pages, 500)),
  listingCold: Math.max(1, intArg('cold-pages', values['cold-pages'], 500)),
};
const carPages = Math.max(1, intArg('car-pages', values['car-pages'], 1000));
const seed = intArg('seed', values.seed, DEMO_SEED);
if (values.only !== undefined && !MODES.includes(values.only as Mode))
  throw new Error(`--only must be embedded or distributed, got ${values.only}`);
const modes: readonly Mode[] = values.only ? [values.only as Mode] : MODES;

/** A phase's figures and the mean answer size. */
interface Measured extends PhaseFigures {
  /** Mean bytes of a 2xx answer as sent (compressed). */
  bytes: number;
  seconds: number;
}

function figures(result: Result): Measured {
  const answered = result.requests.total;
  return {
    requests: answered,
    rps: result.duration > 0 ? answered / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytes: result['2xx'] > 0 ? result.throughput.total / result['2xx'] : 0,
    seconds: result.duration,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const statuses = (result: Result) =>
  Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}× ${code}`)
    .join(', ');

/** One line of a phase's figures (and, for a page phase, its ratios to its API phase). */
function line(id: PhaseId, m: Measured, api?: Measured): string {
  const ratios = api ? `   ${ratio(m.rps, api.rps)} the API's req/s, p99 ${ratio(m.p99, api.p99)}` : '';
  return (
    `  ${PHASE_LABELS[id].padEnd(20)} ${m.rps.toFixed(0).padStart(6)} req/s   p50 ${m.p50} ms, p99 ${m.p99} ms   ` +
    `non-2xx ${m.non2xx}, failed ${m.errors}   ${kb(m.bytes)}/answer   (${m.requests} in ${m.seconds.toFixed(1)} s)${ratios}`
  );
}

/**
 * Fetches `paths[0]` of each list as a browser would and fails unless it is a server-rendered page: the
 * gateway answers a page it cannot render with the client-rendered index.html, which would measure nothing.
 * @throws Error when a page is not 200 or not server-rendered.
 */
async function assertServerRendered(url: string, paths: string[]): Promise<void> {
  for (const p of paths) {
    const res = await fetch(`${url}${p}`, { headers: PAGE_HEADERS });
    const html = await res.text();
    if (res.status !== 200 || !html.includes(SERVER_RENDERED_MARK))
      throw new Error(
        `${p} answered ${res.status} without a server-rendered page: are the front ends built (npm run build:web)?`,
      );
  }
}

/** Runs the six phases against `system`; their figures. */
async function measure(system: BenchSystem): Promise<Record<PhaseId, Measured>> {
  const { url, db } = system;
  const vocabulary = await queryVocabulary(url, db);
  const queries = phaseQueries(vocabulary, counts, seed);
  const forSale = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM catalog.car_docs WHERE status = 'used' ORDER BY id`,
  );
  const carPaths = pickDistinct(
    forSale.map((c) => c.id),
    carPages,
    mulberry32(seed),
  ).map((id) => `/car-details/${id}`);
  await assertServerRendered(url, [queries.listingWarm[0] as string, carPaths[0] as string]);

  const base: Omit<LoadSettings, 'paths'> = {
    url,
    vocabulary,
    connections,
    duration,
    warmup: 0,
    seed,
  };
  /** Each of `paths` once. */
  const once = async (paths: string[], headers: Record<string, string>) =>
    (await runLoad({ ...base, paths, headers, amount: paths.length, duration: ONCE_LIMIT_S })).result;
  /** `paths` over and over for `--duration` seconds. */
  const repeated = async (paths: string[], headers: Record<string, string>) =>
    (await runLoad({ ...base, paths, headers })).result;
  /** One pass over `paths` (not measured), printed. */
  const pass = async (paths: string[], headers: Record<string, string>) => {
    const r = await once(paths, headers);
    const bad = statuses(r);
    console.log(
      `  (one pass over the ${paths.length} URLs first: ${r.duration.toFixed(1)} s, ${r.non2xx} non-2xx${bad ? ` [${bad}]` : ''}, ${r.errors} failed)`,
    );
  };

  const out = {} as Record<PhaseId, Measured>;
  const record = (id: PhaseId, result: Result) => {
    out[id] = figures(result);
    const api = PAGE_TARGETS.find((t) => t.phase === id)?.api;
    console.log(line(id, out[id], api ? out[api] : undefined));
    const bad = statuses(result);
    if (bad) console.log(`    answers outside 2xx: ${bad}`);
  };
  await pass(queries.apiWarm, API_HEADERS);
  record('apiWarm', await repeated(queries.apiWarm, API_HEADERS));
  record('apiCold', await once(queries.apiCold, API_HEADERS));
  await pass(queries.listingWarm, PAGE_HEADERS);
  record('listingWarm', await repeated(queries.listingWarm, PAGE_HEADERS));
  record('listingCold', await once(queries.listingCold, PAGE_HEADERS));
  record('carCold', await once(carPaths, PAGE_HEADERS));
  record('carWarm', await repeated(carPaths, PAGE_HEADERS));
  return out;
}

/** Starts `mode`'s system with `--cars` cars, seeded and restarted. */
async function start(mode: Mode): Promise<BenchSystem> {
  const fill = async (db: Parameters<typeof seedCars>[0]) => {
    console.log(`  seeded ${cars} cars in ${(await seedCars(db, cars, seed)).toFixed(1)} s`);
  };
  return mode === 'embedded'
    ? embeddedSystem({ prefix: 'bench-pages-', frontEnds: true, fill })
    : distributedSystem({ fill });
}

const mark = (met: boolean) => (met ? 'MET' : 'MISSED');

async function main() {
  console.log(
    `pages benchmark (issue 47): ${cars} cars, ${connections} connections, ${duration} s per warm phase; ` +
      `${counts.apiWarm} warm and ${counts.apiCold} cold searches, ${counts.listingWarm} warm and ` +
      `${counts.listingCold} cold listing pages, ${carPages} car pages; modes: ${modes.join(', ')}`,
  );
  const results: { mode: Mode; phases: Record<PhaseId, Measured>; checks: TargetCheck[] }[] = [];
  for (const mode of modes) {
    console.log('');
    console.log(`${mode}:`);
    const startedAt = performance.now();
    const system = await start(mode);
    try {
      console.log(
        `  system up, seeded and restarted in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
      );
      const phases = await measure(system);
      const checks = checkTargets(phases);
      console.log(`  targets (${mode}):`);
      for (const c of checks) console.log(`    ${mark(c.met).padEnd(6)} ${c.target}: ${c.value}`);
      results.push({ mode, phases, checks });
    } finally {
      await system.stop();
    }
  }

  console.log('');
  console.log(`summary: ${cars} cars, ${connections} connections`);
  console.log('');
  console.log(
    `| phase | ${results.map((r) => `${r.mode}: req/s, p50 / p99, non-2xx + failed`).join(' | ')} |`,
  );
  console.log(`| --- | ${results.map(() => '---').join(' | ')} |`);
  for (const id of PHASES)
    console.log(
      `| ${PHASE_LABELS[id]} | ${results
        .map(
          ({ phases: { [id]: m } }) => `${m.rps.toFixed(0)}, ${m.p50} / ${m.p99} ms, ${m.non2xx + m.errors}`,
        )
        .join(' | ')} |`,
    );
  console.log('');
  console.log(`| target | ${results.map((r) => r.mode).join(' | ')} |`);
  console.log(`| --- | ${results.map(() => '---').join(' | ')} |`);
  for (const [i, c] of (results[0]?.checks ?? []).entries())
    console.log(
      `| ${c.target} | ${results
        .map(({ checks }) => `${checks[i]?.value} ${mark(checks[i]?.met ?? false)}`)
        .join(' | ')} |`,
    );
  const all = results.every((r) => r.checks.every((c) => c.met));
  console.log('');
  console.log(`targets (issue 47), ${modes.join(' and ')}: ${all ? 'MET' : 'MISSED'}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
