/** Reading storage's answer to `confirmImages` (issue 6): the images, or the status and message to answer. */
import { describe, expect, it } from 'vitest';
import { readConfirmedImages, STORAGE_UNAVAILABLE_MESSAGE } from '../src/index';

const image = (key: string) => ({ key, url: `/api/storage/images/${key}`, sizes: [] });
const field = (i: number) => `images[${i}].key`;

describe('readConfirmedImages', () => {
  it('returns the images of a 200 that confirms exactly the keys, in order', () => {
    const answer = { status: 200, body: { data: { images: [image('a'), image('b')] } } };
    expect(readConfirmedImages(answer, ['a', 'b'], field)).toEqual({
      ok: true,
      images: [image('a'), image('b')],
    });
  });

  it('answers 503 for a 200 with other keys, another order or another shape, and for other statuses', () => {
    const unavailable = { ok: false, status: 503, message: STORAGE_UNAVAILABLE_MESSAGE };
    const images = { data: { images: [image('b'), image('a')] } };
    expect(readConfirmedImages({ status: 200, body: images }, ['a', 'b'], field)).toEqual(unavailable);
    expect(readConfirmedImages({ status: 200, body: { data: [] } }, ['a'], field)).toEqual(unavailable);
    expect(readConfirmedImages({ status: 500, body: undefined }, ['a'], field)).toEqual(unavailable);
  });

  it("names the caller's field of the refused key with storage's reason", () => {
    const refused = {
      status: 400,
      body: { message: 'keys.1: this image was not uploaded by you', index: 1 },
    };
    expect(readConfirmedImages(refused, ['a', 'b'], field)).toEqual({
      ok: false,
      status: 400,
      message: 'images[1].key: this image was not uploaded by you',
    });
    expect(readConfirmedImages({ status: 400, body: null }, ['a'], () => 'logoKey')).toMatchObject({
      message: 'logoKey: this image cannot be used',
    });
  });

  it("passes storage's refusal of the credentials on", () => {
    expect(readConfirmedImages({ status: 401, body: { message: 'Please log in.' } }, ['a'], field)).toEqual({
      ok: false,
      status: 401,
      message: 'Please log in.',
    });
    expect(readConfirmedImages({ status: 403, body: {} }, ['a'], field)).toMatchObject({
      status: 403,
      message: 'Not allowed.',
    });
  });
});
