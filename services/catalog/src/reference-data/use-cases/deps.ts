/** The ports the reference data flows use. */
import type { EventPayloads } from '@marketplace/contracts';
import type { Db, Outbox, Peers } from '@marketplace/platform';
import type { ListedBrands } from '../data/listed-brands';

/** `logosDir` is the folder of the seeded logos (services/catalog/data/logos, `<slug>.svg`). */
export interface ReferenceDataDeps {
  db: Db;
  /** The catalog's outbox: each brand, model or variant change emits its `catalog.*.changed` with it. */
  outbox: Outbox<EventPayloads>;
  /** The storage service, which confirms an uploaded logo's key (issue 6). */
  peers: Peers;
  logosDir: string;
  /** The kept list of every brand with its models; forgotten after each brand or model change. */
  listedBrands: ListedBrands;
}
