/**
 * Price insight benchmark (issue 25 "Acceptance": price insight and similar cars under 5 ms p99 at
 * 100 000 cars): `npm run bench:price-insight -- [--cars 100000] [--duration 20]
 * [--connections 4] [--warmup 5] [--seed 1] [--data-dir DIR] [--distributed]`.
 *
 * Starts the embedded system (PGlite, in-process bus, in-memory cache) on a loopback port, or with
 * `--distributed` the distributed system through the launcher on the local PostgreSQL, RabbitMQ and Redis
 * (isolated as bench:cars-distributed is, removed afterwards); bulk-fills N demo cars (no events, as
 * `npm run seed` does), computes every car's price insight in bulk (`computeAllPriceInsights`, timed: the
 * one-off cost after a bulk fill; events keep them current after that), restarts the catalog, and asks
 * once for the insights and similar cars of 20 000 random cars for sale (the cars visitors of a running
 * catalog have looked at: PostgreSQL's buffers, the insight cache and the search pages' cache hold them).
 * Then, per endpoint (`GET /api/cars/{id}/price-insight`, `GET /api/cars/{id}/similar`) over those ids, a
 * load generator in a child process, on a CPU of its own where the machine has two or more (the system
 * under test keeps the others), sending `Accept-Encoding` as browsers do:
 *
 * - **saturation**: autocannon, `--connections` connections, each sending its next request when answered:
 *   the most requests a second the system serves (its latency there is queueing, reported, not the target);
 * - **operating load**: a steady share of that rate, open loop (steady-load.ts: requests leave on a timer
 *   whatever the answers do), the most a replica serves for long before the autoscaler adds one, read from
 *   the manifests (operating-load.ts: the HPA's CPU target is a share of the CPU request, 0.7 × 200m of one
 *   CPU = 14 %; the embedded system at the same share): the p99 the target is about;
 * - the same at {@link HEAVIER_LOADS} of saturation, to show where the tail starts;
 * - the operating load over 20 000 other cars never asked for (an insight's database read, a similar cars'
 *   searches).
 *
 * In distributed mode all of this runs through the gateway, and again straight to a catalog replica at the
 * shares of its own saturation: the target is judged on the replica (docs/adr/0021), the gateway hop is
 * reported. Between runs it waits until the system answers promptly again ({@link settle}). Prints req/s,
 * p50/p90/p99 (ms) and errors per run, how busy the system's CPUs were and how much of them the host took
 * (steal.ts), the answering process's garbage collections (gc-metrics.ts), and whether p99 < 5 ms holds at
 * the operating load. Each run at the operating load follows a run of a bare server at the same rate
 * (machine-floor.ts); one that misses when the machine could not have met the target either (the bare server
 * missed it, or the host took over 1 % of the system's CPU time) is run again, up to three times, and the
 * target is NOT JUDGED when none was undisturbed.
 */
import os from 'node:os';
import { computeAllPriceInsights, DEMO_SEED, mulberry32 } from '@marketplace/catalog-service';
import { type Db, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { embeddedBenchArgs, runLoad } from './cars-search-load';
import { describeGc, gcBetween, scrapeGcTotals } from './gc-metrics';
import { reserveLoadCpu } from './load-child';
import { startFloorServer } from './machine-floor';
import { catalogOperatingShare } from './operating-load';
import { BROWSER_HEADERS, runSteadyLoad } from './steady-load';
import { stealBudgetMs } from './steal';
import { distributedSystem, embeddedSystem, seedCars } from './systems';

const TARGET_P99_MS = 5;
const IDS = 20_000;
/** The share of the saturation rate a replica serves for long (operating-load.ts, from infra/k8s/base). */
const OPERATING = catalogOperatingShare();
/** Heavier steady loads also measured (shares of saturation), to show where the tail starts to grow. */
const HEAVIER_LOADS = [0.25, 0.5, 0.7] as const;
/** Attempts at most at the operating load while the machine disturbs them (machine-floor.ts, steal.ts). */
const VERDICT_ATTEMPTS = 3;
/** Concurrent requests of the warm-up that asks for each car's insight once. */
const WARM_CONCURRENCY = 8;

const {
  cars,
  duration,
  connections,
  warmup,
  seed,
  dataDir: keep,
  distributed,
} = embeddedBenchArgs({
  connections: 4,
  seed: DEMO_SEED,
});

/** A verdict run's outcome: `not judged` when the machine could not have met the target either. */
type Verdict = 'met' | 'missed' | 'not judged';

/** The benchmark's verdict from its verdict runs': MISSED if one missed, else NOT JUDGED if one was not judged. */
function verdictOf(verdicts: Verdict[]): string {
  if (verdicts.includes('missed')) return 'MISSED';
  if (verdicts.includes('not judged'))
    return "NOT JUDGED on this machine (a bare server missed it too, or the host took the system's CPU)";
  return 'MET';
}

const ms = (x: number) => `${x.toFixed(2)} ms`;
const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * Waits until the process at `target` answers `GET /healthz` promptly again: three answers in a row under
 * {@link TARGET_P99_MS} ms, 100 ms apart, for at most 60 s. A run that overloads it (the cars never asked
 * for: a database read each) leaves a backlog that must not count in the next run.
 * @throws Error when it is still slow after 60 s.
 */
async function settle(target: string): Promise<void> {
  const until = performance.now() + 60_000;
  let prompt = 0;
  while (prompt < 3) {
    if (performance.now() > until) throw new Error(`${target} still slow 60 s after a run`);
    const start = performance.now();
    await (await fetch(`${target}/healthz`)).arrayBuffer();
    prompt = performance.now() - start < TARGET_P99_MS ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** Seeds `cars` demo cars unless the database holds them (a kept `--data-dir`), and computes the missing price insights in bulk. */
async function fill(db: Db): Promise<void> {
  console.log(`seeding: ${(await seedCars(db, cars, seed)).toFixed(1)} s`);
  const [have] = await queryRows<{ rows: number; used: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM catalog.price_insights) AS rows,
          (SELECT count(*)::int FROM catalog.car_docs WHERE status = 'used') AS used`,
  );
  if ((have?.rows ?? 0) < (have?.used ?? 1)) {
    const computeStart = performance.now();
    const rows = await computeAllPriceInsights(db);
    console.log(`bulk price insights: ${rows} cars in ${secondsSince(computeStart)} s`);
  }
}

async function main() {
  // Before the system starts, so its processes inherit the other CPUs.
  const loadCpu = reserveLoadCpu();
  const systemCpus = Array.from({ length: loadCpu ?? os.availableParallelism() }, (_, i) => i);
  console.log(
    `price insight benchmark (${distributed ? 'distributed' : 'embedded'}): ${cars} cars, ${duration} s at ${connections} connections`,
  );
  console.log(
    loadCpu === undefined
      ? 'load generator: on the same CPUs as the system (one CPU, or no taskset)'
      : `load generator: CPU ${loadCpu}; the system under test: CPU${loadCpu > 1 ? `s 0-${loadCpu - 1}` : ' 0'}`,
  );
  const { request, limit, target, share } = OPERATING;
  console.log(
    `operating load: ${percent(share)} of saturation (CPU request ${request} × HPA target ${percent(target)} ÷ limit ${limit}, infra/k8s/base)`,
  );
  const system = distributed
    ? await distributedSystem({ fill })
    : await embeddedSystem({ dataDir: keep, prefix: 'bench-price-', fill });
  try {
    const { url, db } = system;
    const forSale = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM catalog.car_docs WHERE status = 'used' ORDER BY id`,
    );
    const random = mulberry32(seed);
    const pick = () => forSale[Math.floor(random() * forSale.length)]!.id;
    const ids = Array.from({ length: IDS }, pick);
    const asked = new Set(ids);
    const unasked = forSale.map((c) => c.id).filter((id) => !asked.has(id));
    const coldIds = Array.from(
      { length: Math.min(IDS, unasked.length) },
      () => unasked.splice(Math.floor(random() * unasked.length), 1)[0]!,
    );
    // Visitors have looked at these cars: their insights are in PostgreSQL's buffers and the insight cache,
    // their similar cars in the search pages' cache.
    const warmStart = performance.now();
    const warmPaths = ids.flatMap((id) => [`/api/cars/${id}/price-insight`, `/api/cars/${id}/similar`]);
    let next = 0;
    await Promise.all(
      Array.from({ length: WARM_CONCURRENCY }, async () => {
        while (next < warmPaths.length) {
          const res = await fetch(`${url}${warmPaths[next++]}`, { headers: BROWSER_HEADERS });
          if (!res.ok) throw new Error(`warm-up: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    console.log(`asked for ${ids.length} insights and similar cars once in ${secondsSince(warmStart)} s`);
    const [bands] = await queryRows<{ known: number; all: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE band <> 'unknown')::int AS known, count(*)::int AS "all" FROM catalog.price_insights`,
    );
    console.log(`insights with a band: ${bands?.known} of ${bands?.all}`);

    const verdicts: Verdict[] = [];
    const floor = await startFloorServer();
    const saturation = async (title: string, paths: string[], target: string) => {
      const { result } = await runLoad({
        url: target,
        vocabulary: { brandIds: [], cities: [], terms: [] },
        duration,
        warmup,
        connections,
        seed,
        paths,
        headers: BROWSER_HEADERS,
        cpu: loadCpu,
      });
      await settle(target);
      const { p50, p90, p99, max } = result.latency;
      console.log(`  ${title}`);
      console.log(
        `    ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s; ` +
          `p50 ${ms(p50)}, p90 ${ms(p90)}, p99 ${ms(p99)}, max ${ms(max)}; ` +
          `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
      );
      return result.requests.average;
    };
    /** One steady run at `rate`, printed; its result. */
    const steadyRun = async (title: string, paths: string[], rate: number, target: string) => {
      const gcBefore = await scrapeGcTotals(target);
      const r = await runSteadyLoad({ url: target, paths, rate, duration, cpu: loadCpu, systemCpus });
      const gcAfter = await scrapeGcTotals(target);
      await settle(target);
      const ok = r.p99 < TARGET_P99_MS && r.errors === 0;
      const { stealMs, busyMs, wallMs } = r.cpu;
      const overBudget = stealMs !== undefined && stealMs > stealBudgetMs(wallMs, systemCpus.length);
      console.log(`  ${title}`);
      console.log(
        `    ${r.requests} requests, ${r.rps} req/s; p50 ${ms(r.p50)}, p90 ${ms(r.p90)}, p99 ${ms(r.p99)}, ` +
          `max ${ms(r.max)}; ${r.errors} errors; p99 < ${TARGET_P99_MS} ms, no errors: ${ok ? 'yes' : 'no'}`,
      );
      if (stealMs !== undefined && busyMs !== undefined)
        console.log(
          `    system CPU${systemCpus.length > 1 ? 's' : ''} ${systemCpus.join(',')}: busy ${percent(busyMs / wallMs / systemCpus.length)}, ` +
            `taken by the host ${Math.round(stealMs)} ms${overBudget ? ' (over the 1 % a p99 allows)' : ''}`,
        );
      if (gcBefore && gcAfter && Object.keys(gcBefore).length > 0)
        console.log(
          `    garbage collections of the process at ${target}: ${describeGc(gcBetween(gcBefore, gcAfter))}`,
        );
      return { ok, overBudget };
    };
    /**
     * A steady run; `verdict` → it counts for the target (the operating load). Each verdict run follows a run
     * of the machine's floor at the same rate (machine-floor.ts). A verdict run that misses is repeated, up to
     * {@link VERDICT_ATTEMPTS} runs, when the machine could not have met the target either: the floor missed
     * it, or the host took more of the system's CPUs than a p99 allows (steal.ts). When every attempt is so
     * disturbed, the target is not judged on this machine.
     */
    const steady = async (title: string, paths: string[], rate: number, verdict: boolean, target = url) => {
      if (!verdict) {
        await steadyRun(title, paths, rate, target);
        return;
      }
      for (let attempt = 1; attempt <= VERDICT_ATTEMPTS; attempt++) {
        const run = attempt > 1 ? `, run ${attempt}` : '';
        const machine = await steadyRun(
          `the machine's floor (a bare server), ${rate} req/s${run}`,
          ['/'],
          rate,
          floor.origin,
        );
        const { ok, overBudget } = await steadyRun(`${title}${run}`, paths, rate, target);
        const disturbed = !machine.ok || overBudget;
        if (ok || !disturbed) {
          verdicts.push(ok ? 'met' : 'missed');
          return;
        }
      }
      verdicts.push('not judged');
    };
    // Each answering process: the embedded system, or in distributed mode the gateway (what a visitor's
    // request goes through) and a catalog replica on its own (what the target is about, docs/adr/0021).
    const targets = system.catalogUrl
      ? [
          { title: 'through the gateway', target: url, verdict: false },
          { title: 'a catalog replica, straight to it', target: system.catalogUrl, verdict: true },
        ]
      : [{ title: 'the embedded system', target: url, verdict: true }];
    for (const [name, suffix] of [
      ['price insight', 'price-insight'],
      ['similar cars', 'similar'],
    ] as const) {
      const paths = (list: string[]) => list.map((id) => `/api/cars/${id}/${suffix}`);
      console.log('');
      console.log(`${name}: GET /api/cars/{id}/${suffix}`);
      let coldRate = 0;
      for (const { title, target, verdict } of targets) {
        console.log(` ${title}`);
        const most = await saturation(`saturation, ${connections} connections`, paths(ids), target);
        const rateAt = (share: number) => Math.round(most * share);
        const rate = rateAt(OPERATING.share);
        const operating = `operating load, ${rate} req/s (${percent(OPERATING.share)})`;
        await steady(operating, paths(ids), rate, verdict, target);
        for (const share of HEAVIER_LOADS) {
          await steady(
            `${percent(share)} load, ${rateAt(share)} req/s`,
            paths(ids),
            rateAt(share),
            false,
            target,
          );
        }
        if (coldRate === 0) coldRate = rate;
      }
      // Through the first target (the gateway in distributed mode) at its operating load, once: a car asked
      // for is cached afterwards.
      // A small inventory (--cars below about 25 000) has no car left that was not asked for.
      if (coldIds.length > 0)
        await steady(`${coldRate} req/s, cars never asked for`, paths(coldIds), coldRate, false);
    }
    console.log('');
    await floor.stop();
    console.log(`target at the operating load: ${verdictOf(verdicts)}`);
  } finally {
    await system.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
