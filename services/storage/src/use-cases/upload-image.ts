/** Receiving an image at a signed upload URL (spec §7 "Image and logo upload", step two; issues 6, 20). */
import { badRequest, forbidden, HttpError } from '@marketplace/platform';
import type { DecodeTicket } from '../domain/decode-queue';
import { ImageRejected } from '../domain/images';
import type { UploadGrant } from '../domain/signing';
import { messages } from '../http/messages';
import type { ImageLibrary } from './image-library';

/**
 * Stores `bytes` under the key `grant` signed for, decoding them with `ticket`'s place in the line.
 * @throws HttpError 403 the key is not the grant's; 409 already uploaded; 400 not raw bytes, or not a
 *   JPEG, PNG or WebP within the limits.
 */
export async function uploadImage(
  library: ImageLibrary,
  grant: UploadGrant,
  bytes: unknown,
  ticket: DecodeTicket,
): Promise<void> {
  const row = await library.byKey(grant.key);
  if (!row || row.ownerId !== grant.owner || row.type !== grant.type) throw forbidden(messages.badSignature);
  if (row.status !== 'pending') throw new HttpError(409, 'An image was already uploaded with this URL.');
  // Not raw bytes (a body parser before this route took it): that is no image either.
  if (!Buffer.isBuffer(bytes)) throw badRequest(messages.notJson);
  try {
    await library.ingest(grant.key, bytes, ticket);
  } catch (err) {
    if (err instanceof ImageRejected) throw new HttpError(err.status, err.message);
    throw err;
  }
}
