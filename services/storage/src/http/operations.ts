/**
 * The storage service's API (spec §7 "Image and logo upload (two steps)"; issues 6 and 20): a handler for
 * each of its operations in packages/contracts `operations/storage.ts`, which declares method, path,
 * access, input and answers:
 * - `getUploadUrl` → `{ success, message, uploadUrl, key, data: { key } }`;
 * - `uploadImage` (no credentials; the HMAC signature authorises; guards in upload-guards.ts) → 200
 *   `{ success, message, key, url }`;
 * - `confirmImages` → `{ data: { images } }`, or 400 `{ message, index }`; 503 + Retry-After when an S3
 *   upload must be decoded and the line is full;
 * - `getImage` / `getImageSize` (`{width}.webp`): the files, cacheable forever; 404 JSON when unknown.
 */
import { type EventPayloads, operationsOf } from '@marketplace/contracts';
import {
  answered,
  type BoundOperation,
  bindOperations,
  notFound,
  type ServicePorts,
} from '@marketplace/platform';
import { uploadLimits } from '../domain/limits';
import { type ImageLibrary, imageUrl } from '../use-cases/image-library';
import { requestUploadUrl } from '../use-cases/request-upload-url';
import { uploadImage } from '../use-cases/upload-image';
import { getUrlLimit, messages } from './messages';
import { serveImage, sizeOf } from './serve-image';
import { uploadGuards } from './upload-guards';

/** The service's operations bound to their handlers, over `library`. */
export function storageOperations(
  ports: ServicePorts<EventPayloads>,
  library: ImageLibrary,
): BoundOperation[] {
  const perUser = ports.rateLimiters.create(getUrlLimit);
  return bindOperations(operationsOf('storage'), {
    async getUploadUrl({ query }, { principal }) {
      const { key, uploadUrl } = await requestUploadUrl({ library, perUser }, principal, query.type);
      return { success: true as const, message: messages.urlCreated, uploadUrl, key, data: { key } };
    },
    uploadImage: {
      before: uploadGuards(ports, library),
      async handle(_input, { req }) {
        const grant = req.uploadGrant!;
        await uploadImage(library, grant, req.body, req.decodeTicket!);
        return {
          success: true as const,
          message: messages.uploaded,
          key: grant.key,
          url: imageUrl(grant.key),
        };
      },
    },
    async getStorageLimits(_input, { res }) {
      res.setHeader('cache-control', 'public, max-age=3600');
      return { data: uploadLimits };
    },
    async confirmImages({ body }, { principal, res }) {
      const result = await library.confirm(principal, body);
      if (!result.ok) {
        res.status(400).json({ message: result.message, index: result.index });
        return answered;
      }
      return { data: { images: result.images } };
    },
    async getImage({ params }, { req, res }) {
      await serveImage(library, req, res, params.key);
      return answered;
    },
    async getImageSize({ params }, { req, res }) {
      const width = sizeOf(params.file);
      if (width === undefined) throw notFound(messages.imageNotFound);
      await serveImage(library, req, res, params.key, width);
      return answered;
    },
  });
}
