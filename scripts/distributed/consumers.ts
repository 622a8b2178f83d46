/**
 * The event consumers of every service, by name, taken from the services' own consumer factories (the
 * same calls their `index.ts` makes), so the ops CLI never keeps a list of its own that could drift.
 * Each consumer has the queues `<prefix>.<name>`, `….retry` and `….dlq` in RabbitMQ.
 */
import type { Notifier } from '@marketplace/platform';
import { carProjection } from '../../services/catalog/src/projection';
import {
  userDeletedConsumer as listingUserDeleted,
  referenceNamesConsumer,
} from '../../services/listing/src/events';
import { notificationConsumers } from '../../services/notification/src/events';
import {
  carProjectionConsumer,
  userDeletedConsumer as testDriveUserDeleted,
} from '../../services/test-drive/src/events';
import type { ServiceName } from './settings';

/** A notifier that is never called: the factories only need one to build their handlers. */
const unused: Notifier = {
  kind: 'unused',
  sendMail: () => Promise.reject(new Error('not for sending')),
  sendSms: () => Promise.reject(new Error('not for sending')),
};

/** One consumer: its service, its name (queue `<prefix>.<name>`) and the event names it is bound to. */
export interface ConsumerSpec {
  service: ServiceName;
  name: string;
  events: string[];
}

/** Every consumer of every service that consumes events (auth and storage consume none), in port order. */
export function consumerSpecs(): ConsumerSpec[] {
  const groups: Array<[ServiceName, Array<{ name: string; events: string[] }>]> = [
    ['catalog', [carProjection()]],
    ['listing', [listingUserDeleted(), referenceNamesConsumer()]],
    ['test-drive', [carProjectionConsumer(), testDriveUserDeleted()]],
    ['notification', notificationConsumers({ notifier: unused, sealSecret: '' })],
  ];
  return groups.flatMap(([service, consumers]) =>
    consumers.map((c) => ({ service, name: c.name, events: [...c.events] })),
  );
}

/** Every consumer name of the system, grouped by service in port order. */
export function allConsumerNames(): string[] {
  return consumerSpecs().map((c) => c.name);
}
