/**
 * @marketplace/platform — the ports and adapters every service and the gateway share:
 * config, logger, errors, db (Drizzle over PGlite / node-postgres), bus (outbox, relay, inbox consumers;
 * in-process and RabbitMQ brokers), cache and rate limits (memory / Redis), auth, HTTP app, notifier, wiring.
 */
export * from './auth/index';
export * from './bus/consumer';
export * from './bus/dead-letters';
export { createInProcessBroker, topicMatches } from './bus/inprocess';
export * from './bus/outbox';
export * from './bus/queue-migration';
export { BrokerUnavailableError, createRabbitBroker } from './bus/rabbitmq';
export * from './bus/relay';
export * from './bus/topology';
export * from './bus/types';
export * from './cache/index';
export * from './cached-json';
export * from './config';
export * from './db/index';
export * from './db/messaging';
export * from './db/prune';
export * from './errors';
export * from './http';
export * from './logger';
export * from './metrics';
export * from './notify/index';
export * from './operations';
export * from './origin';
export * from './peer-operations';
export * from './peers';
export type { ReadinessCheck } from './readiness';
export * from './runtime';
export * from './service';
export * from './standalone';
export * from './validate';
