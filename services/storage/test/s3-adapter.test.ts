/** The S3 adapter against s3rver, a local server speaking the S3 protocol (presigned URLs included). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../test-support/s3';
import { createS3Adapter } from '../src/data/adapters/s3';
import type { StorageAdapter } from '../src/data/adapters/types';

async function text(adapter: StorageAdapter, name: string): Promise<string | undefined> {
  const file = await adapter.open(name);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('S3 storage adapter (s3rver)', () => {
  let s3: LocalS3;
  let adapter: StorageAdapter;
  const now = new Date('2026-11-23T12:00:00Z');

  beforeAll(async () => {
    s3 = await startLocalS3();
    adapter = createS3Adapter({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      clock: () => new Date(),
    });
  });
  afterAll(async () => {
    adapter?.close();
    await s3?.stop();
  });

  it('writes, opens and removes files', async () => {
    await adapter.write('images/k1/320.webp', Buffer.from('webp bytes'), 'image/webp');
    const file = await adapter.open('images/k1/320.webp');
    expect(file?.length).toBe(10);
    file?.body.destroy();
    expect(await text(adapter, 'images/k1/320.webp')).toBe('webp bytes');
    expect(await adapter.open('images/k1/640.webp')).toBeUndefined();
    await adapter.remove(['images/k1/320.webp', 'images/k1/missing.webp']);
    expect(await adapter.open('images/k1/320.webp')).toBeUndefined();
  });

  it('hands out a presigned PUT of uploads/<key> that a credential-less client can use', async () => {
    const expires = Math.floor(Date.now() / 1000) + 600;
    const url = await adapter.uploadUrl({ key: 'cars-abc', type: 'cars', owner: 'u1', expires });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/uploads/cars-abc`);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(await adapter.readUpload('cars-abc', 100)).toBeUndefined();

    const put = await fetch(url, {
      method: 'PUT',
      body: 'raw image',
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.status).toBe(200);
    expect((await adapter.readUpload('cars-abc', 100))?.toString()).toBe('raw image');
    expect(await adapter.readUpload('cars-abc', 8)).toBe('too-large');

    // (s3rver checks a presigned URL's expiry but not its SigV4 signature, so tampering is S3's to refuse.)
    await adapter.removeUpload('cars-abc');
    expect(await adapter.readUpload('cars-abc', 100)).toBeUndefined();
  });

  it("signs URLs at the clock's time for the time left until the grant expires", async () => {
    const at = (clock: Date) =>
      createS3Adapter({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        clock: () => clock,
      });
    const url = await at(now).uploadUrl({
      key: 'logo-x',
      type: 'logo',
      owner: 'u1',
      expires: now.getTime() / 1000 + 120,
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('120');
    expect(new URL(url).searchParams.get('X-Amz-Date')).toBe('20261123T120000Z');

    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    const expired = await at(elevenMinutesAgo).uploadUrl({
      key: 'logo-y',
      type: 'logo',
      owner: 'u1',
      expires: Math.floor(elevenMinutesAgo.getTime() / 1000) + 600,
    });
    expect((await fetch(expired, { method: 'PUT', body: 'late' })).status).toBe(403);
    expect(await adapter.readUpload('logo-y', 100)).toBeUndefined();
  });
});
