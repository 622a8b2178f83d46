/**
 * @marketplace/platform — the ports and adapters every service and the gateway share:
 * config, logger, errors, db (Drizzle over PGlite / node-postgres), bus (outbox, relay, inbox consumers;
 * in-process and RabbitMQ brokers), cache and rate limits (memory / Redis), auth, HTTP app, notifier, wiring.
 */
export * from './auth';
export * from './bus/consumer';
export * from './bus/outbox';
export * from './bus/relay';
export * from './bus/types';
export * from './cache/types';
export * from './config';
export * from './db/index';
export * from './db/messaging';
export * from './errors';
export * from './http';
export * from './logger';
export * from './notify/index';
export * from './runtime';
export * from './service';
export * from './validate';
export * from './standalone';
