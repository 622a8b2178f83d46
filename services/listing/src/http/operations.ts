/**
 * The listing service's API (spec §7 "Cars" writes and the seller's cars; issues 6 and 20): a handler
 * for each of its operations in packages/contracts `operations/cars.ts`, which declares method, path,
 * access, input and answers. The flows are in ../use-cases; errors are `{ message }` as those document.
 */
import { type EventPayloads, operationsOf } from '@marketplace/contracts';
import {
  answered,
  type BoundOperation,
  bindOperations,
  type ServicePorts,
  sendJson,
} from '@marketplace/platform';
import { carStore } from '../data/store';
import { parseIdempotencyKey } from '../domain/idempotency';
import { limits, messages } from '../domain/rules';
import { toSellerCar } from '../domain/serialize';
import { createListing, expiredKeyPurger } from '../use-cases/create-listing';
import { deleteListing } from '../use-cases/delete-listing';
import type { ListingDeps } from '../use-cases/deps';
import { updateListing } from '../use-cases/update-listing';

/** The service's operations bound to their handlers. */
export function listingOperations(ports: ServicePorts<EventPayloads>): BoundOperation[] {
  const deps: ListingDeps = {
    db: ports.db,
    outbox: ports.outbox,
    peers: ports.peers,
    clock: ports.clock,
    logger: ports.logger,
    createLimiter: ports.rateLimiters.create(limits.createPerUser),
  };
  const purgeExpiredKeys = expiredKeyPurger(deps);
  return bindOperations(operationsOf('listing'), {
    async listSellerCars(_input, { principal, res }) {
      const rows = await carStore.bySeller(deps.db, principal.id);
      // One user's private list: never stored by a shared cache.
      res.setHeader('cache-control', 'private, no-store');
      return { data: rows.map(toSellerCar) };
    },
    async createCar({ body }, { principal, req, res }) {
      const key = parseIdempotencyKey(req.headers['idempotency-key']);
      const answer = await createListing({ ...deps, purgeExpiredKeys }, principal, req, body, {
        key,
        rawBody: req.body,
      });
      if (answer.replayed) res.setHeader('idempotent-replayed', 'true');
      res.status(answer.status);
      sendJson(req, res, answer.response);
      return answered;
    },
    async updateCar({ params, body }, { principal, req }) {
      return {
        message: messages.updated,
        data: await updateListing(deps, principal, req, params.carId, body),
      };
    },
    async deleteCar({ params }, { principal }) {
      await deleteListing(deps, principal, params.carId);
      return { message: messages.deleted };
    },
  });
}
