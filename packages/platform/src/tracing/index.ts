/**
 * OpenTelemetry tracing of one process (issue 26; docs/adr/0024-tracing.md, docs/operations.md "Tracing").
 *
 * Every entry point (`services/<name>/src/main.ts`, `gateway/src/main.ts`, `gateway/src/embedded-main.ts`)
 * calls {@link startTracing} first, then loads the rest of the program with a dynamic `import()`: the
 * instrumentations patch express, pg, amqplib, ioredis and http as they are loaded, so they must be
 * registered before. This module imports no OpenTelemetry package and nothing that loads one of those: the
 * SDK (sdk.ts) is imported only when the standard variables turn tracing on (settings.ts); otherwise no
 * OpenTelemetry code is loaded and the request path does no tracing work at all.
 *
 * Import it by path (this file), not through `@marketplace/platform`, whose entry loads everything.
 */
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { createLogger } from '../logger';
import { type TracingSettings, tracingDecision } from './settings';

export type { TraceCarrier } from './context';
export { tracingOn } from './context';
export { type TracingDecision, type TracingSettings, tracingDecision } from './settings';

/** What {@link startTracing} did. */
export interface Tracing {
  /** True when tracing runs in this process. */
  started: boolean;
  /** Why it does not run (`started` false), e.g. `no OTEL_TRACES_EXPORTER nor OTLP endpoint set`. */
  reason?: string;
  /** The settings it runs with (`started` true). */
  settings?: TracingSettings;
  /** Exports the spans buffered so far (at most FLUSH_TIMEOUT_MS, 5000 ms); no-op when not started. */
  flush(): Promise<void>;
  /** Flushes, then stops tracing (exporters, instrumentations, global registrations); no-op when not started. */
  shutdown(): Promise<void>;
}

export interface StartTracingOptions {
  /** `service.name` of the spans unless OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) says otherwise. */
  serviceName: string;
  /** The environment to read (default `process.env`). */
  env?: Record<string, string | undefined>;
  /**
   * Tests: export every span to this exporter as it ends (e.g. an InMemorySpanExporter) instead of the ones
   * the variables name; tracing then runs unless OTEL_SDK_DISABLED=true.
   */
  spanExporter?: SpanExporter;
}

const off = (reason: string): Tracing => ({
  started: false,
  reason,
  flush: async () => {},
  shutdown: async () => {},
});

let running: Promise<Tracing> | undefined;

/**
 * Starts tracing when the standard OpenTelemetry variables ask for it (settings.ts: an OTLP endpoint or
 * OTEL_TRACES_EXPORTER; OTEL_SDK_DISABLED=true wins), else does nothing and loads nothing. Call it once,
 * before the modules it instruments are loaded; later calls return the first call's result. Logs one line
 * when tracing starts (exporters, sampler, settings it ignored, and any instrumented package loaded too
 * early to be traced). Shutdown: the graceful shutdown flushes it (runtime.ts `flushTracing`).
 * Sources: https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/ and
 * https://www.w3.org/TR/trace-context/ (the `traceparent` header carried by requests and events).
 * @throws nothing: a failure to start is logged and tracing stays off.
 */
export function startTracing(opts: StartTracingOptions): Promise<Tracing> {
  running ??= start(opts);
  return running;
}

async function start(opts: StartTracingOptions): Promise<Tracing> {
  const env = opts.env ?? process.env;
  // With a test exporter only OTEL_SDK_DISABLED can keep tracing off (the exporter variables do not apply).
  const decision = tracingDecision(opts.spanExporter ? { ...env, OTEL_TRACES_EXPORTER: 'console' } : env);
  if (!decision.enabled) return off(decision.reason);
  const logger = createLogger({ level: env.LOG_LEVEL ?? 'info', name: opts.serviceName });
  try {
    const { startSdk } = await import('./sdk');
    const sdk = await startSdk({
      serviceName: opts.serviceName,
      settings: decision.settings,
      spanExporter: opts.spanExporter,
    });
    const { exporters, sampler, ratio, warnings } = decision.settings;
    logger.info(
      { exporters: opts.spanExporter ? ['test'] : exporters, sampler, ratio, ignored: warnings },
      'tracing started',
    );
    if (sdk.loadedTooEarly.length > 0) {
      logger.warn(
        { packages: sdk.loadedTooEarly },
        'loaded before tracing started: their calls are not traced (import the program after startTracing)',
      );
    }
    return { started: true, settings: decision.settings, flush: sdk.flush, shutdown: sdk.shutdown };
  } catch (err) {
    logger.error({ err }, 'tracing failed to start; running without');
    return off(`failed to start: ${(err as Error).message}`);
  }
}

/** Exports the spans buffered so far, when tracing runs (graceful shutdown); resolves within 5000 ms. */
export async function flushTracing(): Promise<void> {
  await (await running)?.flush();
}
