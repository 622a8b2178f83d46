/** Chooses the storage adapter from configuration (STORAGE_DRIVER; README "Configuration"). */
import path from 'node:path';
import type { Config } from '@marketplace/platform';
import { createLocalAdapter } from './local';
import { createS3Adapter } from './s3';
import type { StorageAdapter } from './types';

export type { StorageAdapter, StoredObject } from './types';
export { objectNames } from './types';

/**
 * `local` → files under `<DATA_DIR>/storage`; `s3` → S3_BUCKET at S3_ENDPOINT (credentials from
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY when both are set, else the AWS default chain).
 */
export function createStorageAdapter(config: Config, clock: () => Date): StorageAdapter {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3Adapter({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      clock,
    });
  }
  return createLocalAdapter({
    root: path.join(config.dataDir, 'storage'),
    secret: config.UPLOAD_SIGNING_SECRET,
    publicUrl: config.PUBLIC_URL,
  });
}
