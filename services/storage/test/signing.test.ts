import { describe, expect, it } from 'vitest';
import { isKey, newKey } from '../src/domain/keys';
import { signGrant, type UploadGrant, uploadUrlFor, verifyGrant } from '../src/domain/signing';

const SECRET = 'test-secret-0123456789abcdef';
const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const grant: UploadGrant = {
  key: 'cars-6f1d7c2e-8a3b-4c5d-9e0f-112233445566',
  type: 'cars',
  owner: '0b9f7d36-2f0e-4a8f-9d53-7e2c1a4b5c6d',
  expires: NOW_MS / 1000 + 600,
};

/** The query of a signed URL as Express would parse it. */
function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('signed upload URLs', () => {
  const url = uploadUrlFor(SECRET, grant);
  const query = queryOf(url);

  it('puts the key in the path and type, owner, expiry and signature in the query', () => {
    expect(url.startsWith(`/api/storage/upload/${grant.key}?`)).toBe(true);
    expect(query).toEqual({
      type: 'cars',
      owner: grant.owner,
      expires: String(grant.expires),
      sig: signGrant(SECRET, grant),
    });
    expect(query.sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(uploadUrlFor(SECRET, grant, 'https://cars.example/')).toBe(`https://cars.example${url}`);
  });

  it('accepts the untouched URL until it expires', () => {
    expect(verifyGrant(SECRET, grant.key, query, NOW_MS)).toEqual({ ok: true, grant });
    expect(verifyGrant(SECRET, grant.key, query, grant.expires * 1000 - 1).ok).toBe(true);
  });

  it('refuses it from the second of expiry on', () => {
    expect(verifyGrant(SECRET, grant.key, query, grant.expires * 1000)).toEqual({
      ok: false,
      problem: 'expired',
    });
    expect(verifyGrant(SECRET, grant.key, query, NOW_MS + 3_600_000)).toMatchObject({ problem: 'expired' });
  });

  it.each([
    ['key', { key: 'cars-6f1d7c2e-8a3b-4c5d-9e0f-112233445567' }, {}],
    ['type', {}, { type: 'logo' }],
    ['owner', {}, { owner: '0b9f7d36-2f0e-4a8f-9d53-7e2c1a4b5c6e' }],
    ['expiry (extended)', {}, { expires: String(grant.expires + 3600) }],
    ['expiry (shortened)', {}, { expires: String(grant.expires - 1) }],
  ])('refuses a tampered %s', (_field, keyChange: { key?: string }, queryChange) => {
    const result = verifyGrant(SECRET, keyChange.key ?? grant.key, { ...query, ...queryChange }, NOW_MS);
    expect(result).toEqual({ ok: false, problem: 'bad-signature' });
  });

  it('refuses a tampered signature, even in its last character', () => {
    const sig = query.sig!;
    for (const position of [0, 20, sig.length - 1]) {
      const flipped = sig[position] === 'A' ? 'B' : 'A';
      const tampered = sig.slice(0, position) + flipped + sig.slice(position + 1);
      expect(verifyGrant(SECRET, grant.key, { ...query, sig: tampered }, NOW_MS)).toEqual({
        ok: false,
        problem: 'bad-signature',
      });
    }
  });

  it('refuses a signature made with another secret', () => {
    const other = queryOf(uploadUrlFor('another-secret-0123456789', grant));
    expect(verifyGrant(SECRET, grant.key, other, NOW_MS)).toMatchObject({ problem: 'bad-signature' });
  });

  it.each([
    ['no signature', { sig: undefined }],
    ['a short signature', { sig: 'abc' }],
    ['an unknown type', { type: 'avatar' }],
    ['no owner', { owner: '' }],
    ['a non-numeric expiry', { expires: '1e12' }],
    ['a repeated parameter', { type: ['cars', 'logo'] }],
  ])('refuses a URL with %s as malformed', (_case, change) => {
    expect(verifyGrant(SECRET, grant.key, { ...query, ...change }, NOW_MS)).toEqual({
      ok: false,
      problem: 'malformed',
    });
  });
});

describe('storage keys', () => {
  it('are <type>-<uuid>, unique, and pass isKey', () => {
    const a = newKey('cars');
    expect(a).toMatch(/^cars-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(newKey('logo')).toMatch(/^logo-/);
    expect(newKey('cars')).not.toBe(a);
    expect(isKey(a)).toBe(true);
    expect(isKey('demo-car-01')).toBe(true);
  });

  it.each(['', 'a/b', '../etc', 'Cars-1', '-x', 'x'.repeat(101), 'cars-1.jpg'])('refuses %j', (key) => {
    expect(isKey(key)).toBe(false);
  });
});
