/** Listing rules without I/O (domain/rules.ts, domain/serialize.ts). */
import { carListing, sellerCar } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import type { CarRow } from '../src/data/store';
import {
  assembleImages,
  checkReferences,
  duplicateImageKey,
  imageKeysToConfirm,
  mayChange,
  type ReferenceFacts,
} from '../src/domain/rules';
import { toCarListing, toSellerCar } from '../src/domain/serialize';

const BRAND = '11111111-1111-4111-8111-111111111111';
const OTHER_BRAND = '11111111-1111-4111-8111-999999999999';
const MODEL = '22222222-2222-4222-8222-222222222222';
const VARIANT = '33333333-3333-4333-8333-333333333333';
const STATE = '44444444-4444-4444-8444-444444444444';
const RTO = '55555555-5555-4555-8555-555555555555';

const body = {
  brand: BRAND,
  model: MODEL,
  variant: VARIANT,
  fuelType: 'Petrol' as const,
  transmission: 'Manual' as const,
  manufacturerYear: 2019,
  state: STATE,
  rto: RTO,
};

const facts = (over: Partial<ReferenceFacts> = {}): ReferenceFacts => ({
  models: [{ _id: MODEL, name: 'Swift', year: 2005, carBrand: BRAND, brandName: 'Maruti Suzuki' }],
  variants: [
    {
      _id: VARIANT,
      name: 'VXi',
      carModel: { _id: MODEL, name: 'Swift' },
      carBrand: BRAND,
      fuelType: 'Petrol',
      transmission: 'Manual',
    },
  ],
  stateExists: true,
  rtoIds: [RTO],
  ...over,
});

describe('checkReferences', () => {
  it('accepts ids that fit together and returns the names to keep', () => {
    expect(checkReferences(body, facts())).toEqual({
      names: { brandName: 'Maruti Suzuki', modelName: 'Swift', variantName: 'VXi' },
    });
  });

  it.each([
    ['an unknown brand', {}, { models: [] }, /^brand: /],
    ['a model of another brand', { model: 'aaaaaaaa-2222-4222-8222-222222222222' }, {}, /^model: /],
    ['a variant of another model', { variant: 'bbbbbbbb-3333-4333-8333-333333333333' }, {}, /^variant: /],
    ['another fuel type than the variant', { fuelType: 'Diesel' as const }, {}, /^fuelType: .*Petrol/],
    ['another transmission', { transmission: 'Automatic' as const }, {}, /^transmission: .*Manual/],
    ['a year before the model was made', { manufacturerYear: 2004 }, {}, /^manufacturerYear: .*2005/],
    ['an unknown state', {}, { stateExists: false }, /^state: /],
    ['an RTO of another state', { rto: 'cccccccc-5555-4555-8555-555555555555' }, {}, /^rto: /],
  ])('names the field for %s', (_case, bodyOver, factsOver, problem) => {
    const result = checkReferences({ ...body, ...bodyOver }, facts(factsOver));
    expect(result).toEqual({ problem: expect.stringMatching(problem) });
  });

  it('refuses a variant listed under the model but of another brand', () => {
    const f = facts();
    f.variants[0]!.carBrand = OTHER_BRAND;
    expect(checkReferences(body, f)).toEqual({ problem: expect.stringMatching(/^variant: /) });
  });

  it('refuses a year after a discontinued model was last made, and accepts its last year', () => {
    const f = facts();
    f.models[0]!.yearTo = 2018;
    expect(checkReferences(body, f)).toEqual({
      problem: 'manufacturerYear: the Swift was made from 2005 to 2018',
    });
    expect(checkReferences({ ...body, manufacturerYear: 2018 }, f)).toHaveProperty('names');
  });
});

describe('images', () => {
  const stored = (key: string) => ({ key, url: `/api/storage/images/${key}`, sizes: [] });

  it('confirms only keys not yet on the listing, once, with their positions', () => {
    expect(
      imageKeysToConfirm([stored('a'), stored('b')], [{ key: 'b' }, { key: 'c' }, { key: 'c' }]),
    ).toEqual([{ key: 'c', index: 1 }]);
    expect(imageKeysToConfirm([], [{ key: 'x' }])).toEqual([{ key: 'x', index: 0 }]);
  });

  it('finds the first repeated key', () => {
    expect(duplicateImageKey([{ key: 'a' }, { key: 'b' }, { key: 'a' }])).toEqual({ key: 'a', index: 2 });
    expect(duplicateImageKey([{ key: 'a' }, { key: 'b' }])).toBeUndefined();
  });

  it('assembles the stored list in the requested order and refuses an unconfirmed key', () => {
    expect(assembleImages([{ key: 'c' }, { key: 'a' }], [stored('a'), stored('b')], [stored('c')])).toEqual([
      stored('c'),
      stored('a'),
    ]);
    expect(() => assembleImages([{ key: 'z' }], [stored('a')], [])).toThrow(/z/);
  });
});

describe('mayChange', () => {
  it('lets the seller and any Admin change a listing, nobody else', () => {
    expect(mayChange({ id: 'u1', role: 'User' }, 'u1')).toBe(true);
    expect(mayChange({ id: 'admin', role: 'Admin' }, 'u1')).toBe(true);
    expect(mayChange({ id: 'u2', role: 'User' }, 'u1')).toBe(false);
  });
});

describe('serialize', () => {
  const row: CarRow = {
    id: '66666666-6666-4666-8666-666666666666',
    sellerId: '77777777-7777-4777-8777-777777777777',
    brandId: BRAND,
    brandName: 'Maruti Suzuki',
    modelId: MODEL,
    modelName: 'Swift',
    variantId: VARIANT,
    variantName: 'VXi',
    manufacturerYear: 2019,
    condition: 'good',
    fuelType: 'Petrol',
    transmission: 'Manual',
    status: 'used',
    stateId: STATE,
    rtoId: RTO,
    price: 575000,
    description: null,
    location: { street: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
    specifications: { regNumber: 'KA-01-AB-1234', spareKey: false, kmDriven: 42000, ownership: 'First' },
    history: [],
    images: [{ key: 'k1', url: '/api/storage/images/k1', sizes: [{ width: 320, url: '/u/320.webp' }] }],
    regNumber: 'KA01AB1234',
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
    updatedAt: new Date('2026-01-03T03:04:05.000Z'),
  };

  it('gives the contract shapes of a listing and of a seller car, without null description', () => {
    const listing = toCarListing(row);
    expect(carListing.parse(listing)).toEqual(listing);
    expect(listing).not.toHaveProperty('description');
    expect(listing).toMatchObject({
      _id: row.id,
      seller: row.sellerId,
      price: 575000,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    const entry = toSellerCar(row);
    expect(sellerCar.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({ brand: { _id: BRAND, name: 'Maruti Suzuki' }, status: 'used' });
    expect(toCarListing({ ...row, description: 'One owner' }).description).toBe('One owner');
  });
});
