/**
 * How a caller reads storage's answer to `confirmImages` (`POST /api/storage/images/confirm`, operations/
 * storage.ts; issue 6): the one synchronous check every service makes before it saves a reference to an
 * uploaded image (listing photos, brand logos, profile photos). The caller makes the peer call itself,
 * with the user's credentials (platform `peers.callOperation('confirmImages', …)`), and turns a refusal
 * into its own error; this module only reads the answer, so the contracts stay free of any runtime.
 */
import { confirmImagesError, confirmImagesResponse, type StoredImage } from './storage';

/** Message of the 503 a caller answers when storage cannot confirm (unreachable, or an unexpected answer). */
export const STORAGE_UNAVAILABLE_MESSAGE = 'storage service is unavailable, please try again.';

/**
 * What storage's answer means for the caller: the stored images (`{ key, url, sizes }`, URLs relative to the
 * gateway) in the order of the keys asked about, or the HTTP status and message the caller answers.
 */
export type ConfirmedImages =
  | { ok: true; images: StoredImage[] }
  | { ok: false; status: 400 | 401 | 403 | 503; message: string };

/**
 * Reads storage's `answer` (status and parsed JSON body) to the confirmation of `keys`.
 * - 200 with exactly `keys`, in order → `{ ok: true, images }`;
 * - 400 → `<field(index)>: <storage's reason>` (storage's message without its `keys.N: ` prefix; `index` is
 *   the first bad key's position, 0 when storage names none), status 400;
 * - 401/403 → storage's message (`Not allowed.` when it sent none), same status;
 * - anything else (another status, a 200 with other keys) → 503 {@link STORAGE_UNAVAILABLE_MESSAGE}.
 * `field(i)` names the request field of `keys[i]` in the caller's messages (e.g. `images[2].key`, `logoKey`).
 */
export function readConfirmedImages(
  answer: { status: number; body: unknown },
  keys: readonly string[],
  field: (index: number) => string,
): ConfirmedImages {
  const unavailable = { ok: false, status: 503, message: STORAGE_UNAVAILABLE_MESSAGE } as const;
  if (answer.status === 200) {
    const parsed = confirmImagesResponse.safeParse(answer.body);
    const images = parsed.success ? parsed.data.data.images : [];
    if (images.length !== keys.length || images.some((img, i) => img.key !== keys[i])) return unavailable;
    return { ok: true, images };
  }
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  if (answer.status === 400) {
    const refused = confirmImagesError.safeParse(answer.body);
    const index = refused.success ? refused.data.index : 0;
    const reason = (typeof message === 'string' ? message : 'this image cannot be used').replace(
      /^keys(\.\d+)?: /,
      '',
    );
    return { ok: false, status: 400, message: `${field(index)}: ${reason}` };
  }
  if (answer.status === 401 || answer.status === 403) {
    return {
      ok: false,
      status: answer.status,
      message: typeof message === 'string' ? message : 'Not allowed.',
    };
  }
  return unavailable;
}
