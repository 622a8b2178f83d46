/**
 * The conformance test's table (openapi-conformance.int.test.ts): one entry per operation of the OpenAPI
 * document, keyed by operationId and run in its order (creates before updates and deletes); each makes a
 * real request that should succeed, setting up what it needs through the API.
 */
import { signUnsubscribeToken } from '@marketplace/catalog-service';
import { expect } from 'vitest';
import { signUpPayload, uniquePhone } from '../../../test-support/accounts';
import { listingBody } from '../../../test-support/cars';
import { dayFromToday } from '../../../test-support/dates';
import { waitForEmailToken, waitForSmsCode } from '../../../test-support/dev-outbox';
import type { Answer } from './document';
import { ask, EVENTUAL_MS, fetchAnswer, must, need, photo, unique, upload, type World } from './world';

type Json = Record<string, unknown>;

/** A `POST /api/cars` body on the reference data of `w` with `keys` as its images (spare key, second owner). */
function listingOf(w: World, keys: string[]) {
  return listingBody(w.ref, keys, {
    specifications: {
      regNumber: 'ka-01-ab-1234',
      engineCapacity: 1197,
      insurance: { type: 'Comprehensive', validTill: '2027-03-31' },
      spareKey: true,
      kmDriven: 42000,
      ownership: 'Second',
    },
  });
}

/** One operation's real requests (a call may make more than one answer to check). */
export type Call = (w: World) => Promise<Answer | Answer[]>;

/** One call per operation, keyed by operationId, in the order they run. */
export const calls: Record<string, Call> = {
  // ------------------------------------------------------------------ auth
  socialProviders: (w) => ask(w, 'GET', '/api/auth/providers'),
  register: async (w) => {
    const body = signUpPayload('Asha Rao');
    const answer = await ask(w, 'POST', '/api/auth/register', { body });
    if (answer.status === 201) {
      const { createdAt } = await waitForSmsCode(w.t.outbox, body.phone_number, { timeout: EVENTUAL_MS });
      const { email, phone_number, password } = body;
      w.made.signUp = { email, phone_number, password, smsAt: createdAt };
    }
    return answer;
  },
  resendOtp: async (w) => {
    const { email, phone_number } = need(w, 'signUp');
    return ask(w, 'POST', '/api/auth/resendOtp', { body: { email, phone_number } });
  },
  verifyMobileOtp: async (w) => {
    const signUp = need(w, 'signUp');
    const { code } = await waitForSmsCode(w.t.outbox, signUp.phone_number, {
      after: signUp.smsAt,
      timeout: EVENTUAL_MS,
    });
    const answer = await ask(w, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: signUp.phone_number, otp: Number(code) },
    });
    signUp.token = (answer.body as Json).tokenId as string;
    return answer;
  },
  login: (w) =>
    ask(w, 'POST', '/api/auth/login', {
      body: { email: 'admin@marketplace.local', password: 'Admin@12345' },
    }),
  getProfile: (w) => ask(w, 'GET', '/api/auth/profile', { token: need(w, 'signUp').token }),
  updateProfile: (w) =>
    ask(w, 'PATCH', '/api/auth/profile', { body: { name: 'Asha R. Rao' }, token: need(w, 'signUp').token }),
  changePassword: async (w) => {
    const signUp = need(w, 'signUp');
    const answer = await ask(w, 'POST', '/api/auth/password', {
      body: { currentPassword: signUp.password, newPassword: 'safeRide43', confirmPassword: 'safeRide43' },
      token: signUp.token,
    });
    // Issue 20: the change ends the other sessions; this one goes on with the new token.
    signUp.token = (answer.body as Json).tokenId as string;
    return answer;
  },
  googleLogin: async (w) => {
    const tokenId = await w.google.signIdToken({
      sub: 'g-conformance',
      email: 'meera.g@example.in',
      name: 'Meera',
    });
    return ask(w, 'POST', '/api/auth/googleLogin', { body: { tokenId } });
  },
  facebookLogin: async (w) => {
    const token = w.graph.issueToken({
      id: 'fb-conformance',
      name: 'Kiran K',
      email: 'kiran.f@example.in',
      picture: 'https://example.in/kiran.jpg',
    });
    const answer = await ask(w, 'POST', `/api/auth/facebookLogin?access_token=${encodeURIComponent(token)}`);
    w.made.socialToken = (answer.body as Json).tokenId as string;
    return answer;
  },
  requestEmailVerification: (w) =>
    ask(w, 'POST', '/api/auth/email/verification', { token: need(w, 'signUp').token }),
  verifyEmail: async (w) => {
    // The sign-up's link and the one requestEmailVerification asked for: the newer replaced the older.
    const { token } = await waitForEmailToken(w.t.outbox, need(w, 'signUp').email, {
      count: 2,
      timeout: EVENTUAL_MS,
    });
    return ask(w, 'POST', '/api/auth/email/verify', { body: { token } });
  },
  logoutAll: (w) => ask(w, 'POST', '/api/auth/logout-all', { token: need(w, 'socialToken') }),
  logout: (w) => ask(w, 'POST', '/api/auth/logout', { token: need(w, 'socialToken') }),
  getJwks: (w) => ask(w, 'GET', '/api/auth/.well-known/jwks.json'),
  getDefaultAvatar: (w) => fetchAnswer(w, '/api/auth/avatar/default.svg'),
  // ------------------------------------------------------------------ account admin
  getAllUsers: (w) => ask(w, 'GET', '/api/account/getAllUser', { token: w.admin.token }),
  createUser: async (w) => {
    const n = unique();
    const answer = await ask(w, 'POST', '/api/account/user/new', {
      body: {
        name: `Doomed ${n}`,
        username: `doomed.${n}`,
        email: `doomed.${n}@example.in`,
        password: 'safeRide42',
        role: 'User',
        phone_number: uniquePhone(),
      },
      token: w.admin.token,
    });
    w.made.doomedUser = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  deleteUser: (w) => ask(w, 'DELETE', `/api/account/user/${need(w, 'doomedUser')}`, { token: w.admin.token }),
  // ------------------------------------------------------------------ storage
  getStorageLimits: (w) => ask(w, 'GET', '/api/storage/limits'),
  getUploadUrl: async (w) => {
    const answer = await ask(w, 'POST', '/api/storage/getUrl?type=cars', { token: w.seller.token });
    w.made.upload = answer.body as { uploadUrl: string; key: string };
    return answer;
  },
  uploadImage: async (w) => {
    const { uploadUrl, key } = need(w, 'upload');
    const answer = await fetchAnswer(w, uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': w.ip },
      body: new Uint8Array(await photo()),
    });
    if (answer.status === 200) w.made.imageKey = key;
    return answer;
  },
  confirmImages: (w) =>
    ask(w, 'POST', '/api/storage/images/confirm', {
      body: { type: 'cars', keys: [need(w, 'imageKey')] },
      token: w.seller.token,
    }),
  getImage: async (w) => [
    await fetchAnswer(w, `/api/storage/images/${need(w, 'imageKey')}`),
    await fetchAnswer(w, '/api/storage/images/demo-car-01'),
  ],
  getImageSize: (w) => fetchAnswer(w, `/api/storage/images/${need(w, 'imageKey')}/640.webp`),
  // ------------------------------------------------------------------ reference data
  listStates: (w) => ask(w, 'GET', '/api/carstate'),
  listRtos: (w) => ask(w, 'GET', `/api/RTO?state=${w.ref.state}`),
  createRto: async (w) => {
    const answer = await ask(w, 'POST', '/api/RTO', {
      body: { state: w.ref.state, city: 'Testpur', code: 'KA-987' },
      token: w.admin.token,
    });
    w.made.rto = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  updateRto: (w) =>
    ask(w, 'PUT', `/api/RTO/${need(w, 'rto')}`, { body: { city: 'Testpur East' }, token: w.admin.token }),
  deleteRto: (w) => ask(w, 'DELETE', `/api/RTO/${need(w, 'rto')}`, { token: w.admin.token }),
  listBrands: (w) => ask(w, 'GET', '/api/carbrand'),
  getSeededBrandLogo: async (w) => {
    const brands = (await must(w, 'GET', '/api/carbrand')).data as Json[];
    const logo = brands
      .map((b) => (b.logo as { url?: string } | undefined)?.url)
      .find((url) => url?.startsWith('/api/carbrand/logos/'));
    expect(logo, 'a seeded brand with a seeded logo').toBeDefined();
    return fetchAnswer(w, logo!);
  },
  createBrand: async (w) => {
    const logoKey = await upload(w, w.admin.token, 'logo');
    const answer = await ask(w, 'POST', '/api/carbrand', {
      body: {
        name: `Conformo ${unique()}`,
        country: 'India',
        founded: 2001,
        website: 'https://conformo.example.in',
        logoKey,
      },
      token: w.admin.token,
    });
    w.made.brand = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  updateBrand: (w) =>
    ask(w, 'PUT', `/api/carbrand/${need(w, 'brand')}`, { body: { founded: 2002 }, token: w.admin.token }),
  listModels: (w) => ask(w, 'GET', `/api/carModel?brand=${w.ref.brand}&year=${w.ref.year}`),
  createModel: async (w) => {
    const answer = await ask(w, 'POST', '/api/carModel', {
      body: {
        name: 'Conformer',
        year: 2020,
        fuelType: ['Petrol', 'Electric'],
        transmission: ['Manual', 'Automatic'],
        carBrand: need(w, 'brand'),
        bodyType: 'SUV',
      },
      token: w.admin.token,
    });
    w.made.model = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  updateModel: (w) =>
    ask(w, 'PUT', `/api/carModel/${need(w, 'model')}`, {
      body: { name: 'Conformer Plus' },
      token: w.admin.token,
    }),
  listVariants: (w) => ask(w, 'GET', `/api/carVariant?model=${w.ref.model}`),
  createVariant: async (w) => {
    const answer = await ask(w, 'POST', '/api/carVariant', {
      body: {
        name: 'Conformer LX',
        carModel: need(w, 'model'),
        carBrand: need(w, 'brand'),
        fuelType: 'Petrol',
        transmission: 'Manual',
        features: ['ABS', 'Six airbags'],
        description: 'The top trim.',
      },
      token: w.admin.token,
    });
    w.made.variant = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  updateVariant: (w) =>
    ask(w, 'PUT', `/api/carVariant/${need(w, 'variant')}`, {
      body: { features: ['ABS'] },
      token: w.admin.token,
    }),
  deleteVariant: (w) => ask(w, 'DELETE', `/api/carVariant/${need(w, 'variant')}`, { token: w.admin.token }),
  deleteModel: (w) => ask(w, 'DELETE', `/api/carModel/${need(w, 'model')}`, { token: w.admin.token }),
  deleteBrand: (w) => ask(w, 'DELETE', `/api/carbrand/${need(w, 'brand')}`, { token: w.admin.token }),
  // ------------------------------------------------------------------ cars
  searchCars: (w) => ask(w, 'GET', '/api/cars?limit=50'),
  createCar: async (w) => {
    const keys = [need(w, 'imageKey'), await upload(w, w.seller.token)];
    const answer = await ask(w, 'POST', '/api/cars', { body: listingOf(w, keys), token: w.seller.token });
    w.made.car = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  listSellerCars: (w) => ask(w, 'GET', '/api/cars/seller', { token: w.seller.token }),
  getCar: async (w) => {
    // The listing reaches the catalog's read model through events.
    const path = `/api/cars/${need(w, 'car')}`;
    let listed: Answer | undefined;
    await expect
      .poll(
        async () => {
          listed = await ask(w, 'GET', path);
          return listed.status;
        },
        { timeout: EVENTUAL_MS, interval: 50 },
      )
      .toBe(200);
    // And a seeded demo car with an inspection report, which a listing cannot set.
    const { cars } = (await must(w, 'GET', '/api/cars?limit=9')).data as { cars: Json[] };
    let demo: Answer | undefined;
    for (const car of cars.filter((c) => c._id !== w.made.car)) {
      demo = await ask(w, 'GET', `/api/cars/${car._id}`);
      const detail = (demo.body as { data?: { inspectionReport?: unknown[] } }).data;
      if (detail?.inspectionReport?.length) break;
    }
    return [listed!, demo!];
  },
  updateCar: (w) =>
    ask(w, 'PUT', `/api/cars/${need(w, 'car')}`, {
      body: { price: 560000, specifications: { kmDriven: 43000 }, description: 'New tyres.' },
      token: w.seller.token,
    }),
  // ------------------------------------------------------------------ price you can trust (issue 25)
  getPriceInsight: async (w) => {
    // The listed car (its insight computed on the spot or by the consumer), and a seeded demo car whose
    // comparables give it a range (a non-null one, to check those fields too).
    const listed = await ask(w, 'GET', `/api/cars/${need(w, 'car')}/price-insight`);
    const { cars } = (await must(w, 'GET', '/api/cars?limit=50')).data as { cars: Json[] };
    let demo: Answer | undefined;
    for (const car of cars.filter((c) => c._id !== w.made.car)) {
      demo = await ask(w, 'GET', `/api/cars/${car._id}/price-insight`);
      if ((demo.body as { data?: { band?: string } }).data?.band !== 'unknown') break;
    }
    return [listed, demo!];
  },
  getSimilarCars: (w) => ask(w, 'GET', `/api/cars/${need(w, 'car')}/similar`),
  getPriceBands: (w) => ask(w, 'GET', `/api/cars/price-bands?ids=${need(w, 'car')}`),
  getValuation: (w) =>
    ask(
      w,
      'GET',
      `/api/valuation?model=${w.ref.model}&year=${w.ref.year}&kmDriven=42000&state=${w.ref.state}`,
    ),
  // ------------------------------------------------------------------ buyers' tools (issue 24)
  addToShortlist: (w) => ask(w, 'PUT', `/api/shortlist/${need(w, 'car')}`, { token: w.buyer.token }),
  getShortlist: (w) => ask(w, 'GET', '/api/shortlist', { token: w.buyer.token }),
  removeFromShortlist: (w) => ask(w, 'DELETE', `/api/shortlist/${need(w, 'car')}`, { token: w.buyer.token }),
  createSavedSearch: async (w) => {
    const answer = await ask(w, 'POST', '/api/saved-searches', {
      body: {
        name: 'Diesel in Pune',
        query: 'fuelTypes=Diesel&price=0-800000&city=Pune',
        channels: ['email'],
        frequency: 'daily',
      },
      token: w.buyer.token,
    });
    w.made.savedSearch = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  getSavedSearches: (w) => ask(w, 'GET', '/api/saved-searches', { token: w.buyer.token }),
  unsubscribeAlerts: (w) => {
    const token = signUnsubscribeToken(w.t.system.infra.config.ALERT_SIGNING_SECRET, {
      k: 'search',
      id: need(w, 'savedSearch'),
    });
    return ask(w, 'POST', `/api/alerts/unsubscribe?token=${token}`);
  },
  deleteSavedSearch: (w) =>
    ask(w, 'DELETE', `/api/saved-searches/${need(w, 'savedSearch')}`, { token: w.buyer.token }),
  // ------------------------------------------------------------------ test drives (on the car listed above)
  listTestDriveSlots: async (w) => {
    // The test-drive service learns of the car through events.
    const path = `/api/testDrive/slots?car=${need(w, 'car')}&date=${dayFromToday(3)}`;
    let slots: Answer | undefined;
    await expect
      .poll(
        async () => {
          slots = await ask(w, 'GET', path);
          return slots.status;
        },
        { timeout: EVENTUAL_MS, interval: 50 },
      )
      .toBe(200);
    return slots!;
  },
  bookTestDrive: async (w) => {
    const answer = await ask(w, 'POST', '/api/testDrive', {
      body: { car: need(w, 'car'), appointmentDate: dayFromToday(3), appointmentTime: '10:00' },
      token: w.buyer.token,
    });
    w.made.booking = ((answer.body as Json).data as Json)?._id as string;
    return answer;
  },
  listMyTestDrives: (w) => ask(w, 'GET', '/api/testDrive', { token: w.buyer.token }),
  listSellerTestDrives: (w) => ask(w, 'GET', '/api/testDrive/seller', { token: w.seller.token }),
  listAllTestDrives: (w) => ask(w, 'GET', '/api/testDrive/admin', { token: w.admin.token }),
  rescheduleTestDrive: (w) =>
    ask(w, 'PUT', `/api/testDrive/${need(w, 'booking')}`, {
      body: { appointmentDate: dayFromToday(3), appointmentTime: '11:00' },
      token: w.buyer.token,
    }),
  setTestDriveStatus: (w) =>
    ask(w, 'PATCH', `/api/testDrive/${need(w, 'booking')}/status`, {
      body: { status: 'Confirmed' },
      token: w.seller.token,
    }),
  cancelTestDrive: async (w) => {
    const another = await must(w, 'POST', '/api/testDrive', {
      body: { car: need(w, 'car'), appointmentDate: dayFromToday(3), appointmentTime: '12:00' },
      token: w.buyer.token,
    });
    return ask(w, 'DELETE', `/api/testDrive/${(another.data as Json)._id}`, { token: w.buyer.token });
  },
  // ------------------------------------------------------------------ cars, last: the listing goes
  deleteCar: (w) => ask(w, 'DELETE', `/api/cars/${need(w, 'car')}`, { token: w.seller.token }),
  // ------------------------------------------------------------------ contact
  sendContactMessage: (w) =>
    ask(w, 'POST', '/api/contact', {
      body: {
        name: 'Asha Rao',
        email: 'asha.contact@example.in',
        phone_number: '+91 98450 12345',
        subject: 'A question about a listing',
        message: 'Is the car still available?',
      },
    }),
};
