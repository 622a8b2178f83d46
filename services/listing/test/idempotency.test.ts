/**
 * Issue 20, point 12 (unit): the `Idempotency-Key` header's parsing, the body hash that decides "the same
 * body", and the comparable form of a registration number.
 */
import { normalizeRegNumber } from '@marketplace/contracts';
import { HttpError } from '@marketplace/platform';
import { describe, expect, it } from 'vitest';
import { canonicalJson, parseIdempotencyKey, requestHash } from '../src/domain/idempotency';

describe('parseIdempotencyKey', () => {
  it('takes 1–255 printable ASCII characters, trimmed; absent → undefined', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey(' 8e0c6b1e-1f6a-4bd5-9a8e-3d0f6c2b7a10 ')).toBe(
      '8e0c6b1e-1f6a-4bd5-9a8e-3d0f6c2b7a10',
    );
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(256)],
    ['non-ASCII', 'clé-1'],
    ['repeated header', ['a', 'b']],
  ])('refuses %s with a 400 naming the header', (_name, value) => {
    let error: unknown;
    try {
      parseIdempotencyKey(value as string | string[]);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/^Idempotency-Key /) });
  });
});

describe('requestHash', () => {
  it('ignores object key order at every level, but not values or array order', () => {
    const a = {
      price: 1,
      specifications: { kmDriven: 2, regNumber: 'KA01' },
      images: [{ key: 'a' }, { key: 'b' }],
    };
    const b = {
      images: [{ key: 'a' }, { key: 'b' }],
      specifications: { regNumber: 'KA01', kmDriven: 2 },
      price: 1,
    };
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestHash(a)).not.toBe(requestHash({ ...a, price: 2 }));
    expect(requestHash(a)).not.toBe(requestHash({ ...a, images: [{ key: 'b' }, { key: 'a' }] }));
    expect(canonicalJson({ b: [1, null], a: 'x', c: undefined })).toBe('{"a":"x","b":[1,null]}');
  });
});

describe('normalizeRegNumber', () => {
  it('upper-cases and drops spaces and hyphens, so every spelling of one number compares equal', () => {
    for (const spelling of ['ka-01-ab-1234', 'KA 01 AB 1234', 'KA01AB1234', 'Ka-01 aB-1234']) {
      expect(normalizeRegNumber(spelling)).toBe('KA01AB1234');
    }
    expect(normalizeRegNumber('22-BH-1234-AB')).toBe('22BH1234AB');
    expect(normalizeRegNumber('KA-01-AB-1235')).not.toBe(normalizeRegNumber('KA-01-AB-1234'));
  });
});
