/**
 * The OpenTelemetry trace SDK of one process, loaded by `startTracing` (index.ts) only when tracing is on.
 *
 * What it sets up, in this order:
 * 1. the ESM loader hook of the instrumentations (`module.register('@opentelemetry/instrumentation/hook.mjs')`,
 *    import-in-the-middle, limited to the instrumented packages), so that `import express from 'express'`
 *    in our ES modules is patched like a `require` (require-in-the-middle covers CommonJS);
 * 2. the context manager (AsyncLocalStorage), the W3C Trace Context propagator
 *    (https://www.w3.org/TR/trace-context/) and a `TracerProvider` with the resource (service name and
 *    `OTEL_SERVICE_NAME` / `OTEL_RESOURCE_ATTRIBUTES`), the sampler of `settings`, and the exporters;
 * 3. the instrumentations of http, express, pg, amqplib and ioredis, configured so that no secret reaches a
 *    span: SQL without parameter values, Redis commands without arguments, no request headers, URLs
 *    without query values (see {@link scrubbingProcessor});
 * 4. the hooks of context.ts: outbox, relay, brokers, consumers and the logger use them from then on.
 *
 * Everything must happen before express, pg, amqplib, ioredis or http are first loaded: a module loaded
 * earlier is not patched (a warning names it). See docs/adr/0024-tracing.md.
 */
import { createRequire, register } from 'node:module';
import {
  type Attributes,
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  type Span as SdkSpan,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { currentContext, pathWithoutQueryValues, serializeError } from '../logger';
import { type ConsumeInfo, installTraceHooks, type TraceCarrier, type TraceHooks } from './context';
import type { SamplerName, TracingSettings } from './settings';

/** The attribute carrying the request's (or event's) correlation id on every span started in its context. */
export const CORRELATION_ID_ATTRIBUTE = 'marketplace.correlation_id';

/** The packages whose instrumentation is registered (names as imported). */
export const INSTRUMENTED_PACKAGES = [
  'http',
  'https',
  'express',
  'pg',
  'pg-pool',
  'amqplib',
  'ioredis',
] as const;

/** Request paths never traced: probes and scrapes, many a minute, each a trace of its own otherwise. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The longest a flush waits for the exporters at shutdown, in ms. */
export const FLUSH_TIMEOUT_MS = 5_000;

/** What startSdk hands back to startTracing. */
export interface RunningSdk {
  provider: TracerProvider;
  /** Exports what is buffered; resolves within FLUSH_TIMEOUT_MS whatever the exporter does. */
  flush(): Promise<void>;
  /** Flushes, then stops the exporters and unpatches the instrumented modules. */
  shutdown(): Promise<void>;
  /** Instrumented packages that were loaded before tracing started (their calls are not traced). */
  loadedTooEarly: string[];
}

/** The sampler the specification's name stands for (OTEL_TRACES_SAMPLER). */
function samplerFor(name: SamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** URL attributes of the http semantic conventions (old and stable) that may hold a query string. */
const URL_ATTRIBUTES = ['url.full', 'url.query', 'http.url', 'http.target'] as const;

/** `params: <values>` of a failed drizzle query (logger.ts serializeError redacts it in logs too). */
const SQL_PARAMS = /params: [^\n]*/g;

/**
 * A span processor that exports nothing and keeps secrets off every span:
 * - on start, the correlation id of the request or event in progress (logger.ts context) as
 *   {@link CORRELATION_ID_ATTRIBUTE};
 * - as the span ends (still writable: `onEnding`), query values dropped from URL attributes
 *   (`/a?token=x&b=1` → `/a?token=&b=` as in the access logs, logger.ts pathWithoutQueryValues), and SQL
 *   parameter values dropped from recorded exceptions.
 */
function scrubbingProcessor(): SpanProcessor {
  return {
    onStart(span: SdkSpan) {
      const ctx = currentContext();
      if (ctx) span.setAttribute(CORRELATION_ID_ATTRIBUTE, ctx.correlationId);
    },
    onEnding(span: SdkSpan) {
      for (const key of URL_ATTRIBUTES) {
        const value = span.attributes[key];
        if (typeof value !== 'string' || !value.includes('=')) continue;
        span.setAttribute(
          key,
          key === 'url.query' ? pathWithoutQueryValues(`?${value}`).slice(1) : pathWithoutQueryValues(value),
        );
      }
      for (const event of span.events) {
        if (event.name !== 'exception' || !event.attributes) continue;
        for (const key of ['exception.message', 'exception.stacktrace']) {
          const value = event.attributes[key];
          if (typeof value === 'string')
            event.attributes[key] = value.replace(SQL_PARAMS, 'params: [redacted]');
        }
      }
    },
    onEnd(_span: ReadableSpan) {},
    forceFlush: async () => {},
    shutdown: async () => {},
  };
}

/** The request's path without its query, for the probe filter. */
function pathOf(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** The `x-correlation-id` of an incoming (headers) or outgoing (getHeader) request, when set. */
function correlationIdOf(request: unknown): string | undefined {
  const r = request as { headers?: Record<string, unknown>; getHeader?: (name: string) => unknown };
  const value =
    typeof r.getHeader === 'function' ? r.getHeader('x-correlation-id') : r.headers?.['x-correlation-id'];
  return typeof value === 'string' ? value : undefined;
}

/** The instrumentations, configured to record no secret (see the module doc). */
function instrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request.url)),
      // Outgoing calls outside any request (timers) would each start a trace of their own.
      requireParentforOutgoingSpans: true,
      // Request and response headers are not recorded (the default: no headersToSpanAttributes), so neither
      // cookies nor Authorization reach a span. The correlation id is written into the request's headers by
      // the requestContext middleware once the server span already runs: read it as the span ends.
      applyCustomAttributesOnSpan: (span, request) => {
        const id = correlationIdOf(request);
        if (id) span.setAttribute(CORRELATION_ID_ATTRIBUTE, id);
      },
    }),
    new ExpressInstrumentation(),
    // SQL text only (drizzle binds every value as a parameter); values would be `db.query.parameters`,
    // which `enhancedDatabaseReporting` (off) adds. Queries outside a traced request (the outbox relay's
    // polls, metrics) are not traced.
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    new AmqplibInstrumentation(),
    // The command name only: keys hold e-mail addresses (rate limits) and values cached answers.
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
}

/**
 * Registers the ESM loader hook of the instrumentations (import-in-the-middle) for the instrumented
 * packages only. Returns false when the hook cannot be registered (then only `require`d modules are patched).
 */
function registerEsmHook(): boolean {
  try {
    // By name (`import pg from 'pg'`) and by file URL inside node_modules (tools that import resolved paths).
    const packages = INSTRUMENTED_PACKAGES.slice(2).join('|');
    register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
      data: {
        include: [
          ...INSTRUMENTED_PACKAGES,
          'node:http',
          'node:https',
          new RegExp(`/node_modules/(${packages})/`),
        ],
      },
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads the instrumented packages through `require` once the instrumentations are registered, so that
 * require-in-the-middle patches their CommonJS exports now. All five are CommonJS (or built in), and an
 * ES module importing one later gets those same exports: patched whether or not the ESM hook sees the
 * import (it matches bare names; a tool importing resolved file paths, as Vitest does, slips past it).
 * Every process loads them anyway (the platform's entry imports each). A package that does not resolve is
 * skipped.
 */
function loadInstrumentedPackages(): void {
  const require = createRequire(import.meta.url);
  for (const name of ['http', 'https', 'express', 'pg', 'amqplib', 'ioredis']) {
    try {
      require(name);
    } catch {
      // Not installed where this file resolves from: nothing to patch.
    }
  }
}

/** The instrumented npm packages already in the CommonJS module cache (loaded before tracing started). */
function packagesLoadedAlready(): string[] {
  const require = createRequire(import.meta.url);
  const loaded: string[] = [];
  for (const name of ['express', 'pg', 'amqplib', 'ioredis']) {
    try {
      if (require.cache[require.resolve(name)]) loaded.push(name);
    } catch {
      // Not installed where this file resolves from: nothing to check.
    }
  }
  return loaded;
}

/** The error's message without SQL parameter values (as in log lines). */
function safeMessage(err: unknown): string {
  const serialized = serializeError(err) as { message?: unknown } | undefined;
  return typeof serialized?.message === 'string' ? serialized.message : String(err);
}

/** The hooks of context.ts, on the API of `@opentelemetry/api`. */
function traceHooks(): TraceHooks {
  const tracer = trace.getTracer('@marketplace/platform');

  const contextOf = (carrier: TraceCarrier | undefined): Context =>
    carrier?.traceparent ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;

  const inject = (ctx: Context): TraceCarrier => {
    const carrier: TraceCarrier = {};
    propagation.inject(ctx, carrier);
    return carrier;
  };

  return {
    eventCreated(event) {
      if (!trace.getSpan(context.active())) return undefined;
      // The "create" span of the messaging conventions: the event is created here (written to the outbox),
      // sent later by the relay, which publishes it in this span's context.
      const span = tracer.startSpan(`create ${event.name}`, {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.operation.type': 'create',
          'messaging.destination.name': event.name,
          'messaging.message.id': event.id,
          'messaging.message.conversation_id': event.correlationId,
          [CORRELATION_ID_ATTRIBUTE]: event.correlationId,
        },
      });
      const carrier = inject(trace.setSpan(context.active(), span));
      span.end();
      return carrier.traceparent ? carrier : undefined;
    },
    withCarrier: (carrier, fn) => context.with(contextOf(carrier), fn),
    detached: (fn) => context.with(ROOT_CONTEXT, fn),
    inject: () => inject(context.active()),
    async consume(info: ConsumeInfo, fn) {
      const creation = contextOf(info.headers?.traceparent ? info.headers : info.envelope);
      const creationSpan = trace.getSpanContext(creation);
      const active = context.active();
      const activeSpan = trace.getSpan(active);
      // Under RabbitMQ the amqplib instrumentation already runs the delivery in its `process` span, a child
      // of the publish span the message headers name: nest under it. In process, none is active: the
      // creation context is the parent. Either way the creation context is linked too (messaging
      // conventions: process spans link the message's creation context).
      const parent = activeSpan ? active : creation;
      const links: Link[] =
        creationSpan && creationSpan.spanId !== activeSpan?.spanContext().spanId
          ? [{ context: creationSpan }]
          : [];
      const attributes: Attributes = {
        'messaging.operation.type': 'process',
        'messaging.destination.name': info.event,
        'messaging.consumer.group.name': info.consumer,
        'messaging.message.id': info.eventId,
        'messaging.message.conversation_id': info.correlationId,
        'marketplace.delivery_attempt': info.attempt,
        [CORRELATION_ID_ATTRIBUTE]: info.correlationId,
      };
      const span: Span = tracer.startSpan(
        `process ${info.event}`,
        { kind: activeSpan ? SpanKind.INTERNAL : SpanKind.CONSUMER, attributes, links },
        parent,
      );
      return context.with(trace.setSpan(parent, span), async () => {
        try {
          return await fn();
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: safeMessage(err) });
          throw err;
        } finally {
          span.end();
        }
      });
    },
    logFields() {
      const span = trace.getSpan(context.active());
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  };
}

/**
 * Starts the SDK for `serviceName` with `settings` (settings.ts); `spanExporter` (tests: an in-memory one)
 * replaces the exporters the settings name and exports each span as it ends. Registers the global context
 * manager, propagator and tracer provider, the instrumentations and the hooks of context.ts.
 */
export async function startSdk(opts: {
  serviceName: string;
  settings: TracingSettings;
  spanExporter?: SpanExporter;
}): Promise<RunningSdk> {
  const loadedTooEarly = packagesLoadedAlready();
  registerEsmHook();
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) override the name given in code.
  const detected = detectResources({ detectors: [envDetector] });
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: opts.serviceName }))
    .merge(detected);

  const spanProcessors: SpanProcessor[] = [scrubbingProcessor()];
  if (opts.spanExporter) spanProcessors.push(new SimpleSpanProcessor({ exporter: opts.spanExporter }));
  else {
    for (const name of opts.settings.exporters) {
      // The OTLP exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT, _COMPRESSION itself.
      const exporter = name === 'otlp' ? new OTLPTraceExporter() : new ConsoleSpanExporter();
      spanProcessors.push(new BatchSpanProcessor({ exporter }));
    }
  }
  const provider = new TracerProvider({
    resource,
    sampler: samplerFor(opts.settings.sampler, opts.settings.ratio),
    spanProcessors,
  });
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: instrumentations(),
  });
  loadInstrumentedPackages();
  installTraceHooks(traceHooks());

  const flush = async (): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      provider.forceFlush().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  };
  return {
    provider,
    flush,
    async shutdown() {
      installTraceHooks(undefined);
      unregister();
      await flush();
      await provider.shutdown().catch(() => {});
      trace.disable();
      propagation.disable();
      context.disable();
    },
    loadedTooEarly,
  };
}
