/**
 * Declares every consumer's RabbitMQ queues (exchange, queue, `.retry`, `.dlq`, bindings) before the
 * services start, as `npm run start:distributed` does (`declareTopology`, packages/platform/src/bus/
 * topology.ts, over the consumers the services declare). Without it, on a fresh broker an event published before its consumer's queue exists is routed nowhere and lost: the catalog announces
 * its demo cars while test-drive is still starting, auth registers the first administrator before
 * notification has subscribed. Idempotent (declaring again is a no-op), so it runs before every start:
 * the `rabbitmq-topology` job in infra/docker-compose.yml and the `declare-queues` init container of each
 * service in infra/k8s. Shipped in the `ops` image. The queues are quorum queues (ADR 23); on a broker that
 * still has the classic queues of an older version it fails with `QueueArgumentsError`, whose message says
 * to stop the consumers and run `npm run ops -- queues migrate` (docs/operations.md, "Queues").
 *
 * Environment: AMQP_URL, AMQP_EXCHANGE (default marketplace.events), AMQP_QUEUE_PREFIX.
 */

import { declareTopology } from '@marketplace/platform';
import { consumerSpecs } from '../../scripts/distributed/consumers';
import { resolveSettings } from '../../scripts/distributed/settings';

const settings = resolveSettings(process.env);
const consumers = consumerSpecs();
await declareTopology(settings.amqpUrl, {
  exchange: settings.amqpExchange,
  queuePrefix: settings.queuePrefix,
  consumers,
});
process.stdout.write(
  `${JSON.stringify({ msg: 'consumer queues declared', exchange: settings.amqpExchange, queues: consumers.map((c) => c.name) })}\n`,
);
