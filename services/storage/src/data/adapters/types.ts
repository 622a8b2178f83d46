/**
 * The storage port: where image files live and how a client uploads one. Adapters: local disk
 * (`local.ts`, embedded default) and an S3-compatible bucket (`s3.ts`), chosen by STORAGE_DRIVER.
 *
 * Object names (both adapters; keys never contain `/`):
 * - `images/<key>/original.<jpg|png|webp>` — the optimised original;
 * - `images/<key>/<width>.webp` — the responsive sizes;
 * - `uploads/<key>` — S3 only: the raw bytes a client PUT with a presigned URL, until the key is confirmed.
 */
import type { Readable } from 'node:stream';
import type { UploadGrant } from '../../domain/signing';

/** An opened stored file. */
export interface StoredObject {
  body: Readable;
  /** Size in bytes. */
  length: number;
}

export interface StorageAdapter {
  readonly driver: 'local' | 's3';
  /**
   * The URL a client PUTs the image bytes to for `grant` (valid until `grant.expires`): local → the
   * HMAC-signed `/api/storage/upload/{key}?…` route; s3 → a presigned PUT of `uploads/<key>`.
   */
  uploadUrl(grant: UploadGrant): Promise<string>;
  /**
   * The raw bytes a client uploaded straight to the store for `key` (s3), `undefined` when there are
   * none (always for local: its PUT route receives the bytes itself), or `'too-large'` when the object
   * exceeds `maxBytes` (bytes; it is not downloaded).
   */
  readUpload(key: string, maxBytes: number): Promise<Buffer | 'too-large' | undefined>;
  /** Deletes the raw upload of `key`, if any. */
  removeUpload(key: string): Promise<void>;
  /** Writes (or replaces) the file `name`. */
  write(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Opens the file `name`; `undefined` when it does not exist. */
  open(name: string): Promise<StoredObject | undefined>;
  /** Deletes the files `names` (missing ones are ignored). */
  remove(names: string[]): Promise<void>;
  /** Releases connections. */
  close(): void;
}

const EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/** Object names of a key's files. */
export const objectNames = {
  original: (key: string, format: 'jpeg' | 'png' | 'webp') => `images/${key}/original.${EXTENSIONS[format]}`,
  size: (key: string, width: number) => `images/${key}/${width}.webp`,
  upload: (key: string) => `uploads/${key}`,
};
