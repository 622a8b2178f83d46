/**
 * HTTP routes of the listing service (spec §7 "Cars" writes and the seller's cars; issue 6):
 * - `POST /api/cars` (signed in) → 201 `{ message, data: listing }`;
 * - `GET /api/cars/seller` (signed in) → `{ data: [sellerCar…] }`, newest first;
 * - `PUT /api/cars/{carId}` (the seller or an Admin) → `{ message, data: listing }`;
 * - `DELETE /api/cars/{carId}` (the seller or an Admin) → `{ message }`.
 * Errors are `{ message }`: 400 naming the field, 401 signed out, 403 someone else's listing, 404 no such
 * listing, 409 a registration number already on another seller's active listing (issue 20), 429 too many
 * listings created, 503 when the catalog or storage cannot be asked.
 * Every change emits its `listing.car.*` event in the same transaction (outbox).
 *
 * `POST /api/cars` takes an optional `Idempotency-Key` header (issue 20, domain/idempotency.ts): the same
 * key and body from the same user within 24 h answer the first 201 again (`Idempotent-Replayed: true`)
 * without creating a second listing; another body → 422; the first request still running → 409.
 */
import { carCreateBody, carIdParams, carUpdateBody, type EventPayloads } from '@marketplace/contracts';
import {
  badRequest,
  conflict,
  type Db,
  forbidden,
  HttpError,
  notFound,
  onUniqueViolation,
  parseInput,
  requireUser,
  type ServicePorts,
} from '@marketplace/platform';
import { type Response, Router } from 'express';
import { idempotencyMessages, parseIdempotencyKey, requestHash } from './domain/idempotency';
import {
  assembleImages,
  checkReferences,
  duplicateImageKey,
  imageKeysToConfirm,
  limits,
  mayChange,
  messages,
} from './domain/rules';
import { toCarListing, toSellerCar } from './domain/serialize';
import { emitCarDeleted, emitCarSaved } from './events';
import { confirmImages, referenceFacts } from './peers';
import { type CarChanges, type CarRow, carStore, idempotencyStore } from './store';

/** @throws HttpError 400 naming `images[i].key` when a key repeats. */
function assertNoDuplicateImages(images: Array<{ key: string }>): void {
  const dup = duplicateImageKey(images);
  if (dup) throw badRequest(`images[${dup.index}].key: the image ${dup.key} is listed twice`);
}

/** The 409 of a registration number on another seller's active listing (issue 20); it names the field. */
export const regNumberTakenMessage =
  "specifications.regNumber: this registration number is already on another seller's active listing";

/**
 * Refuses `regNumber` when another seller has an active listing with it (issue 20). Runs inside the
 * transaction that writes the listing (advisory lock on the number, see `carStore.regNumberTakenByOther`).
 * @throws HttpError 409 {@link regNumberTakenMessage}.
 */
async function assertRegNumberFree(tx: Db, regNumber: string, sellerId: string, exceptCarId?: string) {
  if (await carStore.regNumberTakenByOther(tx, regNumber, sellerId, exceptCarId)) {
    throw conflict(regNumberTakenMessage);
  }
}

/** The listing service's router. */
export function listingRoutes(ports: ServicePorts<EventPayloads>): Router {
  const { db, outbox, peers } = ports;
  const createLimiter = ports.rateLimiters.create(limits.createPerUser);
  const router = Router();

  /** Consumes one creation for `userId`. @throws HttpError 429 (with Retry-After, s) when exhausted. */
  async function limitCreation(res: Response, userId: string): Promise<void> {
    const result = await createLimiter.consume(userId);
    if (result.allowed) return;
    res.setHeader('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
    throw new HttpError(429, messages.tooMany);
  }

  let lastPurge = Number.NEGATIVE_INFINITY;
  /**
   * Deletes stored Idempotency-Key answers older than 24 h, at most once an hour, in the background (they
   * are ignored when read anyway; this only keeps the table small).
   */
  function purgeExpiredKeys(): void {
    const now = ports.clock();
    if (now.getTime() - lastPurge < 60 * 60_000) return;
    lastPurge = now.getTime();
    idempotencyStore
      .purgeExpired(db, now)
      .catch((err: unknown) => ports.logger.warn({ err }, 'expired idempotency keys not purged'));
  }

  /** The listing `carId` if the caller may change it. @throws 404 unknown, 403 someone else's. */
  async function changeable(carId: string, principal: NonNullable<Express.Request['principal']>) {
    const car = await carStore.byId(db, carId);
    if (!car) throw notFound(messages.notFound);
    if (!mayChange(principal, car.sellerId)) throw forbidden(messages.notYours);
    return car;
  }

  router.get('/api/cars/seller', requireUser, async (req, res) => {
    const rows = await carStore.bySeller(db, req.principal!.id);
    // One user's private list: never stored by a shared cache.
    res.setHeader('cache-control', 'private, no-store');
    res.json({ data: rows.map(toSellerCar) });
  });

  router.post('/api/cars', requireUser, async (req, res) => {
    const idempotencyKey = parseIdempotencyKey(req.headers['idempotency-key']);
    const body = parseInput(carCreateBody, req.body);
    assertNoDuplicateImages(body.images);
    const seller = req.principal!.id;
    const claim = idempotencyKey ? { userId: seller, key: idempotencyKey } : undefined;
    if (claim) {
      purgeExpiredKeys();
      const found = await idempotencyStore.claim(
        db,
        { ...claim, requestHash: requestHash(req.body) },
        ports.clock(),
      );
      if (found.kind === 'different-body') throw new HttpError(422, idempotencyMessages.differentBody);
      if (found.kind === 'in-progress') throw conflict(idempotencyMessages.inProgress);
      if (found.kind === 'replay') {
        res.setHeader('idempotent-replayed', 'true');
        res.status(found.status).json(found.response);
        return;
      }
    }
    try {
      await limitCreation(res, seller);
      const checked = checkReferences(body, await referenceFacts(peers, req, body));
      if ('problem' in checked) throw badRequest(checked.problem);
      const images = await confirmImages(
        peers,
        req,
        body.images.map((i) => i.key),
      );
      // The database's own guard (trigger cars_reg_number_guard, a unique violation) answers the same 409.
      const answer = await onUniqueViolation(
        () =>
          outbox.transaction(async (tx, emit) => {
            await assertRegNumberFree(tx, body.specifications.regNumber, seller);
            const row = await carStore.insert(tx, {
              sellerId: seller,
              brandId: body.brand,
              modelId: body.model,
              variantId: body.variant,
              ...checked.names,
              manufacturerYear: body.manufacturerYear,
              condition: body.condition,
              fuelType: body.fuelType,
              transmission: body.transmission,
              status: body.status,
              stateId: body.state,
              rtoId: body.rto,
              price: body.price,
              description: body.description ?? null,
              location: body.location,
              specifications: body.specifications,
              history: body.history,
              images,
            });
            await emitCarSaved(emit, 'listing.car.created', row);
            const response = { message: messages.created, data: toCarListing(row) };
            // The stored answer commits with the listing: a retry finds either both or neither.
            if (claim) await idempotencyStore.complete(tx, claim, { status: 201, response });
            return response;
          }),
        () => conflict(regNumberTakenMessage),
      );
      res.status(201).json(answer);
    } catch (err) {
      if (claim) await idempotencyStore.release(db, claim).catch(() => {});
      throw err;
    }
  });

  router.put('/api/cars/:carId', requireUser, async (req, res) => {
    const { carId } = parseInput(carIdParams, req.params);
    const body = parseInput(carUpdateBody, req.body);
    const current = await changeable(carId, req.principal!);
    const changes: CarChanges = {};
    if (body.price !== undefined) changes.price = body.price;
    if (body.description !== undefined) changes.description = body.description;
    if (body.status !== undefined) changes.status = body.status;
    if (body.specifications) {
      changes.specifications = { ...current.specifications, kmDriven: body.specifications.kmDriven };
    }
    if (body.images) {
      assertNoDuplicateImages(body.images);
      const fresh = imageKeysToConfirm(current.images, body.images);
      const confirmed = await confirmImages(
        peers,
        req,
        fresh.map((f) => f.key),
        fresh.map((f) => f.index),
      );
      changes.images = assembleImages(body.images, current.images, confirmed);
    }
    const listing = await onUniqueViolation(
      () =>
        outbox.transaction(async (tx, emit) => {
          // Back on sale (sold → used): the number must not be on another seller's active listing (issue 20).
          if (changes.status === 'used' && current.status !== 'used') {
            await assertRegNumberFree(tx, current.specifications.regNumber, current.sellerId, current.id);
          }
          const row: CarRow | undefined = await carStore.update(tx, current.id, changes);
          if (!row) throw notFound(messages.notFound);
          await emitCarSaved(emit, 'listing.car.updated', row);
          return toCarListing(row);
        }),
      () => conflict(regNumberTakenMessage),
    );
    res.json({ message: messages.updated, data: listing });
  });

  router.delete('/api/cars/:carId', requireUser, async (req, res) => {
    const { carId } = parseInput(carIdParams, req.params);
    const current = await changeable(carId, req.principal!);
    await outbox.transaction(async (tx, emit) => {
      const row = await carStore.remove(tx, current.id);
      if (!row) throw notFound(messages.notFound);
      await emitCarDeleted(emit, toCarListing(row), req.principal!.id);
    });
    res.json({ message: messages.deleted });
  });

  return router;
}
