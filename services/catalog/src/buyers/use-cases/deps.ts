/** The ports the buyers' flows use (issue 24). */
import type { EventPayloads } from '@marketplace/contracts';
import type { Db, Outbox } from '@marketplace/platform';

/** The catalog's database and outbox, and the secret that signs the alerts' unsubscribe links. */
export interface BuyersDeps {
  db: Db;
  /** The catalog's outbox: the daily digests emit `catalog.alert.search_matched` with it. */
  outbox: Outbox<EventPayloads>;
  /** HMAC secret of the unsubscribe tokens (config `ALERT_SIGNING_SECRET`). */
  alertSecret: string;
}
