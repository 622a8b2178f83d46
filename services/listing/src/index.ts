/** Listing service: the write side of car listings and the seller's cars. */
import { defineService } from '@marketplace/platform';
import { listingRoutes } from './routes';

export const listingService = defineService({
  name: 'listing',
  schema: 'listing',
  create: () => ({ router: listingRoutes() }),
});
