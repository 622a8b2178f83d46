/**
 * The listing API's test harness (issue 6): the embedded system with sessions and the reference data a
 * listing needs, either with the real storage service (two-step upload, then `POST
 * /api/storage/images/confirm` called by the listing service) or with a stub of that confirm call that
 * follows its contract (packages/contracts), so the listing side is checked on its own too; and the reads
 * that show what a request stored, emitted and made visible.
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, DEV_ADMIN, login, type Session, uniqueNumber } from '../../../../test-support/accounts';
import {
  listingBody as bodyOn,
  carDetailWhen,
  type ListingReference,
  modelsWithVariants,
  pickReference,
  referenceList,
  uploadImage,
} from '../../../../test-support/cars';
import { startLocalServer } from '../../../../test-support/http';
import { plainJpeg } from '../../../../test-support/images';
import {
  call,
  SYSTEM_START_TIMEOUT_MS,
  startTestSystem,
  type TestServers,
  type TestSystem,
} from '../../../../test-support/system';

/** A JSON object as the API answers it. */
export type Json = Record<string, unknown>;

/** The "within a second": how long a new listing may take to reach search and detail. */
export const VISIBLE_WITHIN_MS = 1_000;

/** A short string no other call of this process returns. */
export const unique = uniqueNumber;

let regSeq = 0;
/** A registration number no other test uses, e.g. `MH-12-RG-1001`. */
export const uniqueReg = () => `MH-12-RG-${1000 + ++regSeq}`;

/** A listing's reference data plus the wrong choices the rejections use. */
export interface ListingTestReference extends ListingReference {
  /** A model of another brand, that brand, a variant of another model, an RTO of another state. */
  otherModel: string;
  otherBrand: string;
  otherVariant: string;
  otherStateRto: string;
}

/** Storage's confirm call answered as its contract says (see {@link startConfirmStub}). */
export type ConfirmStub = Awaited<ReturnType<typeof startConfirmStub>>;

/** The system under test plus the sessions and the reference data a listing needs. */
export interface Ctx {
  t: TestSystem;
  base: string;
  admin: string;
  adminId: string;
  /** Seller, another user, a third user (rate limit). */
  users: Session[];
  ref: ListingTestReference;
  /** The stub of storage's confirm call, when the system runs with it. */
  stub?: ConfirmStub;
  /** `count` image keys of the user of `token`: uploaded JPEGs, or keys the stub accepts. */
  imageKeys(token: string, count: number): Promise<string[]>;
  stop(): Promise<void>;
}

/** The wrong choices of {@link ListingTestReference}, from the seeded reference data. */
async function wrongChoices(base: string, ref: ListingReference, ip: string) {
  const [, second] = await modelsWithVariants(base, ref.brand, ref.year, { count: 2, ip });
  const brands = await referenceList(base, '/api/carbrand', ip);
  const other = brands.find((b) => b._id !== ref.brand)!;
  const otherBrandModel = (await referenceList(base, `/api/carModel?brand=${other._id}`, ip))[0]!;
  const delhi = (await referenceList(base, '/api/carstate', ip)).find((s) => s.state === 'Delhi')!;
  const delhiRtos = await referenceList(base, `/api/RTO?state=${delhi._id}`, ip);
  return {
    otherModel: otherBrandModel._id as string,
    otherBrand: other._id as string,
    otherVariant: second!.variants[0]!._id as string,
    otherStateRto: delhiRtos[0]!._id as string,
  };
}

/**
 * Starts the system (with the confirm stub when `storage` is `stub`), signs the dev admin in, creates three
 * users through the account API and picks the reference data.
 */
export async function startListingApi(
  storage: 'service' | 'stub',
  servers: TestServers | undefined,
): Promise<Ctx> {
  const stub = storage === 'stub' ? await startConfirmStub() : undefined;
  const t = await startTestSystem(stub ? { STORAGE_SERVICE_URL: stub.url } : {}, servers);
  const base = t.url;
  const ip = `10.6.${Number(uniqueNumber()) % 250}.1`;
  const { token: admin, id: adminId } = await login(base, DEV_ADMIN, ip);
  const users: Session[] = [];
  for (let i = 0; i < 3; i++) users.push(await createUser(base, admin, { ip }));
  const ref = await pickReference(base, ip);
  let hue = 0;
  return {
    t,
    base,
    admin,
    adminId,
    users,
    ref: { ...ref, ...(await wrongChoices(base, ref, ip)) },
    stub,
    async imageKeys(token, count) {
      const keys: string[] = [];
      for (let i = 0; i < count; i++) {
        hue = (hue + 13) % 256;
        const image = await plainJpeg(1600, 1200, `rgb(${hue}, 120, 200)`);
        keys.push(stub ? `mine:${unique()}.jpg` : await uploadImage(base, token, { image }));
      }
      return keys;
    },
    async stop() {
      await t.stop();
      await stub?.stop();
    },
  };
}

/**
 * Registers hooks that start the listing API before the tests of the enclosing `describe` (unless `skip`)
 * and stop it after them. @returns the context, filled in once `beforeAll` has run.
 */
export function useListingApi(
  storage: 'service' | 'stub',
  servers: TestServers | undefined,
  skip: boolean,
): Ctx {
  const ctx = {} as Ctx;
  beforeAll(async () => {
    if (!skip) Object.assign(ctx, await startListingApi(storage, servers));
  }, SYSTEM_START_TIMEOUT_MS);
  afterAll(async () => {
    await ctx.stop?.();
  });
  return ctx;
}

/** A valid `POST /api/cars` body on the reference data of `ctx` (test-support/cars.ts `listingBody`). */
export function listingBody(ctx: Ctx, keys: string[], opts: { city?: string; regNumber?: string } = {}) {
  return bodyOn(ctx.ref, keys, opts);
}

/** Rows of the listing service's table and outbox (to prove a rejection stored and emitted nothing). */
export async function listingState(ctx: Ctx) {
  const [row] = await queryRows<{ cars: number; events: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT (SELECT count(*)::int FROM listing.cars) AS cars, (SELECT count(*)::int FROM listing.outbox) AS events`,
  );
  return row!;
}

/** Polls until `GET /api/cars/{id}` answers `status`, at most `timeout` ms; the answer. */
export function detailWhen(ctx: Ctx, id: string, status: number, timeout = VISIBLE_WITHIN_MS) {
  return carDetailWhen(ctx.base, id, status, { timeout, interval: 20 });
}

/** The ids of the cars found by a public search on `city`. */
export async function searchCity(ctx: Ctx, city: string) {
  const res = await call(ctx.base, 'GET', `/api/cars?city=${encodeURIComponent(city)}`);
  expect(res.status).toBe(200);
  return ((res.body.data as Json).cars as Json[]).map((c) => c._id);
}

/** The newest outbox row of the listing service named `name`, with its envelope. */
export async function lastEvent(ctx: Ctx, name?: string) {
  const [row] = await queryRows<{ name: string; envelope: { payload: Json } }>(
    ctx.t.system.infra.database.db,
    name
      ? sql`SELECT name, envelope FROM listing.outbox WHERE name = ${name} ORDER BY seq DESC LIMIT 1`
      : sql`SELECT name, envelope FROM listing.outbox ORDER BY seq DESC LIMIT 1`,
  );
  return row;
}

/**
 * Answers `POST /api/storage/images/confirm` as the contract says: 200 `{ data: { images } }` in key order
 * for keys whose name starts with the caller's token fingerprint ("mine:"), else 400 `{ message, index }`.
 */
export async function startConfirmStub() {
  const calls: Array<{ type: string; keys: string[]; authorized: boolean }> = [];
  const server = await startLocalServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/api/storage/images/confirm') {
        res.writeHead(404).end(JSON.stringify({ message: 'no such route' }));
        return;
      }
      const body = JSON.parse(raw) as { type: string; keys: string[] };
      calls.push({ ...body, authorized: Boolean(req.headers.authorization) });
      const index = body.keys.findIndex((k) => !k.startsWith('mine:'));
      if (!req.headers.authorization) res.writeHead(401).end(JSON.stringify({ message: 'Please log in.' }));
      else if (index >= 0) {
        res.writeHead(400).end(JSON.stringify({ message: 'this image was not uploaded by you', index }));
      } else {
        const images = body.keys.map((key) => ({
          key,
          url: `/api/storage/images/${encodeURIComponent(key)}`,
          sizes: [{ width: 320, url: `/api/storage/images/${encodeURIComponent(key)}/320.webp` }],
        }));
        res.writeHead(200).end(JSON.stringify({ data: { images } }));
      }
    });
  });
  return { url: server.origin, calls, stop: server.stop };
}
