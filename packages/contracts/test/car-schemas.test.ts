/** The car schemas (issues 5, 6, 19): a listing's create and update bodies, the search query and answer. */
import { describe, expect, it } from 'vitest';
import {
  car,
  carCreateBody,
  carSearchQuery,
  carSearchResponse,
  carUpdateBody,
  currentYear,
  engineCapacityCc,
} from '../src/index';
import { expectRejected, ID } from './schema-helpers';

describe('cars', () => {
  const listing = {
    brand: ID,
    model: ID,
    variant: ID,
    manufacturerYear: 2019,
    fuelType: 'Petrol',
    transmission: 'Manual',
    state: ID,
    rto: ID,
    price: 550000,
    description: 'One owner',
    location: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
    specifications: {
      regNumber: 'ka-01-ab-1234',
      engineCapacity: 1197,
      insurance: { type: 'Comprehensive', validTill: '2026-03-31' },
      kmDriven: 42000,
    },
    images: [{ key: 'cars/abc.jpg' }],
  };

  it('accepts a listing and applies the spec §9 defaults', () => {
    const parsed = carCreateBody.parse(listing);
    expect(parsed).toMatchObject({ condition: 'good', status: 'used', history: [] });
    expect(parsed.specifications).toMatchObject({
      spareKey: false,
      ownership: 'First',
      regNumber: 'KA-01-AB-1234',
    });
  });

  it.each(['DL-3C-AB-1234', 'MH12DE1433', 'KA 05 MX 9', '22-BH-1234-AB'])('accepts reg number %s', (reg) => {
    const specifications = { ...listing.specifications, regNumber: reg };
    expect(carCreateBody.safeParse({ ...listing, specifications }).success).toBe(true);
  });

  it.each([
    [{ price: 0 }, 'price'],
    [{ price: -5 }, 'price'],
    [{ price: '5.5 lakh' }, 'price'],
    [{ price: '' }, 'price'],
    [{ manufacturerYear: 1979 }, 'manufacturerYear'],
    [{ manufacturerYear: currentYear() + 1 }, 'manufacturerYear'],
    [{ fuelType: 'Steam' }, 'fuelType'],
    [{ condition: 'mint' }, 'condition'],
    [{ status: 'new' }, 'status'],
    [{ brand: '' }, 'brand'],
    [{ images: [] }, 'images'],
    [{ images: undefined }, 'images'],
    [{ location: { ...listing.location, postal_code: '56001' } }, 'location.postal_code'],
    [{ location: { ...listing.location, postal_code: '060001' } }, 'location.postal_code'],
    [{ location: { ...listing.location, city: '' } }, 'location.city'],
    [{ location: undefined }, 'location'],
    [{ specifications: { ...listing.specifications, kmDriven: -1 } }, 'specifications.kmDriven'],
    [{ specifications: { ...listing.specifications, kmDriven: undefined } }, 'specifications.kmDriven'],
    [{ specifications: { ...listing.specifications, regNumber: 'ABC' } }, 'specifications.regNumber'],
    [{ specifications: { ...listing.specifications, ownership: 'Fifth' } }, 'specifications.ownership'],
    [
      {
        specifications: {
          ...listing.specifications,
          insurance: { type: 'Comprehensive', validTill: '31/03/2026' },
        },
      },
      'specifications.insurance.validTill',
    ],
  ])('rejects listing %j naming %s', (patch, field) => {
    expectRejected(carCreateBody, { ...listing, ...patch }, field);
  });

  it("reads what the spec's form posts: numeric strings, date-times, engine text, blanks as absent (issue 19)", () => {
    const parsed = carCreateBody.parse({
      ...listing,
      manufacturerYear: '2022',
      price: '483180',
      condition: '',
      status: '',
      specifications: {
        ...listing.specifications,
        kmDriven: ' 85818 ',
        engineCapacity: '1197 cc',
        spareKey: 'true',
        ownership: '',
        insurance: { type: 'Comprehensive', validTill: '2026-11-24T06:40:21.636Z' },
      },
    });
    expect(parsed).toMatchObject({
      manufacturerYear: 2022,
      price: 483180,
      condition: 'good',
      status: 'used',
    });
    expect(parsed.specifications).toMatchObject({
      kmDriven: 85818,
      engineCapacity: 1197,
      spareKey: true,
      ownership: 'First',
      insurance: { type: 'Comprehensive', validTill: '2026-11-24' },
    });
    const untouched = carCreateBody.parse({
      ...listing,
      specifications: {
        ...listing.specifications,
        engineCapacity: '',
        insurance: { type: '', validTill: '' },
      },
    });
    expect(untouched.specifications.engineCapacity).toBeUndefined();
    expect(untouched.specifications.insurance).toBeUndefined();
  });

  it.each([
    ['1197', 1197],
    ['1197 cc', 1197],
    ['1197cc', 1197],
    ['1197 CC', 1197],
    ['1.2 L', 1200],
    ['1.2L', 1200],
    ['1.5 litre', 1500],
    [998, 998],
  ])('reads engine capacity %j as %i cc', (text, cc) => {
    expect(engineCapacityCc(text)).toBe(cc);
    const specifications = { ...listing.specifications, engineCapacity: text };
    expect(carCreateBody.parse({ ...listing, specifications }).specifications.engineCapacity).toBe(cc);
  });

  it.each(['big', '1.2 gallons', 'V8', '12000 cc'])(
    'refuses engine capacity %j naming the field and the forms',
    (text) => {
      const specifications = { ...listing.specifications, engineCapacity: text };
      expectRejected(carCreateBody, { ...listing, specifications }, 'specifications.engineCapacity');
    },
  );

  it("reads a date-time validTill on India's calendar", () => {
    const at = (validTill: string) =>
      carCreateBody.parse({
        ...listing,
        specifications: { ...listing.specifications, insurance: { type: 'Third party', validTill } },
      }).specifications.insurance?.validTill;
    expect(at('2026-11-24T18:30:00.000Z')).toBe('2026-11-25');
    expect(at('2026-11-24T18:29:59Z')).toBe('2026-11-24');
    expect(at('2026-11-25T00:00:00+05:30')).toBe('2026-11-25');
  });

  it('validates a listing update', () => {
    expect(carUpdateBody.parse({ status: 'sold' })).toEqual({ status: 'sold' });
    expectRejected(carUpdateBody, {}, 'body');
    expectRejected(carUpdateBody, { price: 0 }, 'price');
    expect(carUpdateBody.parse({ price: '499000', status: '' })).toEqual({ price: 499000 });
  });

  it('parses the search query from strings', () => {
    const q = carSearchQuery.parse({
      searchTerm: ' swift ',
      brands: 'a,b,,c',
      fuelTypes: 'Petrol,Diesel',
      price: '100000-500000',
      kmDriven: '-50000',
      years: '2015-',
      page: '2',
      limit: '100',
    });
    expect(q).toMatchObject({
      searchTerm: 'swift',
      brands: ['a', 'b', 'c'],
      fuelTypes: ['Petrol', 'Diesel'],
      price: { min: 100000, max: 500000 },
      kmDriven: { max: 50000 },
      years: { min: 2015 },
      page: 2,
      limit: 50,
      sort: 'newest',
    });
    expect(carSearchQuery.parse({})).toMatchObject({ page: 1, limit: 9, sort: 'newest' });
    expect(carSearchQuery.parse({ page: '0', price: '-', brands: '' })).toMatchObject({ page: 1, price: {} });
    expect(carSearchQuery.parse({ brands: '' }).brands).toBeUndefined();
  });

  it.each([
    [{ price: 'cheap' }, 'price'],
    [{ price: '500-100' }, 'price'],
    [{ kmDriven: '10-x' }, 'kmDriven'],
    [{ fuelTypes: 'Petrol,Steam' }, 'fuelTypes'],
    [{ transmissions: 'CVT' }, 'transmissions'],
    [{ page: 'two' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ limit: '0' }, 'limit'],
    [{ sort: 'random' }, 'sort'],
  ])('rejects search query %j naming %s', (query, field) => {
    expectRejected(carSearchQuery, query, field);
  });

  it('describes a car as read and a search answer', () => {
    const c = {
      _id: ID,
      images: [{ url: '/img/1.webp', key: 'cars/1.jpg' }],
      brand: { _id: ID, name: 'Maruti Suzuki' },
      model: { _id: ID, name: 'Swift', bodyType: 'Hatchback' },
      variant: { _id: ID, name: 'VXi', features: ['ABS'] },
      fuelType: 'Petrol',
      transmission: 'Manual',
      status: 'used',
      price: 550000,
      createdAt: '2024-05-14T10:00:00.000Z',
      manufacturerYear: 2019,
      location: { city: 'Bengaluru' },
      specifications: { kmDriven: 42000 },
      inspectionReport: [{ tyreCondition: 'Good' }],
    };
    expect(car.parse(c)._id).toBe(ID);
    expect(carSearchResponse.parse({ data: { cars: [c], totalLength: 1 } }).data.totalLength).toBe(1);
  });
});
