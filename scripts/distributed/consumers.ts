/**
 * The event consumers of the system, as the services declare them (`ServiceModule.consumes`, read by
 * `systemConsumers` in packages/platform/src/bus/topology.ts), so the launcher, the ops CLI and the
 * `declare-queues` step never keep a list of their own that could drift. Each consumer has the queues
 * `<prefix>.<name>`, `….retry` and `….dlq` in RabbitMQ.
 */
import { type SystemConsumer, systemConsumers } from '@marketplace/platform';
import { serviceModules } from '../../gateway/src/services';

/** Every durable consumer of every service (auth and storage consume none), in service start order. */
export function consumerSpecs(): SystemConsumer[] {
  return systemConsumers(serviceModules);
}

/** Every consumer name of the system, grouped by service in start order. */
export function allConsumerNames(): string[] {
  return consumerSpecs().map((c) => c.name);
}
