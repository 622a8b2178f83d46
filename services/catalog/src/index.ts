/** Catalog service: states, RTOs, brands, models, variants; the car read model and search. */
import { defineService } from '@marketplace/platform';
import { catalogRoutes } from './routes';

export const catalogService = defineService({
  name: 'catalog',
  schema: 'catalog',
  create: () => ({ router: catalogRoutes() }),
});
