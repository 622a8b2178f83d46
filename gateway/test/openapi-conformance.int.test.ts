/**
 * The OpenAPI document against the running API (issue 19: "a test walks every operation of the OpenAPI
 * document and checks that each documented success response matches what the route really answers"), on
 * the embedded adapters and on the real PostgreSQL, RabbitMQ and Redis.
 *
 * `calls` below holds one entry per operation of `buildOpenApiDocument()`, keyed by operationId and run in
 * its order (creates before updates and deletes): each makes a real request that should succeed, setting up
 * what it needs through the API. Every answer is then checked against the document: the status is one of
 * the operation's documented 2xx codes, the content type is one documented for that status, and a JSON
 * body validates (Ajv, JSON Schema 2020-12, formats) against the documented schema, closed: every object
 * schema that lists `properties` gets `additionalProperties: false` unless it says otherwise, so a field
 * the route answers but the document does not name fails as surely as a documented field the route leaves
 * out. Non-JSON answers (images, SVG) are checked by status and content type.
 *
 * The table must match the document exactly: a new route without an entry here, or an entry for an
 * operation the document no longer has, fails the first test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '@marketplace/contracts';
import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleStub, startGoogleStub } from '../../services/auth/test/support/google-server';
import { type GraphStub, startGraphStub } from '../../services/auth/test/support/graph-server';
import { call, startTestSystem, systemVariants, type TestSystem } from '../../test-support/system';

const variants = await systemVariants();

type Json = Record<string, unknown>;

/** How long an event may take to show its effect (RabbitMQ, busy machine). */
const EVENTUAL_MS = 15_000;

// ---------------------------------------------------------------------------------------------------
// The document: its operations and a validator per documented success response
// ---------------------------------------------------------------------------------------------------

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface MediaType {
  schema?: unknown;
}
interface DocumentedResponse {
  content?: Record<string, MediaType>;
}
interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
  /** The documented 2xx responses by status code. */
  success: Record<string, DocumentedResponse>;
}

const document = buildOpenApiDocument() as unknown as {
  paths: Record<
    string,
    Record<string, { operationId?: string; responses?: Record<string, DocumentedResponse> }>
  >;
  components?: { schemas?: Record<string, unknown> };
};

/** Every operation of the document (all paths × methods), by operationId. */
const operations = new Map<string, DocumentedOperation>();
for (const [path, item] of Object.entries(document.paths)) {
  for (const method of HTTP_METHODS) {
    const op = item[method];
    if (!op) continue;
    const operationId = op.operationId ?? `${method.toUpperCase()} ${path}`;
    const success = Object.fromEntries(
      Object.entries(op.responses ?? {}).filter(([code]) => /^2/.test(code)),
    );
    operations.set(operationId, { method, path, operationId, success });
  }
}

/** Where the component schemas live for Ajv: `#/components/schemas/X` becomes `${COMPONENTS}#/$defs/X`. */
const COMPONENTS = 'urn:openapi:components';

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas (JSON Schema 2020-12). */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
]);
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * A copy of `schema` that refuses undocumented fields: every object schema listing `properties` gets
 * `additionalProperties: false` unless it sets `additionalProperties` or `unevaluatedProperties` itself;
 * component `$ref`s point at {@link COMPONENTS}. Only schema positions are rewritten, never data (`const`,
 * `enum`, `examples`, `default`). (Object schemas merged with `allOf` would need `unevaluatedProperties`
 * instead; the document has none.)
 */
function closed(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') {
      out[key] = value.replace(/^#\/components\/schemas\//, `${COMPONENTS}#/$defs/`);
    } else if (SCHEMA_KEYWORDS.has(key)) {
      out[key] = closed(value);
    } else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
      out[key] = value.map(closed);
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, closed(s)]));
    } else {
      out[key] = value;
    }
  }
  if ('properties' in out && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
    out.additionalProperties = false;
  }
  return out;
}

/** Every strict-mode check on (a malformed document fails to compile); every error; errors carry the value. */
const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
addFormats(ajv);
ajv.addSchema({ $id: COMPONENTS, ...(closed({ $defs: document.components?.schemas ?? {} }) as Json) });

const validators = new Map<string, ValidateFunction>();
/** The compiled, closed schema of one documented response body (compiled once). */
function validatorFor(op: DocumentedOperation, status: string, mediaType: string, schema: unknown) {
  const id = `${op.operationId} ${status} ${mediaType}`;
  let validate = validators.get(id);
  if (!validate) {
    validate = ajv.compile(closed(schema) as AnySchema);
    validators.set(id, validate);
  }
  return validate;
}

/** A short JSON rendering of `value` for messages. */
function excerpt(value: unknown, max = 160): string {
  const text = value instanceof Uint8Array ? `<${value.byteLength} bytes>` : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > max ? `${text.slice(0, max)}…` : text;
}

/** One Ajv error as a line: where, what, and the value found there. */
function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(body)';
  const field = error.keyword === 'additionalProperties' ? ` "${error.params.additionalProperty}"` : '';
  return `${where} ${error.message}${field} (found ${excerpt(error.data, 100)})`;
}

/** One real answer of the API. */
interface Answer {
  /** What was asked, e.g. `GET /api/cars?limit=50`, for messages. */
  request: string;
  status: number;
  contentType: string;
  /** The parsed JSON, the text, or the bytes of a non-JSON answer; `''` when there was none. */
  body: unknown;
}

const isJson = (mediaType: string) => /^application\/(?:[\w.-]+\+)?json$/.test(mediaType);

/**
 * How `answer` differs from the documented success responses of `op`: `[]` when the status is a documented
 * 2xx, the content type one documented for it, and a JSON body validates against its closed schema.
 */
function problemsWith(op: DocumentedOperation, answer: Answer): string[] {
  const documented = Object.keys(op.success).join(', ') || 'none';
  const response = op.success[String(answer.status)];
  if (!response) {
    return [`answered ${answer.status} ${excerpt(answer.body)}; documented 2xx: ${documented}`];
  }
  const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
  if (!response.content) {
    return answer.body === '' ? [] : [`answered a body (${mediaType}) where the document has none`];
  }
  const media = response.content[mediaType];
  if (!media) {
    const types = Object.keys(response.content).join(', ');
    return [`answered ${answer.status} as "${mediaType}"; documented: ${types}`];
  }
  if (!isJson(mediaType) || media.schema === undefined) return [];
  const validate = validatorFor(op, String(answer.status), mediaType, media.schema);
  if (validate(answer.body)) return [];
  return (validate.errors ?? []).map(describeError);
}

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

interface Session {
  id: string;
  token: string;
}

/** What earlier calls made, for the calls after them. */
interface Made {
  /** The user signed up with `register`; `smsAt` is when its first code was sent, `token` from verifying. */
  signUp?: { email: string; phone_number: string; password: string; smsAt: string; token?: string };
  socialToken?: string;
  doomedUser?: string;
  upload?: { uploadUrl: string; key: string };
  imageKey?: string;
  rto?: string;
  brand?: string;
  model?: string;
  variant?: string;
  car?: string;
  booking?: string;
}

/** A system under test with its sessions, the reference data a listing needs, and what the calls made. */
interface World {
  t: TestSystem;
  base: string;
  ip: string;
  google: GoogleStub;
  graph: GraphStub;
  admin: Session;
  seller: Session;
  buyer: Session;
  ref: {
    brand: string;
    model: string;
    variant: string;
    fuelType: string;
    transmission: string;
    year: number;
    state: string;
    rto: string;
  };
  made: Made;
}

/** `w.made[key]`, which an earlier call of the table should have set. */
function need<K extends keyof Made>(w: World, key: K): NonNullable<Made[K]> {
  const value = w.made[key];
  if (value === undefined) throw new Error(`nothing made as "${key}": an earlier call of the table failed`);
  return value as NonNullable<Made[K]>;
}

type CallOptions = { body?: unknown; token?: string };

/** A JSON request through the gateway from this world's client address, as an {@link Answer}. */
async function ask(w: World, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const res = await call(w.base, method, path, { ...opts, ip: w.ip });
  return {
    request: `${method} ${path}`,
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: res.body,
  };
}

/** A set-up request that must answer 2xx; its JSON body. */
async function must(w: World, method: string, path: string, opts: CallOptions = {}): Promise<Json> {
  const res = await call(w.base, method, path, { ...opts, ip: w.ip });
  expect(res.status, `set-up ${method} ${path}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `set-up ${method} ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
  return res.body as Json;
}

/** Any request by URL (absolute, or relative to the gateway), as an {@link Answer}; non-JSON bodies as bytes. */
async function fetchAnswer(w: World, url: string, init: RequestInit = {}): Promise<Answer> {
  const target = new URL(url, w.base);
  const res = await fetch(target, init);
  const contentType = res.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: unknown = bytes.byteLength === 0 ? '' : bytes;
  if (bytes.byteLength > 0 && isJson(contentType.split(';')[0]!.trim().toLowerCase())) {
    body = JSON.parse(new TextDecoder().decode(bytes));
  }
  return { request: `${init.method ?? 'GET'} ${target.pathname}`, status: res.status, contentType, body };
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A JPEG of `width`×`height` pixels. */
function jpeg(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40 + seq, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Uploads a JPEG as `token` through the two-step flow (getUrl, then PUT); its storage key. */
async function upload(w: World, token: string, type: 'cars' | 'logo' = 'cars'): Promise<string> {
  const { uploadUrl, key } = (await must(w, 'POST', `/api/storage/getUrl?type=${type}`, { token })) as {
    uploadUrl: string;
    key: string;
  };
  const put = await fetch(new URL(uploadUrl, w.base), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(await jpeg()),
  });
  expect(put.status, 'set-up upload').toBe(200);
  return key;
}

/** Waits for the newest SMS to `phone` other than one created at `after`; the 6-digit code in it. */
async function smsCode(
  w: World,
  phone: string,
  after?: string,
): Promise<{ code: string; createdAt: string }> {
  await w.t.system.drainOutboxes();
  let sms: ReturnType<TestSystem['lastSms']>;
  await expect
    .poll(
      () => {
        sms = w.t.lastSms(phone);
        return sms && sms.createdAt !== after ? sms.text : undefined;
      },
      { timeout: EVENTUAL_MS },
    )
    .toMatch(/\b\d{6}\b/);
  return { code: sms!.text.match(/\b(\d{6})\b/)![1]!, createdAt: sms!.createdAt };
}

/** The newest of at least `count` e-mail verification tokens mailed to `email` (dev outbox; issue 20). */
async function mailedEmailToken(w: World, email: string, count: number): Promise<string> {
  await w.t.system.drainOutboxes();
  const file = path.join(w.t.dataDir, 'outbox', 'mail.jsonl');
  let token: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(file)) return undefined;
        const mails = fs
          .readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { to: string; text: string })
          .filter((m) => m.to === email && /verifyEmail=/.test(m.text));
        const mail = mails.length >= count ? mails.at(-1) : undefined;
        token = mail ? decodeURIComponent(mail.text.match(/verifyEmail=([\w%-]+)/)![1]!) : undefined;
        return token;
      },
      { timeout: EVENTUAL_MS },
    )
    .toBeTruthy();
  return token!;
}

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The India calendar date three days from today, `YYYY-MM-DD` (bookable at any opening hour). */
function bookingDate(): string {
  const d = new Date(`${indiaDate.format(new Date())}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 3);
  return d.toISOString().slice(0, 10);
}

/** A user created through the account API and signed in. */
async function newUser(w: Pick<World, 'base' | 'ip'> & { admin: Session }, label: string): Promise<Session> {
  const n = unique();
  const body = {
    name: `${label} ${n}`,
    username: `${label.toLowerCase()}.${n}`,
    email: `${label.toLowerCase()}.${n}@example.in`,
    password: 'safeRide42',
    role: 'User',
  };
  const created = await call(w.base, 'POST', '/api/account/user/new', {
    body,
    token: w.admin.token,
    ip: w.ip,
  });
  expect(created.status).toBe(201);
  return login(w, body.email, body.password);
}

async function login(w: Pick<World, 'base' | 'ip'>, email: string, password: string): Promise<Session> {
  const res = await call(w.base, 'POST', '/api/auth/login', { body: { email, password }, ip: w.ip });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return { id: (res.body.user as Json)._id as string, token: res.body.tokenId as string };
}

/** A `POST /api/cars` body on the reference data of `w` with `keys` as its images. */
function listingBody(w: World, keys: string[]) {
  return {
    brand: w.ref.brand,
    model: w.ref.model,
    variant: w.ref.variant,
    manufacturerYear: w.ref.year,
    fuelType: w.ref.fuelType,
    transmission: w.ref.transmission,
    state: w.ref.state,
    rto: w.ref.rto,
    price: 575000,
    description: 'Single owner, serviced at the dealer.',
    location: {
      street: '12 MG Road',
      city: `Testpur ${unique()}`,
      state: 'Karnataka',
      postal_code: '560001',
    },
    specifications: {
      regNumber: 'ka-01-ab-1234',
      engineCapacity: 1197,
      insurance: { type: 'Comprehensive', validTill: '2027-03-31' },
      spareKey: true,
      kmDriven: 42000,
      ownership: 'Second',
    },
    history: ['Serviced 2024-05'],
    images: keys.map((key) => ({ key })),
  };
}

// ---------------------------------------------------------------------------------------------------
// One call per operation, keyed by operationId, in the order they run
// ---------------------------------------------------------------------------------------------------

type Call = (w: World) => Promise<Answer | Answer[]>;

const calls: Record<string, Call> = {
  // ------------------------------------------------------------------ auth
  socialProviders: (w) => ask(w, 'GET', '/api/auth/providers'),
  register: async (w) => {
    const n = unique();
    const body = {
      name: 'Asha Rao',
      username: `asha.${n}`,
      email: `asha.${n}@example.in`,
      phone_number: `97${`${Date.now()}`.slice(-8)}`,
      password: 'safeRide42',
      confirm_password: 'safeRide42',
    };
    const answer = await ask(w, 'POST', '/api/auth/register', { body });
    if (answer.status === 201) {
      const { createdAt } = await smsCode(w, body.phone_number);
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
    const { code } = await smsCode(w, signUp.phone_number, signUp.smsAt);
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
    const token = await mailedEmailToken(w, need(w, 'signUp').email, 2);
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
        phone_number: `96${`${Date.now()}`.slice(-8)}`,
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
      body: new Uint8Array(await jpeg()),
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
    const answer = await ask(w, 'POST', '/api/cars', { body: listingBody(w, keys), token: w.seller.token });
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
  // ------------------------------------------------------------------ test drives (on the car listed above)
  listTestDriveSlots: async (w) => {
    // The test-drive service learns of the car through events.
    const path = `/api/testDrive/slots?car=${need(w, 'car')}&date=${bookingDate()}`;
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
      body: { car: need(w, 'car'), appointmentDate: bookingDate(), appointmentTime: '10:00' },
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
      body: { appointmentDate: bookingDate(), appointmentTime: '11:00' },
      token: w.buyer.token,
    }),
  setTestDriveStatus: (w) =>
    ask(w, 'PATCH', `/api/testDrive/${need(w, 'booking')}/status`, {
      body: { status: 'Confirmed' },
      token: w.seller.token,
    }),
  cancelTestDrive: async (w) => {
    const another = await must(w, 'POST', '/api/testDrive', {
      body: { car: need(w, 'car'), appointmentDate: bookingDate(), appointmentTime: '12:00' },
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

// ---------------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------------

describe('the table of calls', () => {
  it('has one call for every operation of the OpenAPI document, and none for anything else', () => {
    const documented = [...operations.keys()];
    const tabled = Object.keys(calls);
    expect({
      withoutCall: documented.filter((id) => !(id in calls)),
      notInDocument: tabled.filter((id) => !operations.has(id)),
    }).toEqual({ withoutCall: [], notInDocument: [] });
    expect(tabled).toHaveLength(operations.size);
  });
});

const FACEBOOK_APP_SECRET = 'fb-secret';

/** Signs the admin in, makes a seller and a buyer, picks the reference data a listing needs. */
async function setUp(
  t: TestSystem,
  stubs: { google: GoogleStub; graph: GraphStub },
  ip: string,
): Promise<World> {
  const { google, graph } = stubs;
  const base = t.url;
  const admin = await login({ base, ip }, 'admin@marketplace.local', 'Admin@12345');
  const seller = await newUser({ base, ip, admin }, 'Seller');
  const buyer = await newUser({ base, ip, admin }, 'Buyer');
  const get = async (p: string) => {
    const res = await call(base, 'GET', p, { ip });
    expect(res.status, `set-up GET ${p}`).toBe(200);
    return res.body.data as unknown as Json[];
  };
  const brands = await get('/api/carbrand');
  const brand = brands.find((b) => b.name === 'Maruti Suzuki') ?? brands[0]!;
  const year = 2019;
  let model: Json | undefined;
  let variant: Json | undefined;
  for (const m of await get(`/api/carModel?brand=${brand._id}&year=${year}`)) {
    variant = (await get(`/api/carVariant?model=${m._id}`))[0];
    if (variant) {
      model = m;
      break;
    }
  }
  expect(model, 'a seeded model with variants').toBeDefined();
  const state = (await get('/api/carstate')).find((s) => s.state === 'Karnataka')!;
  const rto = (await get(`/api/RTO?state=${state._id}`)).find((r) => r.code === 'KA-01')!;
  return {
    t,
    base,
    ip,
    google,
    graph,
    admin,
    seller,
    buyer,
    ref: {
      brand: brand._id as string,
      model: model!._id as string,
      variant: variant!._id as string,
      fuelType: variant!.fuelType as string,
      transmission: variant!.transmission as string,
      year,
      state: state._id as string,
      rto: rto._id as string,
    },
    made: {},
  };
}

let variantSeq = 0;

describe.each(variants)('the OpenAPI document against the API on $name', ({ servers, skip }) => {
  const ip = `10.19.${200 + ++variantSeq}.${Math.floor(Math.random() * 250) + 1}`;
  let google: GoogleStub | undefined;
  let graph: GraphStub | undefined;
  let t: TestSystem | undefined;
  let w: World;

  beforeAll(async () => {
    if (skip) return;
    // Google and Facebook sign-in against local stubs (as in auth.int.test.ts).
    google = await startGoogleStub();
    graph = await startGraphStub({ appId: 'fb-conformance', appSecret: FACEBOOK_APP_SECRET });
    t = await startTestSystem(
      {
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_JWKS_URL: google.url,
        GOOGLE_ISSUERS: google.issuer,
        FACEBOOK_APP_ID: graph.appId,
        FACEBOOK_APP_SECRET,
        FACEBOOK_GRAPH_URL: graph.url,
      },
      servers,
    );
    w = await setUp(t, { google, graph }, ip);
  });
  afterAll(async () => {
    await t?.stop();
    await google?.stop();
    await graph?.stop();
  });

  for (const [operationId, run] of Object.entries(calls)) {
    const op = operations.get(operationId);
    const title = op
      ? `${operationId}: ${op.method.toUpperCase()} ${op.path}`
      : `${operationId} (not documented)`;
    it.skipIf(skip)(title, async () => {
      expect(op, `${operationId} is not an operation of the OpenAPI document`).toBeDefined();
      const answers = [await run(w)].flat();
      const problems = answers.flatMap((answer) =>
        problemsWith(op!, answer).map((p) => `${answer.request}: ${p}`),
      );
      expect(problems).toEqual([]);
    });
  }
});
