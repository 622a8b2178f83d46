/**
 * Declares every consumer's queues before any service starts. Without it, on the first start against a
 * fresh broker (or queue prefix) an event published before its consumer's queue exists is routed nowhere
 * and lost — e.g. the catalog announces its 300 demo cars while test-drive is still starting, or auth
 * registers the first administrator before notification has subscribed.
 *
 * The declarations are exactly those of the RabbitMQ broker adapter
 * (packages/platform/src/bus/rabbitmq.ts, `declareConsumerTopology`): the durable topic exchange; per
 * consumer a durable queue bound to each of its events, `….retry` with `x-dead-letter-exchange: ''` and
 * `x-dead-letter-routing-key: <queue>`, and `….dlq`. Declaring them again is a no-op; a mismatch in
 * arguments would make the services' own declaration fail at start (the distributed test would show it).
 */
import { connect } from 'amqplib';
import type { ConsumerSpec } from './consumers';

/**
 * Declares the exchange and the queues of `consumers` on RabbitMQ at `url`.
 * @throws Error when RabbitMQ cannot be reached or refuses a declaration (e.g. a queue exists with other
 *   arguments).
 */
export async function declareConsumerQueues(
  url: string,
  opts: { exchange: string; queuePrefix?: string | undefined; consumers: ConsumerSpec[] },
): Promise<void> {
  const model = await connect(url);
  model.on('error', () => {});
  try {
    const channel = await model.createChannel();
    await channel.assertExchange(opts.exchange, 'topic', { durable: true });
    for (const consumer of opts.consumers) {
      const queue = opts.queuePrefix ? `${opts.queuePrefix}.${consumer.name}` : consumer.name;
      await channel.assertQueue(queue, { durable: true });
      for (const key of consumer.events) await channel.bindQueue(queue, opts.exchange, key);
      await channel.assertQueue(`${queue}.retry`, {
        durable: true,
        arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
      });
      await channel.assertQueue(`${queue}.dlq`, { durable: true });
    }
    await channel.close();
  } finally {
    await model.close().catch(() => {});
  }
}
