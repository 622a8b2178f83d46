/**
 * Logging: pino, JSON lines on stdout. The request id and correlation id of the work in progress live in
 * an AsyncLocalStorage context, so every log line, outgoing event and proxied request carries them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { traceLogFields } from './tracing/context';

export type { Logger } from 'pino';

/** Ids of the request or event being handled. */
export interface RequestContext {
  requestId: string;
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `ctx` as the current context. */
export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The current context, if any. */
export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current correlation id, or a fresh UUID when none is active (e.g. a timer). */
export function currentCorrelationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}

/**
 * Keys whose values never reach a log line (issue 20, point 7): credentials, session tokens, one-time codes,
 * password hashes, signing secrets and request/response headers that carry them. Matched at any depth up
 * to {@link REDACT_DEPTH} levels below a log object (pino's redact wildcards cover one level each).
 */
export const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirm_password',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'codeHash',
  'code_hash',
  'otp',
  'token',
  'tokenId',
  'accessToken',
  'access_token',
  'idToken',
  'id_token',
  'credential',
  'refreshToken',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'x-peer-call',
] as const;

/** How many object levels below the log object {@link SECRET_KEYS} are looked for. */
export const REDACT_DEPTH = 4;

/** Redaction paths of {@link SECRET_KEYS}: `key`, `*.key`, `*.*.key`, … up to REDACT_DEPTH levels. */
function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of SECRET_KEYS) {
    const leaf = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
    for (let depth = 0; depth <= REDACT_DEPTH; depth++) {
      const prefix = '*.'.repeat(depth);
      paths.push(leaf.startsWith('[') ? `${prefix.slice(0, -1)}${leaf}` : `${prefix}${leaf}`);
    }
  }
  // `["x"]` at depth 0 is not a valid path; pino wants a bare key there.
  return paths.map((p) => (p.startsWith('["') ? p.slice(2, -2) : p));
}

/**
 * pino's `err` serializer without SQL parameters (issue 20): a failed statement (drizzle's
 * DrizzleQueryError: message `Failed query: <sql>\nparams: <values>`, fields `query` and `params`) keeps its
 * SQL text and cause, but the values bound to it (password hashes, codes, e-mail addresses) are replaced by
 * `[redacted]` in the message and stack of the error and of every error in its `cause` chain.
 */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  let message = typeof out.message === 'string' ? out.message : undefined;
  let stack = typeof out.stack === 'string' ? out.stack : undefined;
  const seen = new Set<unknown>();
  for (
    let e: unknown = err;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    if (!('params' in e)) continue;
    const shown = `params: ${String((e as { params: unknown }).params)}`;
    message = message?.split(shown).join('params: [redacted]');
    stack = stack?.split(shown).join('params: [redacted]');
  }
  if (message !== undefined) out.message = message;
  if (stack !== undefined) out.stack = stack;
  delete out.params;
  delete out.parameters;
  return out;
}

/**
 * A URL path without its query values (issue 20): `/api/auth/facebook?access_token=abc&x=1` →
 * `/api/auth/facebook?access_token=&x=` (parameter names kept for debugging, values dropped); no query →
 * the path as is.
 */
export function pathWithoutQueryValues(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=`);
  return names.length > 0 ? `${url.slice(0, q)}?${names.join('&')}` : url.slice(0, q);
}

/**
 * Creates the root logger; each line gets `requestId`/`correlationId` from the current context and, when
 * tracing runs and a span is active, `trace_id`/`span_id` (tracing/index.ts). Lines go
 * to stdout, or to `destination` when given (tests capture them). Secrets are never written (issue 20):
 * the values of {@link SECRET_KEYS} at any depth up to REDACT_DEPTH are replaced by `[redacted]` (pino
 * redact), and errors go through {@link serializeError} (no SQL parameters).
 */
export function createLogger(
  opts: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  const options: pino.LoggerOptions = {
    level: opts.level ?? 'info',
    name: opts.name,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = storage.getStore();
      // trace_id / span_id of the active span when tracing runs (tracing/context.ts); one check when it does not.
      const traced = traceLogFields();
      if (!ctx) return traced ?? {};
      const ids = { requestId: ctx.requestId, correlationId: ctx.correlationId };
      return traced ? { ...ids, ...traced } : ids;
    },
    serializers: { err: serializeError },
    redact: { paths: redactPaths(), censor: '[redacted]' },
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
