/**
 * HTTP routes of the storage service (spec §7 "Image and logo upload (two steps)"; issue 6):
 * - `GET /api/storage/limits` → `{ data: limits }`;
 * - `POST /api/storage/getUrl?type=cars|logo` (signed in, rate-limited per user) →
 *   `{ success, message, uploadUrl, key, data: { key } }`;
 * - `PUT /api/storage/upload/{key}?type&owner&expires&sig` (no credentials; the HMAC signature
 *   authorises) with the raw image → 200 `{ success, message, key, url }`; 400 not a JPEG/PNG/WebP, over
 *   8000 px a side or over 40 MP, or sent as JSON; 413 over 10 MB, 403 bad or expired signature, 409
 *   already uploaded, 429 too many unconfirmed uploads of the owner, 503 + Retry-After when the decode line
 *   is full (issue 20; checked before the body is read);
 * - `POST /api/storage/images/confirm` (signed in) `{ type, keys }` → `{ data: { images } }` or 400
 *   `{ message, index }`; 503 + Retry-After when an S3 upload must be decoded and the line is full;
 * - `GET /api/storage/images/{key}` (the original) and `GET /api/storage/images/{key}/{width}.webp`,
 *   cacheable forever (`immutable`, strong ETag); 404 JSON when unknown.
 */
import { pipeline } from 'node:stream/promises';
import {
  confirmImagesBody,
  type EventPayloads,
  MAX_UPLOAD_BYTES,
  uploadUrlQuery,
} from '@marketplace/contracts';
import {
  badRequest,
  forbidden,
  HttpError,
  notFound,
  parseInput,
  requireUser,
  type ServicePorts,
} from '@marketplace/platform';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { type DecodeTicket, IMAGE_QUEUE_RETRY_AFTER_SECONDS } from './domain/decode-queue';
import { CONTENT_TYPES, ImageRejected } from './domain/images';
import { isKey } from './domain/keys';
import { MAX_UNCONFIRMED_UPLOADS, uploadLimits } from './domain/limits';
import { type GrantProblem, type UploadGrant, verifyGrant } from './domain/signing';
import { DecodeQueueFull, type ImageLibrary, imageUrl } from './library';

/** Rate limit of `getUrl`: upload URLs per user per 10 minutes (a listing has at most 20 images). */
export const getUrlLimit = { name: 'storage-get-url-user', points: 60, durationMs: 10 * 60_000 } as const;

/** Cache headers of stored images: their URLs never change content. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const messages = {
  urlCreated: 'Upload URL created.',
  uploaded: 'Image uploaded successfully.',
  tooMany: 'Too many uploads. Please try again later.',
  badSignature: 'This upload URL is invalid.',
  expired: 'This upload URL has expired. Please request a new one.',
  imageNotFound: 'Image not found.',
  /** Issue 20: an upload PUT whose content type is JSON (the app's JSON parser took the body). */
  notJson: 'The upload must be the raw image bytes (JPEG, PNG or WebP), not JSON.',
  /** Issue 20: the cap on uploaded but unconfirmed images per user. */
  tooManyUnconfirmed: `You have ${MAX_UNCONFIRMED_UPLOADS} uploaded images that no listing uses yet. Finish or discard a listing, or try again tomorrow.`,
} as const;

const grantMessages: Record<GrantProblem, string> = {
  malformed: messages.badSignature,
  'bad-signature': messages.badSignature,
  expired: messages.expired,
};

declare global {
  namespace Express {
    interface Request {
      /** Set on the upload PUT once its signature is verified. */
      uploadGrant?: UploadGrant;
      /** The upload PUT's place in the decode line (issue 20), released when the response closes. */
      decodeTicket?: DecodeTicket;
    }
  }
}

const SIZE_FILE = /^(\d{1,5})\.webp$/;

/** The router. */
export function storageRoutes(ports: ServicePorts<EventPayloads>, library: ImageLibrary): Router {
  const router = Router();
  const perUser = ports.rateLimiters.create(getUrlLimit);

  router.get('/api/storage/limits', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=3600');
    res.json({ data: uploadLimits });
  });

  /** Answers 503 with Retry-After: the decode line is full (issue 20). */
  function queueFull(res: Response): HttpError {
    res.setHeader('retry-after', String(IMAGE_QUEUE_RETRY_AFTER_SECONDS));
    return new DecodeQueueFull();
  }

  router.post('/api/storage/getUrl', requireUser, async (req, res) => {
    const { type } = parseInput(uploadUrlQuery, req.query);
    const principal = req.principal!;
    const limit = await perUser.consume(principal.id);
    if (!limit.allowed) {
      res.setHeader('retry-after', String(Math.max(1, Math.ceil(limit.retryAfterMs / 1000))));
      throw new HttpError(429, messages.tooMany);
    }
    if (!(await library.mayUploadMore(principal.id))) throw new HttpError(429, messages.tooManyUnconfirmed);
    const { key, uploadUrl } = await library.createUpload(principal.id, type);
    res.json({ success: true, message: messages.urlCreated, uploadUrl, key, data: { key } });
  });

  /**
   * Verifies the signature before the body is read: a refused request is answered 403 at once and its
   * body discarded.
   */
  const verifySignature: RequestHandler = (req, _res, next) => {
    const key = String(req.params.key ?? '');
    const result = isKey(key)
      ? verifyGrant(ports.config.UPLOAD_SIGNING_SECRET, key, req.query, ports.clock().getTime())
      : ({ ok: false, problem: 'malformed' } as const);
    if (result.ok) {
      req.uploadGrant = result.grant;
      return next();
    }
    req.resume();
    next(forbidden(grantMessages[result.problem]));
  };

  /**
   * Before the body is read (issue 20): a JSON content type → 400 (the app's JSON parser would have taken
   * the body); the owner's unconfirmed uploads at the cap → 429; no place in the decode line → 503 with
   * Retry-After. A refused request's body is discarded. The place taken is released when the response
   * closes, whatever the outcome.
   */
  const admitUpload: RequestHandler = async (req, res, next) => {
    try {
      if (req.is(['json', '+json'])) throw badRequest(messages.notJson);
      if (!(await library.mayUploadMore(req.uploadGrant!.owner))) {
        throw new HttpError(429, messages.tooManyUnconfirmed);
      }
      const ticket = library.queue.enter();
      if (!ticket) throw queueFull(res);
      req.decodeTicket = ticket;
      res.once('close', () => ticket.release());
      next();
    } catch (err) {
      req.resume();
      next(err);
    }
  };

  router.put(
    '/api/storage/upload/:key',
    verifySignature,
    admitUpload,
    // Any content type: the content decides. One byte over the limit is enough to know it is too large.
    express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES + 1 }),
    async (req, res) => {
      const grant = req.uploadGrant!;
      const row = await library.byKey(grant.key);
      if (!row || row.ownerId !== grant.owner || row.type !== grant.type) {
        throw forbidden(messages.badSignature);
      }
      if (row.status !== 'pending') throw new HttpError(409, 'An image was already uploaded with this URL.');
      // Not raw bytes (a body parser before this route took it): that is no image either.
      if (!Buffer.isBuffer(req.body)) throw badRequest(messages.notJson);
      try {
        await library.ingest(grant.key, req.body, req.decodeTicket!);
      } catch (err) {
        if (err instanceof ImageRejected) throw new HttpError(err.status, err.message);
        throw err;
      }
      res.json({ success: true, message: messages.uploaded, key: grant.key, url: imageUrl(grant.key) });
    },
  );

  router.post('/api/storage/images/confirm', requireUser, async (req, res) => {
    const body = parseInput(confirmImagesBody, req.body);
    const result = await library.confirm(req.principal!, body).catch((err: unknown) => {
      throw err instanceof DecodeQueueFull ? queueFull(res) : err;
    });
    if (!result.ok) {
      res.status(400).json({ message: result.message, index: result.index });
      return;
    }
    res.json({ data: { images: result.images } });
  });

  /** Streams a stored file with immutable cache headers and a strong ETag (304 when it matches). */
  async function serve(req: Request, res: Response, key: string, width?: number) {
    const row = isKey(key) ? await library.stored(key) : undefined;
    if (!row?.format || !row.hash) throw notFound(messages.imageNotFound);
    const file = await library.open(row, width);
    if (!file) throw notFound(messages.imageNotFound);
    res.setHeader('cache-control', IMAGE_CACHE_CONTROL);
    res.setHeader('etag', `"${row.hash}-${width ?? 'o'}"`);
    // Front ends may run on other origins (distributed mode); helmet's default would block them.
    res.setHeader('cross-origin-resource-policy', 'cross-origin');
    if (req.fresh || req.method === 'HEAD') {
      file.body.destroy();
      if (req.fresh) res.status(304).end();
      else {
        res.type(width ? 'image/webp' : CONTENT_TYPES[row.format]);
        res.setHeader('content-length', String(file.length));
        res.end();
      }
      return;
    }
    res.type(width ? 'image/webp' : CONTENT_TYPES[row.format]);
    res.setHeader('content-length', String(file.length));
    await pipeline(file.body, res);
  }

  router.get('/api/storage/images/:key', async (req, res) => {
    await serve(req, res, req.params.key);
  });

  router.get('/api/storage/images/:key/:file', async (req, res) => {
    const match = SIZE_FILE.exec(req.params.file);
    if (!match) throw notFound(messages.imageNotFound);
    await serve(req, res, req.params.key, Number(match[1]));
  });

  return router;
}
