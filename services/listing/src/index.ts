/**
 * Listing service: the write side of car listings and the seller's cars (docs/architecture.md, issue 6).
 * Owns schema `listing` (table `cars`, migrations in ../migrations); asks the catalog and storage
 * synchronously while a seller waits (clients/peers.ts); publishes `listing.car.*` through its outbox and
 * consumes `auth.user.deleted` and `catalog.*.changed` (events/). Layout: http/ binds the operations,
 * use-cases/ holds one flow per file, domain/ the pure rules, data/ the tables.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventPayloads } from '@marketplace/contracts';
import { defineService } from '@marketplace/platform';
import { consumes, referenceNamesConsumer, userDeletedConsumer } from './events/consumers';
import { listingOperations } from './http/operations';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export const listingService = defineService<EventPayloads>({
  name: 'listing',
  schema: 'listing',
  migrationsFolder,
  consumes: Object.values(consumes),
  publishes: ['listing.car.created', 'listing.car.updated', 'listing.car.deleted'],
  calls: ['catalog', 'storage'],
  create: (ports) => ({
    operations: listingOperations(ports),
    consumers: [userDeletedConsumer(), referenceNamesConsumer()],
  }),
});

/** The listings as a source for the ops CLI's `search reindex` (not for other services, ADR 16). */
export { type ListingSource, listingSource } from './data/listing-source';
