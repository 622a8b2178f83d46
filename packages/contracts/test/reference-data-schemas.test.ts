/** The reference-data schemas (issue 5): brands, models, variants and RTO codes. */
import { describe, expect, it } from 'vitest';
import {
  brandCreateBody,
  brandListResponse,
  brandUpdateBody,
  modelCreateBody,
  modelListQuery,
  modelUpdateBody,
  rtoCreateBody,
  variantCreateBody,
  variantListQuery,
  variantUpdateBody,
} from '../src/index';
import { expectRejected, ID } from './schema-helpers';

describe('reference data', () => {
  it('validates brands', () => {
    expect(brandCreateBody.parse({ name: 'Tata', country: 'India', founded: 1945, website: '' })).toEqual({
      name: 'Tata',
      country: 'India',
      founded: 1945,
      website: undefined,
    });
    expectRejected(brandCreateBody, { name: 'Tata', country: 'India' }, 'founded');
    expectRejected(
      brandCreateBody,
      { name: 'Tata', country: 'India', founded: 1945, website: 'tata' },
      'website',
    );
    expectRejected(brandUpdateBody, {}, 'body');
    expect(brandCreateBody.parse({ name: 'Tata', country: 'India', founded: '1945', logoKey: '' })).toEqual({
      name: 'Tata',
      country: 'India',
      founded: 1945,
    });
    expectRejected(brandCreateBody, { name: 'Tata', country: 'India', founded: '19x5' }, 'founded');
    expect(brandUpdateBody.parse({ logoKey: 'logo/x.png' })).toEqual({ logoKey: 'logo/x.png' });
    expect(brandListResponse.parse({ data: [] }).data).toEqual([]);
    expect(brandListResponse.safeParse({ data: { brands: [] } }).success).toBe(false);
  });

  it('validates models', () => {
    const m = {
      name: 'Nexon',
      year: 2023,
      fuelType: ['Petrol', 'Electric', 'Petrol'],
      transmission: ['Manual'],
      carBrand: ID,
    };
    expect(modelCreateBody.parse(m).fuelType).toEqual(['Petrol', 'Electric']);
    expectRejected(modelCreateBody, { ...m, year: 1975 }, 'year');
    expectRejected(modelCreateBody, { ...m, fuelType: ['Coal'] }, 'fuelType');
    expectRejected(modelCreateBody, { ...m, transmission: [] }, 'transmission');
    expectRejected(modelCreateBody, { ...m, bodyType: 'Van' }, 'bodyType');
    // Forms post strings; a GET's model (carBrand an id, or an older { _id, name }) can be PUT back (issue 19).
    expect(modelCreateBody.parse({ ...m, year: '2023', yearTo: '', bodyType: '' })).toMatchObject({
      year: 2023,
      carBrand: ID,
    });
    expect(modelCreateBody.parse({ ...m, year: '2023', yearTo: '' }).yearTo).toBeUndefined();
    expect(modelUpdateBody.parse({ carBrand: { _id: ID, name: 'Tata' }, brandName: 'Tata' })).toEqual({
      carBrand: ID,
    });
    expectRejected(modelUpdateBody, { carBrand: {} }, 'carBrand');
    expectRejected(modelUpdateBody, { carBrand: 42 }, 'carBrand');
    expectRejected(modelUpdateBody, { carBrand: { _id: '' } }, 'carBrand');
    expect(modelListQuery.parse({ brand: '', year: '', keyword: '' })).toEqual({});
    expect(modelListQuery.parse({ year: '2020' }).year).toBe(2020);
    expectRejected(modelListQuery, { year: '20x0' }, 'year');
  });

  it('validates variants: features trimmed, blanks dropped', () => {
    const v = variantCreateBody.parse({
      name: 'XZ+',
      carModel: ID,
      carBrand: ID,
      fuelType: 'Diesel',
      transmission: 'Automatic',
      features: ['  Sunroof ', '', '   ', 'ABS'],
    });
    expect(v.features).toEqual(['Sunroof', 'ABS']);
    expectRejected(variantCreateBody, { ...v, transmission: 'CVT' }, 'transmission');
    expectRejected(variantCreateBody, { ...v, carModel: undefined }, 'carModel');
    expectRejected(variantListQuery, { fuelType: 'Coal' }, 'fuelType');
    expect(
      variantUpdateBody.parse({ carModel: { _id: ID, name: 'Nexon' }, carBrand: ID, name: 'XZ' }),
    ).toMatchObject({ carModel: ID, carBrand: ID });
    expectRejected(variantUpdateBody, { carModel: { name: 'Nexon' } }, 'carModel');
  });

  it('validates RTO codes', () => {
    expect(rtoCreateBody.parse({ state: ID, city: 'Bengaluru', code: 'ka-01' }).code).toBe('KA-01');
    expect(rtoCreateBody.parse({ state: ID, city: 'Somewhere', code: '12' }).code).toBe('12');
    expectRejected(rtoCreateBody, { state: ID, city: 'Bengaluru', code: 'KA01' }, 'code');
    expectRejected(rtoCreateBody, { city: 'Bengaluru', code: 'KA-01' }, 'state');
  });
});
