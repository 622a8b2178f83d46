/**
 * Operator access to the RabbitMQ queues of consumers (see rabbitmq.ts for the topology): queue depths,
 * reading dead letters without removing them, and replaying them into the consumer's queue.
 *
 * Replay keeps the message as it was published (body, `messageId` = event id, `type`, `correlationId`,
 * other headers) and drops what the retry/dead-letter path and RabbitMQ added (`x-attempt`, `x-attempts`,
 * `x-reason`, `x-consumer`, `x-death…`, `x-delivery-count`), so the consumer gets it as a first delivery
 * with the full retry budget and its inbox still deduplicates by event id. It records `x-replays: <n>`
 * (how many times it was replayed).
 * A message is acked in the dlq only after RabbitMQ confirmed its copy in the queue: a crash in between
 * duplicates it (the inbox drops the duplicate) but never loses it.
 *
 * The queues are quorum queues (topology.ts). A quorum queue puts requeued messages behind the ones it
 * requeued before (ahead of those never delivered), so a peek that requeued only the first N would move
 * them behind the rest: `peek` reads the whole dlq (one `basic.get` each) and requeues all of it in order.
 * Each peek counts as a return of every dead letter, which the dlq's `x-delivery-limit`
 * (`DEAD_LETTER_DELIVERY_LIMIT`) allows a million times.
 *
 * Used by `npm run ops -- dlq …` (scripts/ops.ts) and tests; the in-process broker has no such queues.
 */
import { type Channel, type ChannelModel, type ConfirmChannel, connect, type GetMessage } from 'amqplib';
import { brokerDeadLetterReason, isBrokerHeader } from './rabbitmq-messages';
import {
  isMissingQueue,
  onFreshChannel,
  queueCounts,
  type RabbitQueueNames,
  rabbitQueueNames,
} from './topology';

/** Message counts of one consumer's three queues; `null` when that queue does not exist. */
export interface ConsumerQueueDepth {
  consumer: string;
  names: RabbitQueueNames;
  /** Ready messages in `<prefix>.<consumer>` (unacked deliveries in flight are not counted). */
  queue: number | null;
  /** Messages waiting for their retry delay in `….retry`. */
  retry: number | null;
  /** Dead letters in `….dlq`. */
  dlq: number | null;
  /** Consumers attached to the main queue (0 = its service is down). */
  consumers: number | null;
}

/** A dead letter as shown to operators. Fields absent from the message are `undefined`. */
export interface DeadLetterView {
  /** Position in the dlq, 1 = oldest. */
  position: number;
  /** Event name (message `type`, else the body's `name`). */
  event?: string;
  /** Event id (message `messageId`, else the body's `id`). */
  id?: string;
  correlationId?: string;
  /** The event's `occurredAt` (ISO-8601) when the body is an event envelope. */
  occurredAt?: string;
  /** Deliveries made before it was dead-lettered (header `x-attempts`). */
  attempts?: number;
  /**
   * The last failure's message (header `x-reason`); for a message RabbitMQ dead-lettered itself (returned
   * more often than its queue's delivery limit) the `x-death` reason, e.g. `RabbitMQ dead-lettered it from
   * <queue>: delivery_limit`.
   */
  reason?: string;
  /** Times it was replayed before (header `x-replays`, 0 when never). */
  replays: number;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

/** Operator access to consumer queues on one AMQP connection. */
export interface DeadLetterAdmin {
  /** The queue names of `consumer` under this admin's prefix. */
  names(consumer: string): RabbitQueueNames;
  /** Message counts of each consumer's queues, in the order given. */
  depths(consumers: string[]): Promise<ConsumerQueueDepth[]>;
  /**
   * Up to `limit` (default 20) dead letters of `consumer`, oldest first, left in the dlq in their order
   * (every dead letter is fetched unacknowledged and requeued; see the module doc). `[]` when the dlq is
   * missing or empty.
   */
  peek(consumer: string, limit?: number): Promise<DeadLetterView[]>;
  /**
   * Moves up to `limit` dead letters (default: as many as the dlq held when called) of `consumer` back into
   * its queue, oldest first; resolves to the number moved (0 when the dlq is missing or empty).
   * @throws Error when the consumer's queue does not exist (it would be lost) or a publish is not confirmed
   *   (the messages not yet acked stay in the dlq).
   */
  replay(consumer: string, limit?: number): Promise<number>;
  /** Closes the connection. Idempotent. */
  close(): Promise<void>;
}

/** Headers that the retry and dead-letter path adds; a replay removes them. */
const DROPPED_HEADERS = new Set(['x-attempt', 'x-attempts', 'x-reason', 'x-consumer']);

function parse(content: Buffer): unknown {
  const text = content.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The operator view of dead letter `message` at `position` (1-based). */
export function viewDeadLetter(message: Pick<GetMessage, 'content' | 'properties'>, position: number) {
  const headers: Record<string, unknown> = message.properties.headers ?? {};
  const body = parse(message.content);
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const attempts = Number(headers['x-attempts']);
  const view: DeadLetterView = {
    position,
    event: str(message.properties.type) ?? str(envelope.name),
    id: str(message.properties.messageId) ?? str(envelope.id),
    correlationId: str(message.properties.correlationId) ?? str(envelope.correlationId),
    occurredAt: str(envelope.occurredAt),
    attempts: Number.isFinite(attempts) && headers['x-attempts'] !== undefined ? attempts : undefined,
    reason: str(headers['x-reason']) ?? brokerDeadLetterReason(headers),
    replays: Number(headers['x-replays'] ?? 0) || 0,
    body,
  };
  return view;
}

/**
 * Opens an admin connection to RabbitMQ at `url` for queues named with `queuePrefix` (as the services'
 * `AMQP_QUEUE_PREFIX`; absent = none).
 * @throws Error when RabbitMQ cannot be reached.
 */
export async function openDeadLetterAdmin(
  url: string,
  opts: { queuePrefix?: string | undefined } = {},
): Promise<DeadLetterAdmin> {
  const model: ChannelModel = await connect(url);
  model.on('error', () => {});
  let closed: Promise<void> | undefined;
  const names = (consumer: string) => rabbitQueueNames(consumer, opts.queuePrefix);

  const withChannel = <T>(fn: (channel: Channel) => Promise<T>) => onFreshChannel(model, fn);
  const check = (queue: string) => queueCounts(model, queue);

  return {
    names,
    async depths(consumers) {
      const out: ConsumerQueueDepth[] = [];
      for (const consumer of consumers) {
        const n = names(consumer);
        const [queue, retry, dlq] = [await check(n.queue), await check(n.retry), await check(n.dlq)];
        out.push({
          consumer,
          names: n,
          queue: queue?.messageCount ?? null,
          retry: retry?.messageCount ?? null,
          dlq: dlq?.messageCount ?? null,
          consumers: queue?.consumerCount ?? null,
        });
      }
      return out;
    },

    async peek(consumer, limit = 20) {
      const { dlq } = names(consumer);
      const held = (await check(dlq))?.messageCount ?? 0;
      try {
        return await withChannel(async (channel) => {
          const out: DeadLetterView[] = [];
          for (let read = 0; read < Math.max(held, limit); read++) {
            const message = await channel.get(dlq, { noAck: false });
            if (!message) break;
            if (out.length < limit) out.push(viewDeadLetter(message, out.length + 1));
          }
          channel.nackAll(true);
          return out;
        });
      } catch (err) {
        if (isMissingQueue(err)) return [];
        throw err;
      }
    },

    async replay(consumer, limit) {
      const n = names(consumer);
      const source = await check(n.dlq);
      if (!source) return 0;
      if (!(await check(n.queue))) throw new Error(`queue ${n.queue} does not exist; nothing replayed`);
      const max = Math.min(limit ?? source.messageCount, source.messageCount);
      const channel: ConfirmChannel = await model.createConfirmChannel();
      channel.on('error', () => {});
      let moved = 0;
      try {
        while (moved < max) {
          const message = await channel.get(n.dlq, { noAck: false });
          if (!message) break;
          const p = message.properties;
          const headers: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(p.headers ?? {})) {
            if (DROPPED_HEADERS.has(key) || isBrokerHeader(key)) continue;
            headers[key] = value;
          }
          headers['x-replays'] = (Number(p.headers?.['x-replays'] ?? 0) || 0) + 1;
          channel.publish('', n.queue, message.content, {
            persistent: true,
            headers,
            ...(p.contentType !== undefined ? { contentType: String(p.contentType) } : {}),
            ...(p.messageId !== undefined ? { messageId: String(p.messageId) } : {}),
            ...(p.type !== undefined ? { type: String(p.type) } : {}),
            ...(p.correlationId !== undefined ? { correlationId: String(p.correlationId) } : {}),
            ...(typeof p.timestamp === 'number' ? { timestamp: p.timestamp } : {}),
          });
          await channel.waitForConfirms();
          channel.ack(message);
          moved += 1;
        }
      } finally {
        await channel.close().catch(() => {});
      }
      return moved;
    },

    close() {
      closed ??= model.close().catch(() => {});
      return closed;
    },
  };
}
