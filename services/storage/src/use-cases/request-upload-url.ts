/** Handing out a signed upload URL (spec §7 "Image and logo upload", step one; issues 6, 20). */
import type { UploadType } from '@marketplace/contracts';
import { HttpError, type Principal, type RateLimiter, tooManyRequests } from '@marketplace/platform';
import { messages } from '../http/messages';
import type { ImageLibrary } from './image-library';

/**
 * A new key of `type` for `caller` and the URL to PUT its bytes to (signed, 10 minutes).
 * @throws HttpError 429 (Retry-After) past `getUrlLimit`, or with 40 uploads no listing uses yet.
 */
export async function requestUploadUrl(
  deps: { library: ImageLibrary; perUser: RateLimiter },
  caller: Principal,
  type: UploadType,
): Promise<{ key: string; uploadUrl: string }> {
  const limit = await deps.perUser.consume(caller.id);
  if (!limit.allowed) throw tooManyRequests(messages.tooMany, limit.retryAfterMs);
  if (!(await deps.library.mayUploadMore(caller.id))) throw new HttpError(429, messages.tooManyUnconfirmed);
  return deps.library.createUpload(caller.id, type);
}
