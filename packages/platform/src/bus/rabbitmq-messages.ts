/**
 * Message helpers of the RabbitMQ adapter (rabbitmq.ts): confirmed publishing, the attempt counter and
 * the headers and properties a retried or dead-lettered message keeps, JSON bodies, the heartbeat.
 */
import type { ConfirmChannel, Message, Options } from 'amqplib';

/** AMQP message headers. */
export type Headers = Record<string, unknown>;

/** `err` as an Error (a thrown non-Error becomes its string). */
export function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Publishes on a confirm channel and resolves once the broker confirmed it.
 * @throws Error when the broker nacks it, the channel closes first, or no confirm arrives within `timeoutMs` ms.
 */
export function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (err?: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(toError(err));
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new Error(`no publisher confirm within ${timeoutMs} ms (${routingKey})`)),
      timeoutMs,
    );
    try {
      channel.publish(exchange, routingKey, content, options, (err) => finish(err ?? undefined));
    } catch (err) {
      finish(err);
    }
  });
}

/** Delivery number carried by header `x-attempt` (1 when absent or malformed). */
export function attemptOf(headers: Headers): number {
  const n = Number(headers['x-attempt']);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * True for a header RabbitMQ sets itself: `x-death`, `x-first-death-…` / `x-last-death-…` (dead-lettering)
 * and `x-delivery-count` (a quorum queue's count of returns, kept by the queue, not by the header).
 */
export function isBrokerHeader(key: string): boolean {
  return (
    key === 'x-death' ||
    key === 'x-delivery-count' ||
    key.startsWith('x-first-death') ||
    key.startsWith('x-last-death')
  );
}

/** Headers of a consumed message minus those RabbitMQ manages itself (`isBrokerHeader`). */
export function carriedHeaders(message: Message): Headers {
  const out: Headers = {};
  for (const [key, value] of Object.entries(message.properties.headers ?? {})) {
    if (isBrokerHeader(key)) continue;
    out[key] = value;
  }
  return out;
}

/**
 * Why RabbitMQ itself dead-lettered a message, from its latest `x-death` entry (RabbitMQ keeps the most
 * recent first), e.g. `RabbitMQ dead-lettered it from shop.orders: delivery_limit` for a message returned
 * more often than the queue's `x-delivery-limit` (topology.ts). `undefined` when it never was.
 */
export function brokerDeadLetterReason(headers: Headers): string | undefined {
  const deaths = headers['x-death'];
  const last = Array.isArray(deaths) ? (deaths[0] as { reason?: unknown; queue?: unknown }) : undefined;
  if (!last || typeof last.reason !== 'string') return undefined;
  return `RabbitMQ dead-lettered it from ${String(last.queue ?? '?')}: ${last.reason}`;
}

/** Publish options of a re-published message: the original's identity, persistent, `headers`. */
export function republishOptions(message: Message, headers: Headers): Options.Publish {
  const p = message.properties;
  const options: Options.Publish = { deliveryMode: 2, headers };
  if (p.contentType !== undefined) options.contentType = String(p.contentType);
  if (p.messageId !== undefined) options.messageId = String(p.messageId);
  if (p.type !== undefined) options.type = String(p.type);
  if (p.correlationId !== undefined) options.correlationId = String(p.correlationId);
  if (typeof p.timestamp === 'number') options.timestamp = p.timestamp;
  return options;
}

/** Parses a body as JSON; `undefined` plus the parse error when it is not JSON. */
export function parseBody(content: Buffer): { ok: true; body: unknown } | { ok: false; error: Error } {
  try {
    return { ok: true, body: JSON.parse(content.toString('utf8')) };
  } catch (err) {
    return { ok: false, error: toError(err) };
  }
}

/** `url` with `heartbeat=<seconds>` added when it sets none (an unparsable URL is returned as it is). */
export function withHeartbeat(url: string, seconds: number): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(seconds));
    return parsed.toString();
  } catch {
    return url;
  }
}
