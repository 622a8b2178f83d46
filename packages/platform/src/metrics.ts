/**
 * Prometheus metrics (prom-client), one registry per process-level instance (an `Infrastructure`, the
 * distributed gateway), never prom-client's global default registry: tests start several systems in one
 * Node process and their metrics must not collide.
 *
 * Every series carries the default label `service` = the process's name (`auth`, `catalog`, …, `gateway`,
 * or `marketplace` for the embedded process). Metrics:
 * - `http_requests_total{method, route, status_code}` (counter) and
 *   `http_request_duration_seconds{method, route, status_code}` (histogram, seconds): `route` is the
 *   Express route pattern that answered (e.g. `/api/cars/:carId`), or a pattern from a `routeLabel`
 *   fallback (the proxy gateway: the contracts' route table), else `unmatched` — never the raw URL;
 * - `outbox_pending_events{outbox}` and `outbox_oldest_event_age_seconds{outbox}` (gauges, read from each
 *   relay at scrape time; `outbox` = the owning service module, e.g. `catalog`);
 * - `consumer_messages_total{consumer, outcome}` (counter; outcome `handled` | `retried` | `dead_lettered`)
 *   and `consumer_failures_total{consumer}` (counter; the handler threw, poison messages included);
 * - `dead_letter_messages{consumer}` (gauge, read from the broker at scrape time: RabbitMQ `<q>.dlq`
 *   message count, in-process dead-letter list length);
 * - `dependency_up{dependency, required}` (gauge, the `/readyz` checks run at scrape time: 1 answers, 0 not;
 *   `required="false"` ones, e.g. the cache, leave the process ready and show here when degraded);
 * - prom-client's default process metrics (`process_cpu_seconds_total`, `nodejs_heap_size_used_bytes`, …).
 *
 * `GET /metrics` answers the text exposition format. With a token configured (METRICS_TOKEN) it requires
 * `Authorization: Bearer <token>` and answers 401 `{ message }` otherwise; without one it is open.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Broker, BusObserver, ConsumerOutcome } from './bus/types';
import { type ReadinessCheck, runChecks } from './readiness';

/** Where the outbox lag of one service schema comes from (a `Relay`). */
export interface OutboxLagSource {
  /** Rows waiting and the age in ms of the oldest. */
  lag(): Promise<{ unpublished: number; oldestAgeMs: number }>;
}

/** Options of {@link createMetrics}. */
export interface MetricsOptions {
  /** The process's name, the `service` label of every series. */
  service: string;
  /** Bearer token `/metrics` requires; undefined or empty = open. */
  token?: string;
  /** Collect prom-client's default process metrics (default true). */
  defaultMetrics?: boolean;
}

/** One process's metrics: the registry, the recorders, and the `/metrics` handler. */
export interface Metrics {
  readonly registry: Registry;
  /** The `service` label. */
  readonly service: string;
  /** The broker hooks counting consumer outcomes and failures (pass as the broker's `observer`). */
  readonly bus: BusObserver;
  /**
   * Middleware that records `http_requests_total` and `http_request_duration_seconds` when the response
   * finishes (or the connection closes first). `routeLabel` names the route when no Express route matched
   * (must return a pattern, never a raw URL); default → `unmatched`.
   */
  httpMiddleware(routeLabel?: (req: Request) => string | undefined): RequestHandler;
  /** Adds the outbox gauges of `outbox` (label value, e.g. the service module's name), read at scrape time. */
  addOutbox(outbox: string, source: OutboxLagSource): void;
  /**
   * Runs the readiness checks (`required`: the process is unready without them) and the degraded-by
   * checks (`optional`) at scrape time as `dependency_up{dependency, required}` (1 answers, 0 does not).
   * The objects are read at each scrape, so checks added later count.
   */
  watchDependencies(required: Record<string, ReadinessCheck>, optional: Record<string, ReadinessCheck>): void;
  /** Reads `dead_letter_messages` from `broker` for each of its `consumerNames()` at scrape time. */
  watchDeadLetters(broker: Broker): void;
  /** `GET /metrics`: the exposition text (Content-Type `registry.contentType`); 401 without the token when one is set. */
  handler(): RequestHandler;
  /** The exposition text now (tests, other exporters). */
  text(): Promise<string>;
}

/** Route label of a request once answered: `req.baseUrl + req.route.path` when an Express route matched. */
function expressRoute(req: Request): string | undefined {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return undefined;
  return `${req.baseUrl ?? ''}${route.path}` || '/';
}

/** Constant-time comparison of `Authorization` with `Bearer <token>`. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Creates the metrics of one process; see the module doc for names and labels. */
export function createMetrics(opts: MetricsOptions): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: opts.service });
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to finishing its response, in seconds.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const messages = new Counter({
    name: 'consumer_messages_total',
    help: 'Deliveries finished by each consumer, by outcome (handled, retried, dead_lettered).',
    labelNames: ['consumer', 'outcome'] as const,
    registers,
  });
  const failures = new Counter({
    name: 'consumer_failures_total',
    help: 'Deliveries whose handler threw (retried or dead-lettered), by consumer.',
    labelNames: ['consumer'] as const,
    registers,
  });

  const dependencies: Array<{ required: boolean; checks: Record<string, ReadinessCheck> }> = [];
  new Gauge({
    name: 'dependency_up',
    help: 'Whether a dependency answers its check (1) or not (0); required="true" ones make /readyz 503.',
    labelNames: ['dependency', 'required'] as const,
    registers,
    async collect() {
      this.reset();
      const results = await Promise.all(dependencies.map(({ checks }) => runChecks(checks)));
      dependencies.forEach(({ required }, i) => {
        for (const [dependency, up] of results[i] ?? []) {
          this.set({ dependency, required: String(required) }, up ? 1 : 0);
        }
      });
    },
  });

  const outboxes = new Map<string, OutboxLagSource>();
  new Gauge({
    name: 'outbox_pending_events',
    help: 'Outbox rows not yet published to the broker, by owning service.',
    labelNames: ['outbox'] as const,
    registers,
    async collect() {
      this.reset();
      for (const [outbox, source] of outboxes) {
        const lag = await source.lag().catch(() => undefined);
        if (lag) this.set({ outbox }, lag.unpublished);
      }
    },
  });
  new Gauge({
    name: 'outbox_oldest_event_age_seconds',
    help: 'Age of the oldest unpublished outbox row in seconds (0 when none), by owning service.',
    labelNames: ['outbox'] as const,
    registers,
    async collect() {
      this.reset();
      for (const [outbox, source] of outboxes) {
        const lag = await source.lag().catch(() => undefined);
        if (lag) this.set({ outbox }, lag.oldestAgeMs / 1000);
      }
    },
  });

  const brokers: Broker[] = [];
  new Gauge({
    name: 'dead_letter_messages',
    help: "Messages currently in each consumer's dead-letter queue.",
    labelNames: ['consumer'] as const,
    registers,
    async collect() {
      this.reset();
      for (const broker of brokers) {
        for (const consumer of broker.consumerNames()) {
          const n = await broker.deadLetterCount(consumer).catch(() => undefined);
          if (n !== undefined) this.set({ consumer }, n);
        }
      }
    },
  });

  const bus: BusObserver = {
    outcome(consumer: string, outcome: ConsumerOutcome) {
      messages.inc({ consumer, outcome });
    },
    failure(consumer: string) {
      failures.inc({ consumer });
    },
  };

  return {
    registry,
    service: opts.service,
    bus,
    httpMiddleware(routeLabel) {
      return (req, res, next) => {
        const start = process.hrtime.bigint();
        let done = false;
        const record = () => {
          if (done) return;
          done = true;
          const route = expressRoute(req) ?? routeLabel?.(req) ?? 'unmatched';
          const labels = { method: req.method, route, status_code: String(res.statusCode) };
          requests.inc(labels);
          duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
        };
        res.once('finish', record);
        res.once('close', record);
        next();
      };
    },
    addOutbox(outbox, source) {
      outboxes.set(outbox, source);
    },
    watchDependencies(required, optional) {
      dependencies.push({ required: true, checks: required }, { required: false, checks: optional });
    },
    watchDeadLetters(broker) {
      if (!brokers.includes(broker)) brokers.push(broker);
    },
    handler() {
      return async (req, res, next) => {
        if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
          res.setHeader('www-authenticate', 'Bearer realm="metrics"');
          res.status(401).json({ message: 'A valid metrics token is required.' });
          return;
        }
        try {
          const body = await registry.metrics();
          res.setHeader('content-type', registry.contentType);
          res.setHeader('cache-control', 'no-store');
          res.send(body);
        } catch (err) {
          next(err);
        }
      };
    },
    text: () => registry.metrics(),
  };
}
