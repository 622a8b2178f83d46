/**
 * What both modules of the catalog share in PostgreSQL: the schema `catalog` (reference-data/data/tables.ts
 * and cars/data/tables.ts define their tables in it), the service's messaging tables (outbox and inbox,
 * platform `messagingTables`) and the id check every lookup makes first.
 */
import { messagingTables } from '@marketplace/platform';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The catalog's PostgreSQL schema. */
export const schema = pgSchema('catalog');

/** The catalog's outbox and inbox tables (schema `catalog`). */
export const tables = messagingTables('catalog');

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `id` is a UUID in its canonical text form (any version, any case). Every id column of the
 * catalog is a `uuid`, so an id that is not one names nothing: callers answer 404/400 (or skip it) without
 * a query, which PostgreSQL would refuse anyway.
 */
export const isUuid = (id: string | undefined): id is string => id !== undefined && UUID_PATTERN.test(id);
