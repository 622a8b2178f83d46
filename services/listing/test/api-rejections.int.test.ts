/**
 * Listing API (issue 6; issue 20: control characters) through the embedded system, on the embedded adapters
 * and on the real PostgreSQL, RabbitMQ and Redis: every rejected create answers 4xx naming the field and
 * leaves nothing stored, emitted or searchable — with the real storage service (another user's image key)
 * and with a stub of its confirm call (a key storage refuses, in a create and in an update).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ListingBody } from '../../../test-support/cars';
import { call, systemVariants } from '../../../test-support/system';
import {
  type Ctx,
  type Json,
  listingBody,
  listingState,
  searchCity,
  unique,
  useListingApi,
} from './support/api';

const variants = await systemVariants();

/** A change of a valid body that must be refused, with the message it must get. */
type BadCase = [name: string, change: (b: ListingBody) => unknown, message: RegExp];

/** Wrong fields of the body itself, each answered 400 naming the field. */
function badFields(ctx: Ctx): BadCase[] {
  const next = new Date().getFullYear() + 1;
  const spec = (b: ListingBody, change: Json) => ({
    ...b,
    specifications: { ...b.specifications, ...change },
  });
  const where = (b: ListingBody, change: Json) => ({ ...b, location: { ...b.location, ...change } });
  return [
    ['unknown brand', (b) => ({ ...b, brand: randomUUID() }), /^brand: /],
    ['model of another brand', (b) => ({ ...b, model: ctx.ref.otherModel }), /^model: /],
    ['variant of another model', (b) => ({ ...b, variant: ctx.ref.otherVariant }), /^variant: /],
    [
      'fuel type not the variant’s',
      (b) => ({ ...b, fuelType: b.fuelType === 'Petrol' ? 'Diesel' : 'Petrol' }),
      /^fuelType: /,
    ],
    [
      'transmission not the variant’s',
      (b) => ({ ...b, transmission: b.transmission === 'Manual' ? 'Automatic' : 'Manual' }),
      /^transmission: /,
    ],
    ['RTO of another state', (b) => ({ ...b, rto: ctx.ref.otherStateRto }), /^rto: /],
    ['unknown state', (b) => ({ ...b, state: randomUUID() }), /^state: /],
    ['year 1979', (b) => ({ ...b, manufacturerYear: 1979 }), /^manufacturerYear\b/],
    ['next year', (b) => ({ ...b, manufacturerYear: next }), /^manufacturerYear\b/],
    ['price 0', (b) => ({ ...b, price: 0 }), /^price\b/],
    ['price as text', (b) => ({ ...b, price: 'lots' }), /^price\b/],
    ['negative km', (b) => spec(b, { kmDriven: -1 }), /^specifications\.kmDriven\b/],
    ['bad condition', (b) => ({ ...b, condition: 'mint' }), /^condition\b/],
    ['bad ownership', (b) => spec(b, { ownership: 'Fifth' }), /^specifications\.ownership\b/],
    ['bad status', (b) => ({ ...b, status: 'new' }), /^status\b/],
    ['regNumber XYZ', (b) => spec(b, { regNumber: 'XYZ' }), /^specifications\.regNumber\b/],
    [
      'bad validTill',
      (b) => spec(b, { insurance: { type: 'Comprehensive', validTill: '2027-02-30' } }),
      /^specifications\.insurance\.validTill\b/,
    ],
    ['PIN 12345', (b) => where(b, { postal_code: '12345' }), /^location\.postal_code\b/],
    ['missing street', (b) => where(b, { street: undefined }), /^location\.street\b/],
    ['missing city', (b) => where(b, { city: '  ' }), /^location\.city\b/],
    ['no images', (b) => ({ ...b, images: [] }), /^images\b/],
    // Issue 20: control characters → 400 naming the field (PostgreSQL cannot store a NUL: it was a 500).
    [
      'NUL in the description',
      (b) => ({ ...b, description: 'Single owner\u0000' }),
      /^description must not contain control characters/,
    ],
    [
      'escape in the street',
      (b) => where(b, { street: '12 MG\u001bRoad' }),
      /^location\.street must not contain control characters/,
    ],
    [
      'NUL in a history entry',
      (b) => ({ ...b, history: ['Serviced\u0000'] }),
      /^history.* must not contain control characters/,
    ],
    [
      'NUL in the insurance type',
      (b) => spec(b, { insurance: { type: 'Compre\u0000hensive', validTill: '2027-03-31' } }),
      /^specifications\.insurance\.type must not contain control characters/,
    ],
    ['the same image twice', (b) => ({ ...b, images: [b.images[0], b.images[0]] }), /^images\[1\]\.key: /],
  ];
}

/** Every rejected create: 4xx naming the field, nothing stored or emitted, nothing in search. */
async function rejections(ctx: Ctx, keys: string[]) {
  const [seller] = ctx.users;
  const before = await listingState(ctx);
  const body = listingBody(ctx, keys);
  const unauthenticated = await call(ctx.base, 'POST', '/api/cars', { body });
  expect(unauthenticated.status).toBe(401);
  for (const [name, change, message] of badFields(ctx)) {
    const res = await call(ctx.base, 'POST', '/api/cars', { body: change(body), token: seller!.token });
    expect.soft(res.status, name).toBe(400);
    expect.soft(res.body.message, name).toMatch(message);
  }
  expect(await listingState(ctx)).toEqual(before);
  await ctx.t.system.drainOutboxes();
  expect(await searchCity(ctx, body.location.city)).toEqual([]);
  const mine = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller!.token });
  expect(mine.body.data).toEqual([]);
}

describe.each(variants)('listing API with storage on $name', ({ servers, skip }) => {
  const ctx = useListingApi('service', servers, skip);

  it.skipIf(skip)(
    'rejects bad fields and another user’s image key with 400 naming the field, storing nothing',
    async () => {
      const token = ctx.users[0]!.token;
      const keys = await ctx.imageKeys(token, 2);
      await rejections(ctx, keys);
      const [foreign] = await ctx.imageKeys(ctx.users[1]!.token, 1);
      const before = await listingState(ctx);
      const res = await call(ctx.base, 'POST', '/api/cars', {
        body: listingBody(ctx, [keys[0]!, foreign!]),
        token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^images\[1\]\.key: /);
      const unknown = await call(ctx.base, 'POST', '/api/cars', {
        body: listingBody(ctx, ['cars/nope.jpg']),
        token,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/^images\[0\]\.key: /);
      expect(await listingState(ctx)).toEqual(before);
    },
  );
});

describe.each(variants)('listing API with a storage contract stub on $name', ({ servers, skip }) => {
  const ctx = useListingApi('stub', servers, skip);

  it.skipIf(skip)(
    'rejects bad fields and a key storage refuses with 400 naming the field, storing nothing',
    async () => {
      await rejections(ctx, await ctx.imageKeys(ctx.users[0]!.token, 2));
      const before = await listingState(ctx);
      const res = await call(ctx.base, 'POST', '/api/cars', {
        body: listingBody(ctx, [`mine:${unique()}`, 'someone-else.jpg']),
        token: ctx.users[0]!.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('images[1].key: this image was not uploaded by you');
      expect(await listingState(ctx)).toEqual(before);
    },
  );

  it.skipIf(skip)('names the position of a refused new key in an update', async () => {
    const k = await ctx.imageKeys(ctx.users[0]!.token, 2);
    const created = await call(ctx.base, 'POST', '/api/cars', {
      body: listingBody(ctx, k),
      token: ctx.users[0]!.token,
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as Json)._id as string;
    const res = await call(ctx.base, 'PUT', `/api/cars/${id}`, {
      body: { images: [{ key: k[0] }, { key: `mine:${unique()}` }, { key: 'stolen.jpg' }] },
      token: ctx.users[0]!.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^images\[2\]\.key: /);
  });
});
