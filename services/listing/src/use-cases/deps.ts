/** The ports the listing flows use. */
import type { EventPayloads } from '@marketplace/contracts';
import type { Db, Outbox, Peers, RateLimiter } from '@marketplace/platform';
import type { Logger } from 'pino';

/** `createLimiter` counts listings created per user (`limits.createPerUser`). */
export interface ListingDeps {
  db: Db;
  outbox: Outbox<EventPayloads>;
  /** The catalog (reference facts) and storage (image confirmation), asked while the seller waits. */
  peers: Peers;
  clock: () => Date;
  logger: Logger;
  createLimiter: RateLimiter;
}
