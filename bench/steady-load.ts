/**
 * Open-loop load at a steady rate, as independent visitors make it: requests leave on a timer whatever the
 * answers do (loadtest's `requestsPerSecond`), so a server pause delays every request that arrives during
 * it and each one's latency counts from when it should have left. autocannon's `overallRate` is not this:
 * each connection sends its quota for the second back to back and then waits (a burst a second), and its
 * coordinated-omission correction fills in samples at whole-millisecond steps whatever the rate.
 *
 * Requests go through one pool of at most {@link UPSTREAM_MAX_SOCKETS} kept-open connections, as a
 * service's requests come from the gateway (gateway/src/proxy.ts) and the gateway's from an ingress: a
 * request that finds every connection busy waits in the client, its wait counted. loadtest's own clients
 * open a connection for every request sent while the others are busy, so a 50 ms pause at 6 000 req/s
 * became hundreds of new connections at once; past the server's listen backlog (511) the kernel drops their
 * SYNs and each is retried a second later (`nstat`: TcpExtListenOverflows, TcpExtTCPSynRetrans), which made
 * a p99 of 1–2 s that no real client of a replica would see (2026-11-27, twelfth session).
 *
 * Run as a child process (`runSteadyLoad`), on a CPU of its own where the machine has one to spare
 * (load-child.ts `reserveLoadCpu`): the client must not share the server's cores, as a visitor's browser does not.
 */
import http from 'node:http';
import { type LoadTestOptions, type LoadTestResult, loadTest } from 'loadtest';
import { UPSTREAM_MAX_SOCKETS } from '../gateway/src/proxy';
import { runInChild, serveAsChild } from './load-child';
import { type CpuUse, measureCpu } from './steal';

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
  /** The CPU the load generator runs on (load-child.ts `reserveLoadCpu`); absent → anywhere. */
  cpu?: number;
  /** The CPUs of the system under test, whose stolen and busy time the result reports (steal.ts). */
  systemCpus?: number[];
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
  /** What the host took from `systemCpus` during the run and how busy they were (steal.ts). */
  cpu: CpuUse;
}

/**
 * Runs the steady load of `settings` in a child process and resolves to its result.
 * @throws Error when the child exits before reporting or takes a minute longer than the run.
 */
export function runSteadyLoad(settings: SteadyLoadSettings): Promise<SteadyLoadResult> {
  return runInChild(import.meta.url, settings, (settings.duration + 60) * 1000);
}

/** loadtest 8 resolves a promise when given no callback; its bundled types still describe the callback form. */
const load = loadTest as unknown as (options: LoadTestOptions) => Promise<LoadTestResult>;

async function run(settings: SteadyLoadSettings): Promise<SteadyLoadResult> {
  const { paths } = settings;
  let i = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: UPSTREAM_MAX_SOCKETS });
  const [result, cpu] = await measureCpu(settings.systemCpus ?? [], () =>
    load({
      url: settings.url,
      requestsPerSecond: settings.rate,
      maxSeconds: settings.duration,
      quiet: true,
      headers: { ...(settings.headers ?? BROWSER_HEADERS) },
      // loadtest's request factory: `client` is http.request; every request goes through the one pool.
      requestGenerator(
        _params: unknown,
        options: { path: string; agent?: http.Agent },
        client: (options: unknown, callback: unknown) => { end(): void },
        callback: unknown,
      ) {
        options.path = paths[i++ % paths.length] as string;
        options.agent = agent;
        const request = client(options, callback);
        request.end();
        return request;
      },
    } as LoadTestOptions),
  );
  agent.destroy();
  const p = result.percentiles;
  return {
    requests: result.totalRequests,
    rps: result.rps,
    p50: p[50] ?? 0,
    p90: p[90] ?? 0,
    p99: p[99] ?? 0,
    max: result.maxLatencyMs,
    errors: result.totalErrors,
    cpu,
  };
}

await serveAsChild(import.meta.url, run);
