/**
 * The storage service's use cases over its table and its adapter: hand out upload keys, accept an upload
 * (validate, render the stored files, record them), confirm keys for a listing or brand, find stored
 * images for serving, and store the seeded system images.
 */
import {
  type ConfirmImagesBody,
  MAX_UPLOAD_BYTES,
  type StoredImage,
  UPLOAD_URL_TTL_SECONDS,
  type UploadType,
} from '@marketplace/contracts';
import { conflict, type Db, HttpError, type Logger, type Principal } from '@marketplace/platform';
import { objectNames, type StorageAdapter, type StoredObject } from '../data/adapters/index';
import { type ImageRow, imageStore, type StoredFacts } from '../data/store';
import {
  type DecodeQueue,
  type DecodeTicket,
  IMAGE_QUEUE_RETRY_AFTER_SECONDS,
  processDecodeQueue,
  queueFullMessage,
} from '../domain/decode-queue';
import { ImageRejected, type ProcessedImage, processImage, rejections } from '../domain/images';
import { newKey } from '../domain/keys';
import { MAX_UNCONFIRMED_UPLOADS, UNCONFIRMED_UPLOAD_WINDOW_MS } from '../domain/limits';

/** Stable URL of a stored image's original (relative to the gateway). */
export const imageUrl = (key: string) => `/api/storage/images/${key}`;
/** Stable URL of one WebP size of a stored image, `width` in px. */
export const sizeUrl = (key: string, width: number) => `/api/storage/images/${key}/${width}.webp`;

/** A stored image as the confirm call answers it (contracts `storedImage`). */
export function toStoredImage(row: ImageRow): StoredImage {
  return {
    key: row.key,
    url: imageUrl(row.key),
    sizes: (row.sizes ?? []).map((width) => ({ width, url: sizeUrl(row.key, width) })),
  };
}

/** Messages of the confirm call's 400 (prefixed with `keys.<index>: `). */
export const confirmMessages = {
  unknown: 'no image was uploaded with this key',
  wrongType: (actual: string, wanted: string) => `this image was uploaded as ${actual}, not ${wanted}`,
  notYours: 'this image was not uploaded by you',
  notUploaded: 'no image has been uploaded to this key yet',
  processing: 'this image is still being processed; please try again in a moment',
} as const;

/**
 * Every place in the decode line is taken (issue 20): answered 503 with `Retry-After`
 * (IMAGE_QUEUE_RETRY_AFTER_SECONDS).
 */
export class DecodeQueueFull extends HttpError {
  constructor() {
    super(503, queueFullMessage, { 'retry-after': String(IMAGE_QUEUE_RETRY_AFTER_SECONDS) });
  }
}

export type ConfirmResult =
  | { ok: true; images: StoredImage[] }
  | { ok: false; index: number; message: string };

export interface ImageLibraryDeps {
  db: Db;
  adapter: StorageAdapter;
  clock: () => Date;
  logger: Logger;
  /** Where decodes wait their turn (default: this process's {@link processDecodeQueue}; issue 20). */
  queue?: DecodeQueue;
}

export type ImageLibrary = ReturnType<typeof createImageLibrary>;

/** Stored rows never change, so servers keep up to this many in memory. */
const CACHE_LIMIT = 10_000;

/**
 * The storage use cases (see the module comment) over `deps.db` (table `storage.images`) and
 * `deps.adapter`; every decode runs through `deps.queue` (issue 20).
 */
export function createImageLibrary({
  db,
  adapter,
  clock,
  logger,
  queue = processDecodeQueue,
}: ImageLibraryDeps) {
  const storedRows = new Map<string, ImageRow>();

  /** Writes the files of `processed`; on failure removes what was written and rethrows. */
  async function writeFiles(key: string, processed: ProcessedImage): Promise<StoredFacts> {
    const { original, sizes } = processed;
    const files = [
      ...sizes.map((s) => ({ name: objectNames.size(key, s.width), data: s.data, type: 'image/webp' })),
      { name: objectNames.original(key, original.format), data: original.data, type: original.contentType },
    ];
    try {
      for (const f of files) await adapter.write(f.name, f.data, f.type);
    } catch (err) {
      await adapter.remove(files.map((f) => f.name)).catch(() => {});
      throw err;
    }
    return {
      format: original.format,
      width: original.width,
      height: original.height,
      sizes: sizes.map((s) => s.width),
      bytes: original.data.length,
      hash: processed.hash,
    };
  }

  /**
   * Validates `data` and stores it under the pending `key`; the decode waits for a slot of `ticket` (the
   * caller's place in the decode line, which the caller releases).
   * @throws ImageRejected (400/413) when the content is refused (nothing is stored); HttpError 409 when
   *   another upload claimed or stored the key first.
   */
  async function ingest(key: string, data: Buffer, ticket: DecodeTicket): Promise<ImageRow> {
    const processed = await ticket.run(() => processImage(data));
    if (!(await imageStore.claim(db, key))) throw conflict('An image was already uploaded with this URL.');
    try {
      const facts = await writeFiles(key, processed);
      const row = await imageStore.markStored(db, key, facts, clock());
      if (!row) throw new Error(`storage key ${key} lost its claim`);
      return row;
    } catch (err) {
      await imageStore.release(db, key);
      throw err;
    }
  }

  /**
   * For S3: validates and stores the raw object of a pending key; a refused object is deleted.
   * @throws DecodeQueueFull when the decode line is full (nothing is read).
   */
  async function ingestUpload(row: ImageRow): Promise<ImageRow | { message: string }> {
    const ticket = queue.enter();
    if (!ticket) throw new DecodeQueueFull();
    try {
      return await ingestUploadWith(row, ticket);
    } finally {
      ticket.release();
    }
  }

  async function ingestUploadWith(
    row: ImageRow,
    ticket: DecodeTicket,
  ): Promise<ImageRow | { message: string }> {
    const data = await adapter.readUpload(row.key, MAX_UPLOAD_BYTES);
    if (data === undefined) return { message: confirmMessages.notUploaded };
    try {
      if (data === 'too-large') throw rejections.tooManyBytes();
      const stored = await ingest(row.key, data, ticket);
      await adapter.removeUpload(row.key).catch((err) => logger.warn({ err }, 'raw upload not deleted'));
      return stored;
    } catch (err) {
      if (err instanceof ImageRejected) {
        await adapter.removeUpload(row.key);
        return { message: err.message };
      }
      const now = await imageStore.byKey(db, row.key);
      if (now?.status === 'stored') return now;
      if (now?.status === 'processing') return { message: confirmMessages.processing };
      throw err;
    }
  }

  /** Opens the original (`width` undefined) or one WebP size of a stored image; undefined when absent. */
  async function open(row: ImageRow, width?: number): Promise<StoredObject | undefined> {
    if (width === undefined) return adapter.open(objectNames.original(row.key, row.format!));
    if (!row.sizes?.includes(width)) return undefined;
    return adapter.open(objectNames.size(row.key, width));
  }

  return {
    /**
     * Records a pending upload of `type` by `ownerId` and returns its key and upload URL (valid
     * UPLOAD_URL_TTL_SECONDS = 600 s).
     */
    async createUpload(ownerId: string, type: UploadType) {
      const key = newKey(type);
      const expires = Math.floor(clock().getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
      await imageStore.insertPending(db, { key, ownerId, type, expiresAt: new Date(expires * 1000) });
      const uploadUrl = await adapter.uploadUrl({ key, type, owner: ownerId, expires });
      return { key, uploadUrl };
    },

    /** The row of `key` (any status), or undefined. */
    byKey: (key: string) => imageStore.byKey(db, key),

    ingest,

    /** The decode line of this library (issue 20): routes take a place before reading an upload. */
    queue,

    /**
     * Whether `ownerId` may upload more: fewer than MAX_UNCONFIRMED_UPLOADS (40) of their images uploaded
     * in the last 24 h are still unconfirmed (issue 20). A soft cap: parallel uploads may pass it by the
     * number in flight.
     */
    async mayUploadMore(ownerId: string): Promise<boolean> {
      const since = new Date(clock().getTime() - UNCONFIRMED_UPLOAD_WINDOW_MS);
      return (await imageStore.countUnconfirmed(db, ownerId, since)) < MAX_UNCONFIRMED_UPLOADS;
    },

    /**
     * Checks that every key exists, has `body.type` and was uploaded by `principal` (an Admin may confirm
     * any logo), storing S3 uploads on first use; idempotent.
     * @returns the stored images in the order of `body.keys`, or the first bad key's index and message.
     */
    async confirm(principal: Principal, body: ConfirmImagesBody): Promise<ConfirmResult> {
      const rows = new Map((await imageStore.byKeys(db, [...new Set(body.keys)])).map((r) => [r.key, r]));
      const images: StoredImage[] = [];
      for (const [index, key] of body.keys.entries()) {
        const fail = (message: string): ConfirmResult => ({
          ok: false,
          index,
          message: `keys.${index}: ${message}`,
        });
        let row = rows.get(key);
        if (!row) return fail(confirmMessages.unknown);
        if (row.type !== body.type) return fail(confirmMessages.wrongType(row.type, body.type));
        const mayUse = row.ownerId === principal.id || (row.type === 'logo' && principal.role === 'Admin');
        if (!mayUse) return fail(confirmMessages.notYours);
        if (row.status === 'processing') return fail(confirmMessages.processing);
        if (row.status === 'pending') {
          const result = await ingestUpload(row);
          if ('message' in result) return fail(result.message);
          row = result;
          rows.set(key, row);
        }
        images.push(toStoredImage(row));
      }
      await imageStore.markConfirmed(db, body.keys, clock());
      return { ok: true, images };
    },

    /** A stored image's row (cached in memory: stored rows never change), or undefined. */
    async stored(key: string): Promise<ImageRow | undefined> {
      const cached = storedRows.get(key);
      if (cached) return cached;
      const row = await imageStore.byKey(db, key);
      if (row?.status !== 'stored') return undefined;
      if (storedRows.size >= CACHE_LIMIT) storedRows.delete(storedRows.keys().next().value!);
      storedRows.set(key, row);
      return row;
    },

    open,

    /**
     * Stores a system image (seed), rendered by `render` (no validation: it is ours), under the fixed
     * `key` unless it is already stored with all its files: idempotent, safe at every start.
     * @returns true when it was (re)written.
     */
    async ensureSystemImage(
      key: string,
      type: UploadType,
      render: () => Promise<ProcessedImage>,
    ): Promise<boolean> {
      const row = await imageStore.byKey(db, key);
      if (row?.status === 'stored' && row.format) {
        const present = await Promise.all(
          [undefined, ...(row.sizes ?? [])].map(async (w) => {
            const file = await open(row, w);
            file?.body.destroy();
            return Boolean(file);
          }),
        );
        if (present.every(Boolean)) return false;
      }
      const facts = await writeFiles(key, await render());
      await imageStore.upsertStored(db, { key, ownerId: 'system', type, ...facts }, clock());
      storedRows.delete(key);
      return true;
    },
  };
}
