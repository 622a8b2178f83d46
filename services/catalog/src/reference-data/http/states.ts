import type { Db } from '@marketplace/platform';
import { asc, ilike } from 'drizzle-orm';
import { toApiState } from '../../domain/serialize';
import { states } from '../../store';
import { likePattern, publicCache } from './common';
import type { CatalogHandlers } from './handlers';

export function stateHandlers(db: Db): CatalogHandlers<'listStates'> {
  return {
    listStates: {
      before: [publicCache],
      async handle(input) {
        const { keyword } = input.query;
        const rows = await db
          .select()
          .from(states)
          .where(keyword ? ilike(states.name, likePattern(keyword)) : undefined)
          .orderBy(asc(states.name));
        return { data: rows.map(toApiState) };
      },
    },
  };
}
