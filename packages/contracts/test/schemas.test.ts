import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  brandCreateBody,
  brandListResponse,
  brandUpdateBody,
  car,
  carCreateBody,
  carSearchQuery,
  carSearchResponse,
  carUpdateBody,
  createUserBody,
  currentYear,
  engineCapacityCc,
  getAllUserQuery,
  loginBody,
  modelCreateBody,
  modelListQuery,
  modelUpdateBody,
  registerBody,
  rtoCreateBody,
  testDrive,
  testDriveCreateBody,
  testDriveStatusBody,
  testDriveUpdateBody,
  uploadUrlQuery,
  uploadUrlResponse,
  user,
  variantCreateBody,
  variantListQuery,
  variantUpdateBody,
  verifyMobileOtpBody,
} from '../src/index';

/** The messages of a failed parse (fails the test when the parse succeeds). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  expect(r.success, `expected ${JSON.stringify(input)} to be rejected`).toBe(false);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

/** Expects the parse to fail with a message that names `field`. */
function expectRejected(schema: z.ZodType, input: unknown, field: string): void {
  const msgs = messages(schema, input);
  expect(
    msgs.some((m) => m.includes(field)),
    `messages ${JSON.stringify(msgs)} should name ${field}`,
  ).toBe(true);
}

const ID = '7f0c1c6e-4b7a-4e43-9d7d-2c0e0b0a0a01';

describe('auth', () => {
  const signup = {
    name: 'Asha Rao',
    username: 'asha.rao_1',
    email: 'Asha@Example.in',
    phone_number: '+91 9876543210',
    password: 'secret123',
    confirm_password: 'secret123',
  };

  it('accepts a sign-up and normalises e-mail and phone', () => {
    const parsed = registerBody.parse(signup);
    expect(parsed.email).toBe('asha@example.in');
    expect(parsed.phone_number).toBe('9876543210');
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ email: undefined }, 'email'],
    [{ phone_number: '12345' }, 'phone_number'],
    [{ phone_number: '+1 9876543210' }, 'phone_number'],
    [{ username: 'Asha Rao' }, 'username'],
    [{ username: 'ab' }, 'username'],
    [{ password: 'short1', confirm_password: 'short1' }, 'password'],
    [{ password: 'lettersonly', confirm_password: 'lettersonly' }, 'password'],
    [{ password: '1234567890', confirm_password: '1234567890' }, 'password'],
    [{ confirm_password: 'different1' }, 'confirm_password'],
    [{ name: '   ' }, 'name'],
  ])('rejects sign-up %j naming %s', (patch, field) => {
    expectRejected(registerBody, { ...signup, ...patch }, field);
  });

  it('takes the OTP as a 6-digit number', () => {
    expect(verifyMobileOtpBody.parse({ phone_number: '9876543210', otp: 123456 }).otp).toBe(123456);
    expect(verifyMobileOtpBody.parse({ phone_number: '9876543210', otp: 12345 }).otp).toBe(12345);
    expect(verifyMobileOtpBody.parse({ phone_number: '9876543210', otp: '012345' }).otp).toBe(12345);
    expectRejected(verifyMobileOtpBody, { phone_number: '9876543210', otp: '12a456' }, 'otp');
    expectRejected(verifyMobileOtpBody, { phone_number: '9876543210', otp: 1234567 }, 'otp');
    expectRejected(verifyMobileOtpBody, { phone_number: '9876543210' }, 'otp');
  });

  it('validates login and admin user creation', () => {
    expect(loginBody.parse({ email: 'a@b.in', password: 'x' })).toEqual({ email: 'a@b.in', password: 'x' });
    expectRejected(loginBody, { email: 'a@b.in', password: '' }, 'password');
    const created = createUserBody.parse({
      name: 'Admin Two',
      username: 'admin2',
      email: 'admin2@example.in',
      password: 'admin1234',
      phone_number: '',
    });
    expect(created.role).toBe('User');
    expect(created.phone_number).toBeUndefined();
    expectRejected(createUserBody, { ...created, role: 'Root' }, 'role');
    expect(getAllUserQuery.parse({ userType: '' }).userType).toBeUndefined();
    expectRejected(getAllUserQuery, { userType: 'Guest' }, 'userType');
  });

  it('describes a user without secrets', () => {
    const u = { _id: ID, name: 'A', role: 'Admin', profile: '/avatar.png', email: 'a@b.in', password: 'x' };
    expect(user.parse(u)).not.toHaveProperty('password');
  });
});

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

describe('test drives', () => {
  it('validates bookings', () => {
    expect(
      testDriveCreateBody.parse({ car: ID, appointmentDate: '2026-12-01', appointmentTime: '14:30' }),
    ).toBeTruthy();
    expect(
      testDriveCreateBody.parse({
        car: ID,
        appointmentDate: '2026-11-30T18:30:00.000Z',
        appointmentTime: '10:49',
      }).appointmentDate,
    ).toBe('2026-12-01');
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '01-12-2026', appointmentTime: '14:30' },
      'appointmentDate',
    );
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '2026-02-30', appointmentTime: '14:30' },
      'appointmentDate',
    );
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '2026-12-01', appointmentTime: '2:30 PM' },
      'appointmentTime',
    );
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '2026-12-01', appointmentTime: '24:00' },
      'appointmentTime',
    );
    expectRejected(testDriveCreateBody, { appointmentDate: '2026-12-01', appointmentTime: '10:00' }, 'car');
    expect(
      testDriveUpdateBody.parse({ appointmentDate: '2026-12-02', appointmentTime: '09:00', id: ID, car: ID }),
    ).toMatchObject({ appointmentTime: '09:00' });
    const car = { _id: ID, brand: { name: 'Tata' }, model: { name: 'Nexon' } };
    expect(
      testDriveUpdateBody.parse({ appointmentDate: '2026-12-02', appointmentTime: '10:49', id: ID, car }).car,
    ).toBe(ID);
    expectRejected(
      testDriveUpdateBody,
      { appointmentDate: '2026-12-02', appointmentTime: '10:49', car: {} },
      'car',
    );
    expect(testDriveStatusBody.parse({ status: 'Confirmed' })).toEqual({ status: 'Confirmed' });
    expectRejected(testDriveStatusBody, { status: 'Pending' }, 'status');
  });

  it('describes a booking as read', () => {
    const t = {
      _id: ID,
      car: { _id: ID, brand: { name: 'Tata' }, model: { name: 'Nexon' } },
      user: ID,
      appointmentDate: '2026-12-01',
      appointmentTime: '14:30',
      status: 'Pending',
    };
    expect(testDrive.parse(t).status).toBe('Pending');
    expect(testDrive.safeParse({ ...t, status: 'Done' }).success).toBe(false);
  });
});

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
