/**
 * Open-loop load at a steady rate, as independent visitors make it: requests leave on a timer whatever the
 * answers do (loadtest's `requestsPerSecond`), so a server pause delays every request that arrives during
 * it and each one's latency counts from when it should have left. autocannon's `overallRate` is not this:
 * each connection sends its quota for the second back to back and then waits (a burst a second), and its
 * coordinated-omission correction fills in samples at whole-millisecond steps whatever the rate.
 *
 * Run as a child process (`runSteadyLoad`), on a CPU of its own where the machine has one to spare
 * ({@link reserveLoadCpu}): the client must not share the server's cores, as a visitor's browser does not.
 * The parent sends the {@link SteadyLoadSettings} as the first IPC message (a list of paths outgrows argv).
 */
import { execFileSync, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type LoadTestOptions, type LoadTestResult, loadTest } from 'loadtest';

/** What browsers send (Chromium's `Accept-Encoding`): answers are measured compressed, as visitors get them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' } as const;

export interface SteadyLoadSettings {
  /** Origin, e.g. `http://127.0.0.1:4000`. */
  url: string;
  /** Requested in turn, one per request. */
  paths: string[];
  /** Requests a second, sent whatever the answers do. */
  rate: number;
  /** Measured seconds. */
  duration: number;
  /** Request headers (default {@link BROWSER_HEADERS}). */
  headers?: Record<string, string>;
  /** The CPU the load generator runs on ({@link reserveLoadCpu}); absent → anywhere. */
  cpu?: number;
}

/** A steady run's outcome; latencies in ms, whole (loadtest's histogram floors each request's time). */
export interface SteadyLoadResult {
  requests: number;
  /** Answered requests a second over the run. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Requests that failed: a network error or a status ≥ 400. */
  errors: number;
}

/**
 * Pins this process (every thread, and the processes it starts afterwards) to all CPUs but the last, and
 * returns the last one for the load generator; undefined (nothing pinned) with one CPU or without Linux's
 * `taskset`. A benchmark calls it before starting the system under test.
 */
export function reserveLoadCpu(): number | undefined {
  const cpus = os.availableParallelism();
  if (cpus < 2) return undefined;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', `0-${cpus - 2}`, String(process.pid)], { stdio: 'ignore' });
    return cpus - 1;
  } catch {
    return undefined;
  }
}

/**
 * Runs the steady load of `settings` in a child process and resolves to its result.
 * @throws Error when the child exits before reporting or takes a minute longer than the run.
 */
export function runSteadyLoad(settings: SteadyLoadSettings): Promise<SteadyLoadResult> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send(settings);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        reject(new Error('load generator did not finish in time'));
      },
      (settings.duration + 60) * 1000,
    );
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as SteadyLoadResult);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`load generator exited with ${code} before reporting`));
    });
    child.once('error', reject);
  });
}

/** loadtest 8 resolves a promise when given no callback; its bundled types still describe the callback form. */
const load = loadTest as unknown as (options: LoadTestOptions) => Promise<LoadTestResult>;

/** Pins this process (every thread) to `cpu`, e.g. the one {@link reserveLoadCpu} kept for the load. */
export function pinTo(cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(process.pid)], { stdio: 'ignore' });
}

async function run(settings: SteadyLoadSettings): Promise<SteadyLoadResult> {
  if (settings.cpu !== undefined) pinTo(settings.cpu);
  const { paths } = settings;
  let i = 0;
  const result = await load({
    url: settings.url,
    requestsPerSecond: settings.rate,
    maxSeconds: settings.duration,
    quiet: true,
    agentKeepAlive: true,
    headers: { ...(settings.headers ?? BROWSER_HEADERS) },
    requestGenerator(_params: unknown, options: { path: string }, client: Function, callback: Function) {
      options.path = paths[i++ % paths.length] as string;
      const request = client(options, callback);
      request.end();
      return request;
    },
  } as LoadTestOptions);
  const p = result.percentiles;
  return {
    requests: result.totalRequests,
    rps: result.rps,
    p50: p[50] ?? 0,
    p90: p[90] ?? 0,
    p99: p[99] ?? 0,
    max: result.maxLatencyMs,
    errors: result.totalErrors,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const settings = await new Promise<SteadyLoadSettings>((resolve) =>
    process.once('message', (m) => resolve(m as SteadyLoadSettings)),
  );
  const result = await run(settings);
  process.send?.(result, () => process.exit(0));
}
