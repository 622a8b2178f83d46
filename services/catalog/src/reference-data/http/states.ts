/** States (spec §7): `GET /api/carstate?keyword=` → `{ data: [states] }`, public and revalidated (issue 12). */
import type { Db } from '@marketplace/platform';
import type { CatalogHandlers } from '../../handlers';
import { stateStore } from '../data/states';
import { toApiState } from '../domain/serialize';
import { publicCache } from './public-cache';

/** The state handlers over the catalog's database `db`. */
export function stateHandlers(db: Db): CatalogHandlers<'listStates'> {
  return {
    listStates: {
      before: [publicCache],
      async handle({ query }) {
        return { data: (await stateStore.list(db, query.keyword)).map(toApiState) };
      },
    },
  };
}
