/**
 * Logging: pino, JSON lines on stdout. The request id and correlation id of the work in progress live in
 * an AsyncLocalStorage context, so every log line, outgoing event and proxied request carries them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';

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
 * Creates the root logger; each line gets `requestId`/`correlationId` from the current context. Lines go
 * to stdout, or to `destination` when given (tests capture them).
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
      return ctx ? { requestId: ctx.requestId, correlationId: ctx.correlationId } : {};
    },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
      remove: true,
    },
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
