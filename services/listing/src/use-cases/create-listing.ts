/**
 * Listing a car for sale (spec §7 `POST /api/cars`; issues 6 and 20), with the optional `Idempotency-Key`
 * (domain/idempotency.ts): the same key and body from the same user within 24 h answer the first 201
 * again without creating a second listing; another body → 422; the first request still running → 409.
 */
import type { carCreateBody } from '@marketplace/contracts';
import { badRequest, conflict, HttpError, type Principal, tooManyRequests } from '@marketplace/platform';
import type { Request } from 'express';
import type { z } from 'zod';
import { confirmImages, referenceFacts } from '../clients/peers';
import { carStore, idempotencyStore } from '../data/store';
import { idempotencyMessages, requestHash } from '../domain/idempotency';
import { checkReferences, messages } from '../domain/rules';
import { toCarListing } from '../domain/serialize';
import { emitCarSaved } from '../events/publish';
import type { ListingDeps } from './deps';
import { assertNoDuplicateImages } from './images';
import { assertRegNumberFree, onRegNumberTaken } from './registration-number';

/** The answer to a create: its status and body, and whether it repeats an earlier one. */
export interface CreateListingAnswer {
  status: number;
  response: unknown;
  replayed: boolean;
}

/**
 * Deletes stored Idempotency-Key answers older than 24 h, at most once an hour, in the background (they
 * are ignored when read anyway; this only keeps the table small). One purger per process.
 */
export function expiredKeyPurger(deps: Pick<ListingDeps, 'db' | 'clock' | 'logger'>): () => void {
  let lastPurge = Number.NEGATIVE_INFINITY;
  return () => {
    const now = deps.clock();
    if (now.getTime() - lastPurge < 60 * 60_000) return;
    lastPurge = now.getTime();
    idempotencyStore
      .purgeExpired(deps.db, now)
      .catch((err: unknown) => deps.logger.warn({ err }, 'expired idempotency keys not purged'));
  };
}

/**
 * Creates `body` as `caller`'s listing and emits `listing.car.created` in the same transaction; the
 * catalog and storage are asked first with `forward`'s credentials (clients/peers.ts). With
 * `idempotencyKey`, the answer is stored with the listing (`rawBody` is what its hash covers).
 * @throws HttpError 400 naming the field (a repeated image, an unknown or mismatched reference, an image
 *   storage refuses); 409 the registration number on another seller's active listing, or the same key
 *   still running; 422 the key with another body; 429 (Retry-After) past the creation limit; 503 the
 *   catalog or storage cannot be asked.
 */
export async function createListing(
  deps: ListingDeps & { purgeExpiredKeys: () => void },
  caller: Principal,
  forward: Request,
  body: z.output<typeof carCreateBody>,
  idempotency: { key: string | undefined; rawBody: unknown },
): Promise<CreateListingAnswer> {
  assertNoDuplicateImages(body.images);
  const seller = caller.id;
  const claim = idempotency.key ? { userId: seller, key: idempotency.key } : undefined;
  if (claim) {
    deps.purgeExpiredKeys();
    const found = await idempotencyStore.claim(
      deps.db,
      { ...claim, requestHash: requestHash(idempotency.rawBody) },
      deps.clock(),
    );
    if (found.kind === 'different-body') throw new HttpError(422, idempotencyMessages.differentBody);
    if (found.kind === 'in-progress') throw conflict(idempotencyMessages.inProgress);
    if (found.kind === 'replay') return { status: found.status, response: found.response, replayed: true };
  }
  try {
    const limit = await deps.createLimiter.consume(seller);
    if (!limit.allowed) throw tooManyRequests(messages.tooMany, limit.retryAfterMs);
    const checked = checkReferences(body, await referenceFacts(deps.peers, forward, body));
    if ('problem' in checked) throw badRequest(checked.problem);
    const images = await confirmImages(
      deps.peers,
      forward,
      body.images.map((i) => i.key),
    );
    const response = await onRegNumberTaken(() =>
      deps.outbox.transaction(async (tx, emit) => {
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
        const answer = { message: messages.created, data: toCarListing(row) };
        // The stored answer commits with the listing: a retry finds either both or neither.
        if (claim) await idempotencyStore.complete(tx, claim, { status: 201, response: answer });
        return answer;
      }),
    );
    return { status: 201, response, replayed: false };
  } catch (err) {
    if (claim) await idempotencyStore.release(deps.db, claim).catch(() => {});
    throw err;
  }
}
