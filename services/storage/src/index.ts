/** Storage service: signed upload URLs, image validation, resized variants, serving. */
import { defineService } from '@marketplace/platform';
import { storageRoutes } from './routes';

export const storageService = defineService({
  name: 'storage',
  schema: 'storage',
  create: () => ({ router: storageRoutes() }),
});
