/**
 * The shape of a service. A service is a module `{ name, schema, create(ports) }`; `create` is the factory
 * of the architecture — it takes the service's ports and returns its HTTP router, its event consumers and
 * listeners and an optional seeder. The embedded host and the service's own `main.ts` both wire it with `startServices`.
 */
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { SigningKey, TokenVerifier } from './auth/index';
import type { Consumer, Listener } from './bus/consumer';
import type { EventMap, Outbox } from './bus/outbox';
import type { ConsumerDeclaration } from './bus/topology';
import type { EventEnvelope } from './bus/types';
import type { Cache, RateLimiterFactory } from './cache/types';
import type { Config } from './config';
import type { Db } from './db/index';
import type { Notifier } from './notify/index';
import type { BoundOperation } from './operations';
import type { PeerName, Peers } from './peers';
import type { ReadinessCheck } from './readiness';

/** What a service gets from the platform; `M` is the registry of the events it may emit. */
export interface ServicePorts<M extends EventMap = EventMap> {
  config: Config;
  logger: Logger;
  /** Queries and transactions; the service's tables live in its own schema. */
  db: Db;
  /** Transactions that emit events (transactional outbox). */
  outbox: Outbox<M>;
  cache: Cache;
  rateLimiters: RateLimiterFactory;
  /** Verifies session tokens (for `authenticate`). */
  tokens: TokenVerifier;
  /** The JWT signing key; present only where this process signs tokens (the auth service). */
  signingKey?: SigningKey;
  notifier: Notifier;
  /** Synchronous calls to other services' HTTP APIs, only where a user waits on current data. */
  peers: Peers;
  /** Current time; tests pass a fixed clock. */
  clock: () => Date;
  /**
   * True when every service runs in this one process (embedded mode), false when this service runs on its
   * own and may have replicas (distributed mode): decides, e.g., how the catalog keeps its search index.
   */
  embedded: boolean;
}

export interface ServiceParts<M extends EventMap = EventMap> {
  /** The service's API: a handler bound to each of its declared operations (`bindOperations`). */
  operations?: BoundOperation[];
  /** Routes outside the operation registry (e.g. the sitemap), mounted after every operation. */
  router?: Router;
  // biome-ignore lint/suspicious/noExplicitAny: consumers of different event types live in one list
  consumers?: Consumer<any, M>[];
  /** Per-process listeners (every replica receives each event; see `Listener`). */
  // biome-ignore lint/suspicious/noExplicitAny: listeners of different event types live in one list
  listeners?: Listener<any>[];
  /** Readiness checks of the service's own (e.g. an index still loading), added to `GET /readyz` as `<service>:<name>`. */
  readiness?: Record<string, ReadinessCheck>;
  /** Runs at every start, before the outbox relays: idempotent seeders (insert what is missing) and warming of in-memory indexes. */
  seed?: () => Promise<void>;
  /** Stops what `create` started of its own (timers), when the service stops; before the relays stop. */
  stop?: () => void | Promise<void>;
}

export interface ServiceModule<M extends EventMap = EventMap> {
  /** e.g. `catalog`. */
  name: string;
  /** PostgreSQL schema the service owns, e.g. `catalog`. */
  schema: string;
  /** Drizzle migrations folder (absolute path), if the service has tables of its own. */
  migrationsFolder?: string;
  /**
   * The durable consumers `create` returns, by name and events, declared without ports: the queues of
   * the whole system are declared from these before any service starts (bus/topology.ts). Starting fails
   * when `create` returns a consumer not declared here, or lacks one that is.
   */
  consumes?: readonly ConsumerDeclaration[];
  /** The events the service emits (its outbox refuses any other). */
  publishes?: readonly (keyof M & string)[];
  /** The services it calls synchronously through `peers` (the port refuses any other). */
  calls?: readonly PeerName[];
  /**
   * True for the one service that signs the session tokens and keeps their record (it owns the internal
   * operation `checkSession`). Run standalone, its process signs tokens and installs its own session
   * check; every other standalone service verifies tokens with JWKS_URL and calls `checkSession` (ADR 11).
   */
  issuesSessions?: boolean;
  create(ports: ServicePorts<M>): ServiceParts<M> | Promise<ServiceParts<M>>;
}

/** A service module whatever its event registry: what the hosts (embedded, standalone) wire. */
// biome-ignore lint/suspicious/noExplicitAny: the registry types the module's own code; a host only passes ports through
export type AnyServiceModule = ServiceModule<any>;

/**
 * Helper that keeps the declared type of `module` precise; `M` is the registry of the events the service
 * emits (`defineService<EventPayloads>(…)` for the services), which types its outbox and consumers.
 */
export function defineService<M extends EventMap = EventMap>(module: ServiceModule<M>): ServiceModule<M> {
  return module;
}

export type { EventEnvelope };
