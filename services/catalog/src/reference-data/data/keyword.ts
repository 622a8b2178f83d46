/** The `keyword` filter of the reference data lists: a case-insensitive substring of a text column. */
import { ilike, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%term%` for ILIKE with the wildcards of the term escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ILIKE '%keyword%'` (wildcards in `keyword` taken literally); no condition without a keyword. */
export function containsKeyword(column: PgColumn, keyword: string | undefined): SQL | undefined {
  return keyword ? ilike(column, likePattern(keyword)) : undefined;
}
