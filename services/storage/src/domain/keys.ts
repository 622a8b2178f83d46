/**
 * Storage keys: `<type>-<uuid>` for uploads (`cars-…`, `logo-…`) and fixed names for seeded images
 * (`demo-car-01`…). Lower-case letters, digits and hyphens only, so a key is safe in a URL path, a file
 * name and an S3 object name, and never contains a slash.
 */
import { randomUUID } from 'node:crypto';
import type { UploadType } from '@marketplace/contracts';

const KEY = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A fresh key for an upload of `type`, e.g. `cars-3f0c…`. */
export function newKey(type: UploadType): string {
  return `${type}-${randomUUID()}`;
}

/** True when `key` has the shape of a storage key (1–100 of `a-z 0-9 -`, not starting with `-`). */
export function isKey(key: string | undefined): key is string {
  return typeof key === 'string' && KEY.test(key);
}
