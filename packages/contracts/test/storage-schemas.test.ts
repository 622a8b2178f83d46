/** The storage schemas (issue 6): the upload URL call. */
import { describe, expect, it } from 'vitest';
import { uploadUrlQuery, uploadUrlResponse } from '../src/index';
import { expectRejected } from './schema-helpers';

describe('storage', () => {
  it('validates the upload URL call', () => {
    expect(uploadUrlQuery.parse({ type: 'cars' })).toEqual({ type: 'cars' });
    expectRejected(uploadUrlQuery, { type: 'video' }, 'type');
    expect(
      uploadUrlResponse.parse({
        success: true,
        message: 'ok',
        uploadUrl: 'http://x/u',
        key: 'k',
        data: { key: 'k' },
      }).key,
    ).toBe('k');
  });
});
