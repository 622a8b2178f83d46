/**
 * Load generator of the search benchmarks, run as a child process (`runLoad`) so the client does not share
 * the server's event loop: warms up, then runs autocannon against `GET /api/cars` with a random query per
 * request, or cycling through fixed `paths`, and sends the result to the parent.
 * The parent sends the {@link LoadSettings} as the first IPC message (a list of paths outgrows argv).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@marketplace/platform';
import autocannon, { type Result } from 'autocannon';
import { carsQueryBuilder, type QueryVocabulary } from './cars-queries';
import { runInChild, serveAsChild } from './load-child';

export interface LoadSettings {
  url: string;
  vocabulary: QueryVocabulary;
  /** Measured seconds; with `amount`, the most the run may take (the child is stopped a minute after). */
  duration: number;
  /** Warm-up seconds (not counted). */
  warmup: number;
  connections: number;
  seed: number;
  /** Request these paths in turn (repeated traffic) instead of a fresh random query each time. */
  paths?: string[];
  /**
   * Requests in all, instead of running for `duration`: the run ends when they are answered (`paths.length`
   * → each path once). Its `duration` is then to the next 0.1 s (autocannon stops at a sample tick).
   */
  amount?: number;
  /** Request headers (default none). */
  headers?: Record<string, string>;
  /** The CPU the load generator runs on (load-child.ts `reserveLoadCpu`); absent → anywhere. */
  cpu?: number;
}

/** What the child reports to the parent. */
export interface LoadReport {
  /** Absent when `warmup` was 0. */
  warmup?: Result;
  result: Result;
}

function run(settings: LoadSettings, duration: number, seed: number): Promise<Result> {
  const { paths } = settings;
  let i = 0;
  const nextQuery =
    paths && paths.length > 0
      ? () => paths[i++ % paths.length] as string
      : carsQueryBuilder(settings.vocabulary, seed);
  const { amount } = settings;
  return autocannon({
    url: settings.url,
    connections: amount ? Math.min(settings.connections, amount) : settings.connections,
    ...(amount ? { amount, sampleInt: 100 } : { duration }),
    timeout: 10,
    ...(settings.headers ? { headers: settings.headers } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, method: 'GET', path: nextQuery() }),
      },
    ],
  });
}

/** A benchmark's `--name` argument as a whole number, or `fallback`. @throws Error when given and not a whole number ≥ 0. */
export function intArg(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
  return n;
}

/**
 * Runs the load of `settings` in a child process and resolves to its report (warm-up, then the measured
 * run). @throws Error when the child exits before reporting or takes a minute longer than the run.
 */
export function runLoad(settings: LoadSettings): Promise<LoadReport> {
  return runInChild(import.meta.url, settings, (settings.duration + settings.warmup + 60) * 1000);
}

await serveAsChild(import.meta.url, async (settings: LoadSettings): Promise<LoadReport> => {
  const warmup =
    settings.warmup > 0
      ? await run({ ...settings, amount: undefined }, settings.warmup, settings.seed + 1000)
      : undefined;
  return { warmup, result: await run(settings, settings.duration, settings.seed) };
});

/**
 * The data folder (`--data-dir`, kept; else a new temp folder named `<prefix>…`) and the configuration of
 * an embedded benchmark system: loopback, any free port, silent logs, no rate limit that the load could hit;
 * no front ends (an empty web root) unless `frontEnds`: then the repository's built ones, pages
 * server-rendered as `npm start` serves them.
 */
export function embeddedBenchConfig(
  keep: string | undefined,
  prefix: string,
  { frontEnds = false }: { frontEnds?: boolean | undefined } = {},
) {
  const dataDir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(frontEnds ? {} : { WEB_ROOT: dataDir }),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  return { dataDir, config };
}

/** The options of a benchmark on the embedded system with a seeded inventory. */
export interface EmbeddedBenchArgs {
  /** Demo cars to seed (`--cars`, default 100 000). */
  cars: number;
  /** Measured seconds (`--duration`, default 20, at least 1). */
  duration: number;
  /** Concurrent connections (`--connections`, at least 1). */
  connections: number;
  /** Warm-up seconds (`--warmup`, default 5). */
  warmup: number;
  /** Seed of the demo inventory (`--seed`). */
  seed: number;
  /** `--data-dir`: keeps the seeded database between runs; absent → a temp dir. */
  dataDir: string | undefined;
  /** `--distributed`: the distributed system instead, for the benchmarks that offer it (bench:price-insight). */
  distributed: boolean;
}

/**
 * Reads the command line of a benchmark on the embedded system: `--cars`, `--duration`, `--connections`,
 * `--warmup`, `--seed`, `--data-dir`, `--distributed`, with `defaults` for the connections and the seed.
 * @throws Error when a number is not a whole number ≥ 0, or an option is unknown.
 */
export function embeddedBenchArgs(defaults: { connections: number; seed: number }): EmbeddedBenchArgs {
  const { values } = parseArgs({
    options: {
      cars: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      distributed: { type: 'boolean' },
    },
  });
  return {
    cars: intArg('cars', values.cars, 100_000),
    duration: Math.max(1, intArg('duration', values.duration, 20)),
    connections: Math.max(1, intArg('connections', values.connections, defaults.connections)),
    warmup: intArg('warmup', values.warmup, 5),
    seed: intArg('seed', values.seed, defaults.seed),
    dataDir: values['data-dir'],
    distributed: values.distributed ?? false,
  };
}
