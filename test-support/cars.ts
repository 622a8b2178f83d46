/**
 * Cars for the API tests: the seeded reference data a listing needs (a 2019 Maruti Suzuki with a variant,
 * Karnataka and its RTO KA-01), the `POST /api/cars` body on it, and uploads of photos through the storage
 * service's two-step flow (getUrl, then the signed PUT).
 */
import { expect, vi } from 'vitest';
import { plainJpeg } from './images';
import { call } from './system';

type Json = Record<string, unknown>;

/** The reference data of a listing: ids, plus what the variant fixes. */
export interface ListingReference {
  brand: string;
  model: string;
  modelName: string;
  variant: string;
  fuelType: string;
  transmission: string;
  year: number;
  state: string;
  rto: string;
}

/** `GET` of a public reference list (`{ data: [...] }`) that must answer 200; the list. */
export async function referenceList(base: string, path: string, ip?: string): Promise<Json[]> {
  const res = await call(base, 'GET', path, { ip });
  expect(res.status, `GET ${path}`).toBe(200);
  return res.body.data as unknown as Json[];
}

/**
 * The first `count` seeded models of `brand` sold in `year` that have variants, each with its variants, in
 * list order.
 */
export async function modelsWithVariants(
  base: string,
  brand: string,
  year: number,
  opts: { count?: number; ip?: string } = {},
): Promise<Array<{ model: Json; variants: Json[] }>> {
  const out: Array<{ model: Json; variants: Json[] }> = [];
  for (const model of await referenceList(base, `/api/carModel?brand=${brand}&year=${year}`, opts.ip)) {
    if (out.length >= (opts.count ?? 1)) break;
    const variants = await referenceList(base, `/api/carVariant?model=${model._id}`, opts.ip);
    if (variants.length > 0) out.push({ model, variants });
  }
  return out;
}

/** Karnataka and its RTOs, from the seeded reference data. */
export async function karnataka(base: string, ip?: string): Promise<{ state: Json; rtos: Json[] }> {
  const state = (await referenceList(base, '/api/carstate', ip)).find((s) => s.state === 'Karnataka');
  expect(state, 'the seeded state Karnataka').toBeDefined();
  return { state: state!, rtos: await referenceList(base, `/api/RTO?state=${state!._id}`, ip) };
}

/**
 * A 2019 Maruti Suzuki (the first seeded model of that year with a variant, and its first variant),
 * registered in Karnataka at KA-01.
 */
export async function pickReference(base: string, ip?: string): Promise<ListingReference> {
  const brands = await referenceList(base, '/api/carbrand', ip);
  const maruti = brands.find((b) => b.name === 'Maruti Suzuki') ?? brands[0]!;
  const year = 2019;
  const [first] = await modelsWithVariants(base, maruti._id as string, year, { ip });
  expect(first, 'a seeded model with variants').toBeDefined();
  const variant = first!.variants[0]!;
  const { state, rtos } = await karnataka(base, ip);
  return {
    brand: maruti._id as string,
    model: first!.model._id as string,
    modelName: first!.model.name as string,
    variant: variant._id as string,
    fuelType: variant.fuelType as string,
    transmission: variant.transmission as string,
    year,
    state: state._id as string,
    rto: rtos.find((r) => r.code === 'KA-01')!._id as string,
  };
}

let citySeq = 0;

/** A city name no other call of this process returns (to find one listing in a search). */
export function uniqueCity(prefix = 'Testpur'): string {
  citySeq += 1;
  return `${prefix} ${Date.now().toString(36)}${citySeq.toString(36)}`;
}

/** What {@link listingBody} may change: the city and the registration number, and any top-level field. */
export type ListingOverrides = { city?: string; regNumber?: string } & Json;

/**
 * A valid `POST /api/cars` body on `ref` with `keys` as its images, in `city` (default a unique one, to find
 * it in search) with `regNumber` (default KA-01-AB-1234 as typed, `ka-01-ab-1234`); the other `overrides`
 * replace top-level fields.
 */
export function listingBody(
  ref: ListingReference,
  keys: string[],
  { city = uniqueCity(), regNumber = 'ka-01-ab-1234', ...overrides }: ListingOverrides = {},
) {
  return {
    brand: ref.brand,
    model: ref.model,
    variant: ref.variant,
    manufacturerYear: ref.year,
    fuelType: ref.fuelType,
    transmission: ref.transmission,
    state: ref.state,
    rto: ref.rto,
    price: 575000,
    description: 'Single owner, serviced at the dealer.',
    location: { street: '12 MG Road', city, state: 'Karnataka', postal_code: '560001' },
    specifications: {
      regNumber,
      engineCapacity: 1197,
      insurance: { type: 'Comprehensive', validTill: '2027-03-31' },
      kmDriven: 42000,
    },
    history: ['Serviced 2024-05'],
    images: keys.map((key) => ({ key })),
    ...overrides,
  };
}

/** A listing body. */
export type ListingBody = ReturnType<typeof listingBody>;

/**
 * Polls `GET /api/cars/{id}` until it answers `status` (at most `timeout` ms, every `interval` ms), as the
 * catalog learns of a listing through events (`vi.waitFor`: also in a `beforeAll` hook). @returns the last
 * answer.
 */
export async function carDetailWhen(
  base: string,
  id: string,
  status: number,
  opts: { timeout?: number; interval?: number; ip?: string } = {},
) {
  return vi.waitFor(
    async () => {
      const last = await call(base, 'GET', `/api/cars/${id}`, { ip: opts.ip });
      expect(last.status, `GET /api/cars/${id}`).toBe(status);
      return last;
    },
    { timeout: opts.timeout ?? 5_000, interval: opts.interval ?? 25 },
  );
}

/** Options of {@link uploadImage}. */
export interface UploadOptions {
  /** The upload type (default `cars`). */
  type?: 'cars' | 'logo';
  /** The bytes (default an 800×600 JPEG) and their content type (default `image/jpeg`). */
  image?: Buffer;
  contentType?: string;
  ip?: string;
}

/**
 * Uploads an image as `token` through the two-step flow: `POST /api/storage/getUrl` (200, success), then
 * the PUT to the signed URL (200). @returns the storage key.
 */
export async function uploadImage(base: string, token: string, opts: UploadOptions = {}): Promise<string> {
  const res = await call(base, 'POST', `/api/storage/getUrl?type=${opts.type ?? 'cars'}`, {
    token,
    ip: opts.ip,
  });
  expect(res.status, `getUrl: ${res.text.slice(0, 300)}`).toBe(200);
  const { uploadUrl, key, success } = res.body as unknown as {
    uploadUrl: string;
    key: string;
    success: boolean;
  };
  expect(success).toBe(true);
  const put = await fetch(new URL(uploadUrl, base), {
    method: 'PUT',
    headers: { 'content-type': opts.contentType ?? 'image/jpeg' },
    body: new Uint8Array(opts.image ?? (await plainJpeg())),
  });
  expect(put.status, 'the upload PUT').toBe(200);
  return key;
}
