/**
 * What runs on the upload PUT before its body is read (issue 20): the signature check, then admission
 * (JSON refused, the owner's unconfirmed uploads capped, a place in the decode line), then a raw-body
 * parser of at most one byte over the limit. A refused request's body is discarded.
 */
import { MAX_UPLOAD_BYTES } from '@marketplace/contracts';
import { badRequest, type Config, forbidden, HttpError } from '@marketplace/platform';
import express, { type RequestHandler } from 'express';
import type { DecodeTicket } from '../domain/decode-queue';
import { isKey } from '../domain/keys';
import { type GrantProblem, type UploadGrant, verifyGrant } from '../domain/signing';
import { DecodeQueueFull, type ImageLibrary } from '../use-cases/image-library';
import { messages } from './messages';

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

const grantMessages: Record<GrantProblem, string> = {
  malformed: messages.badSignature,
  'bad-signature': messages.badSignature,
  expired: messages.expired,
};

/**
 * The middleware of the upload PUT, in order (see the module doc). Sets `req.uploadGrant` and
 * `req.decodeTicket`; the ticket is released when the response closes, whatever the outcome.
 * @throws (to `next`) HttpError 403 bad or expired signature, 400 JSON, 429 too many unconfirmed
 *   uploads, 503 + Retry-After the decode line is full, 413 over the size limit.
 */
export function uploadGuards(
  deps: { config: Pick<Config, 'UPLOAD_SIGNING_SECRET'>; clock: () => Date },
  library: ImageLibrary,
): RequestHandler[] {
  const verifySignature: RequestHandler = (req, _res, next) => {
    const key = String(req.params.key ?? '');
    const result = isKey(key)
      ? verifyGrant(deps.config.UPLOAD_SIGNING_SECRET, key, req.query, deps.clock().getTime())
      : ({ ok: false, problem: 'malformed' } as const);
    if (result.ok) {
      req.uploadGrant = result.grant;
      return next();
    }
    req.resume();
    next(forbidden(grantMessages[result.problem]));
  };

  const admitUpload: RequestHandler = async (req, res, next) => {
    try {
      if (req.is(['json', '+json'])) throw badRequest(messages.notJson);
      if (!(await library.mayUploadMore(req.uploadGrant!.owner))) {
        throw new HttpError(429, messages.tooManyUnconfirmed);
      }
      const ticket = library.queue.enter();
      if (!ticket) throw new DecodeQueueFull();
      req.decodeTicket = ticket;
      res.once('close', () => ticket.release());
      next();
    } catch (err) {
      req.resume();
      next(err);
    }
  };

  // Any content type: the content decides. One byte over the limit is enough to know it is too large.
  const rawBody = express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES + 1 });
  return [verifySignature, admitUpload, rawBody];
}
