/**
 * S3-compatible adapter (STORAGE_DRIVER=s3): `@aws-sdk/client-s3` against S3_ENDPOINT (or AWS) and
 * S3_BUCKET. Clients upload with a presigned PUT of `uploads/<key>` (10 minutes); the storage service
 * validates that object with sharp when the key is first confirmed, writes the stored files under
 * `images/<key>/` and deletes the raw upload. Stored files are served by the storage routes, which
 * stream them from the bucket (same-origin URLs, our cache headers and ETags).
 *
 * Limits of presigned PUTs: S3 cannot cap the size of a presigned PUT (only POST policies can), so the
 * 10 MB limit is enforced when the object is read; and a URL can be used more than once while it lives,
 * so the "second PUT → 409" of the local adapter cannot be given — a later PUT is never read after the
 * key was confirmed.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { UploadGrant } from '../../domain/signing';
import { objectNames, type StorageAdapter } from './types';

export interface S3AdapterOptions {
  bucket: string;
  region: string;
  /** e.g. `http://127.0.0.1:4568`; absent → AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Absent → the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Current time (for the presigned URL's lifetime). */
  clock?: () => Date;
}

function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey) return true;
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/** Creates the S3 adapter; nothing is contacted until the first call. */
export function createS3Adapter(opts: S3AdapterOptions): StorageAdapter {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle ?? false,
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
    // Browsers PUT plain bytes: no SDK checksum may be required by the presigned URL. Many S3-compatible
    // servers also reject or omit the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const clock = opts.clock ?? (() => new Date());
  const Bucket = opts.bucket;

  async function get(Key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  return {
    driver: 's3',
    async uploadUrl(grant: UploadGrant) {
      const now = clock();
      const expiresIn = Math.max(1, grant.expires - Math.floor(now.getTime() / 1000));
      // No ContentType is signed: the spec's client sends image/jpeg whatever the file is.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: objectNames.upload(grant.key) }), {
        expiresIn,
        signingDate: now,
      });
    },
    async readUpload(key, maxBytes) {
      const res = await get(objectNames.upload(key));
      if (!res?.Body) return undefined;
      if ((res.ContentLength ?? 0) > maxBytes) {
        (res.Body as Readable).destroy();
        return 'too-large';
      }
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async removeUpload(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectNames.upload(key) }));
    },
    async write(name, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: data,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async open(name) {
      const res = await get(name);
      if (!res?.Body) return undefined;
      return { body: res.Body as Readable, length: res.ContentLength ?? 0 };
    },
    async remove(names) {
      await Promise.all(names.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },
    close() {
      client.destroy();
    },
  };
}
