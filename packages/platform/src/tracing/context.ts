/**
 * The seam between the platform's code (outbox, relay, brokers, consumers, logger) and OpenTelemetry.
 *
 * Those modules call the functions below on every event and log line; with tracing off (the default) each
 * is a single `undefined` check and loads nothing: no OpenTelemetry module is imported here. When
 * `startTracing` (index.ts) turns tracing on, it installs the real implementation ({@link TraceHooks},
 * written with `@opentelemetry/api` in sdk.ts) through {@link installTraceHooks}.
 *
 * What travels: the W3C Trace Context headers `traceparent` and `tracestate`
 * (https://www.w3.org/TR/trace-context/), as strings, in the event envelope stored in the outbox and in the
 * headers of the message that carries it (AMQP headers with RabbitMQ; the queued message in process).
 */

/** W3C Trace Context of a message: `traceparent` (`00-<trace id>-<span id>-<flags>`) and `tracestate`. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/** What a consumer's span says about the event it handles. */
export interface ConsumeInfo {
  /** Consumer name, e.g. `notification.otp-sms` (the messaging consumer group). */
  consumer: string;
  /** Event name (the routing key), e.g. `auth.otp.requested`. */
  event: string;
  /** Event id (UUID). */
  eventId: string;
  correlationId: string;
  /** 1 for the first delivery. */
  attempt: number;
  /** Where the creation context comes from: the message headers first, the envelope second. */
  headers?: TraceCarrier;
  envelope?: TraceCarrier;
}

/** The tracing implementation installed when tracing is on (sdk.ts). Every function must not throw. */
export interface TraceHooks {
  /**
   * Called as an event is written to the outbox: records a `create <event>` span (producer) under the
   * active span and returns its context, to be stored with the event; undefined when nothing is recorded.
   */
  eventCreated(event: { name: string; id: string; correlationId: string }): TraceCarrier | undefined;
  /** Runs `fn` in the context `carrier` describes (the root context when it describes none). */
  withCarrier<T>(carrier: TraceCarrier | undefined, fn: () => T): T;
  /** Runs `fn` in the root context, detached from whatever was active (e.g. a request that woke a timer). */
  detached<T>(fn: () => T): T;
  /** The active context as message headers (empty when no span is active). */
  inject(): TraceCarrier;
  /**
   * Runs `fn` in a span of the consumer handling one event: a child of the active span when there is one
   * (RabbitMQ's instrumented delivery), else of the event's creation context, linked to the latter.
   */
  consume<T>(info: ConsumeInfo, fn: () => Promise<T>): Promise<T>;
  /** `trace_id` / `span_id` of the active span for log lines; undefined when none is active. */
  logFields(): { trace_id: string; span_id: string } | undefined;
}

let hooks: TraceHooks | undefined;

/** Installs (or, with undefined, removes) the tracing implementation. Called by startTracing only. */
export function installTraceHooks(next: TraceHooks | undefined): void {
  hooks = next;
}

/** True once tracing is on in this process. */
export function tracingOn(): boolean {
  return hooks !== undefined;
}

/** See {@link TraceHooks.eventCreated}; undefined when tracing is off. */
export function traceEventCreated(event: {
  name: string;
  id: string;
  correlationId: string;
}): TraceCarrier | undefined {
  return hooks?.eventCreated(event);
}

/**
 * Runs `fn` in the trace context stored with an event: `source` is the envelope (or headers) carrying
 * `traceparent` / `tracestate` (see {@link TraceHooks.withCarrier}). `fn()` when tracing is off.
 */
export function withTraceCarrier<T>(source: unknown, fn: () => T): T {
  return hooks ? hooks.withCarrier(traceCarrierOf(source), fn) : fn();
}

/** Runs `fn` detached from the active trace context; `fn()` when tracing is off. */
export function detachedFromTrace<T>(fn: () => T): T {
  return hooks ? hooks.detached(fn) : fn();
}

/** The active trace context as message headers; undefined when tracing is off or no span is active. */
export function traceHeaders(): TraceCarrier | undefined {
  if (!hooks) return undefined;
  const carrier = hooks.inject();
  return carrier.traceparent ? carrier : undefined;
}

/** Runs `fn` in a consumer span (see {@link TraceHooks.consume}); `fn()` when tracing is off. */
export function traceConsume<T>(info: ConsumeInfo, fn: () => Promise<T>): Promise<T> {
  return hooks ? hooks.consume(info, fn) : fn();
}

/** `trace_id` / `span_id` for a log line; undefined when tracing is off or no span is active. */
export function traceLogFields(): { trace_id: string; span_id: string } | undefined {
  return hooks?.logFields();
}

/** The `traceparent` / `tracestate` strings of `value` (an envelope or message headers), when present. */
export function traceCarrierOf(value: unknown): TraceCarrier | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { traceparent, tracestate } = value as Record<string, unknown>;
  const parent =
    typeof traceparent === 'string'
      ? traceparent
      : Buffer.isBuffer(traceparent)
        ? String(traceparent)
        : undefined;
  if (!parent) return undefined;
  const state =
    typeof tracestate === 'string'
      ? tracestate
      : Buffer.isBuffer(tracestate)
        ? String(tracestate)
        : undefined;
  return state ? { traceparent: parent, tracestate: state } : { traceparent: parent };
}
