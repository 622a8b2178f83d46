/**
 * The API answers byte for byte (issue 23): a fixed set of requests, one of each kind of answer (reads,
 * writes, 400 naming a field, 401, 403, 404, 409, rate limits excluded), replayed against the embedded
 * system and compared with `fixtures/recorded-answers.json`, which was recorded from the code before the
 * operations were declared once (commit 99b1ac8). Only what differs between two runs of the same code is
 * masked: ids, times, tokens and ETags. `RECORD=1` writes the fixture instead of comparing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../../test-support/system';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'recorded-answers.json');
const ADMIN = { email: 'admin@marketplace.local', password: 'Admin@12345' };

interface Recorded {
  request: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Masks what two runs of the same code answer differently (ids, times, tokens, validators). */
function mask(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/"tokenId":"[^"]+"/g, '"tokenId":"<token>"')
    .replace(/(sig|expires|owner)=[^&"]+/g, '$1=<x>')
    .replace(/cars-[\w-]+/g, 'cars-<key>');
}

const kept = ['content-type', 'cache-control', 'retry-after', 'idempotent-replayed', 'location'];

let t: TestSystem;
const answers: Recorded[] = [];

/** Sends one request and records its masked answer. */
async function record(
  label: string,
  method: string,
  p: string,
  opts: { body?: unknown; token?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '10.9.0.1' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${t.url}${p}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  answers.push({
    request: `${label}: ${method} ${mask(p)}`,
    status: res.status,
    headers: Object.fromEntries(kept.flatMap((h) => (res.headers.has(h) ? [[h, res.headers.get(h)!]] : []))),
    body: mask(text),
  });
  return { status: res.status, json: (): unknown => JSON.parse(text) };
}

beforeAll(async () => {
  t = await startTestSystem();
  const login = await record('admin login', 'POST', '/api/auth/login', { body: ADMIN });
  const admin = (login.json() as { tokenId: string }).tokenId;
  const states = (await record('states', 'GET', '/api/carstate')).json() as { data: Array<{ _id: string }> };
  const state = states.data.find((s) => s._id)!._id;
  await record('states by keyword', 'GET', '/api/carstate?keyword=kar');
  await record('RTOs of a state', 'GET', `/api/RTO?state=${state}`);
  await record('RTOs, bad state', 'GET', '/api/RTO?state=nope');
  const brands = (await record('brands', 'GET', '/api/carbrand?keyword=maru')).json() as {
    data: Array<{ _id: string }>;
  };
  const brand = brands.data[0]!._id;
  const models = (await record('models', 'GET', `/api/carModel?brand=${brand}`)).json() as {
    data: Array<{ _id: string }>;
  };
  await record('variants', 'GET', `/api/carVariant?model=${models.data[0]!._id}`);
  await record('seeded logo missing', 'GET', '/api/carbrand/logos/nope.svg');
  await record('cars, bad page', 'GET', '/api/cars?page=abc');
  await record('car, unknown', 'GET', '/api/cars/00000000-0000-4000-8000-000000000000');
  await record('seller cars, signed out', 'GET', '/api/cars/seller');
  await record('providers', 'GET', '/api/auth/providers');
  await record('storage limits', 'GET', '/api/storage/limits');
  await record('upload URL, signed out', 'POST', '/api/storage/getUrl?type=cars');
  await record('image, unknown', 'GET', '/api/storage/images/cars-nope');
  await record('image size, not a size', 'GET', '/api/storage/images/cars-nope/big.png');
  await record('profile, signed out', 'GET', '/api/auth/profile');
  await record('login, wrong password', 'POST', '/api/auth/login', {
    body: { email: ADMIN.email, password: 'wrong-Password1' },
    ip: '10.9.0.2',
  });
  await record('register, bad e-mail', 'POST', '/api/auth/register', {
    body: {
      name: 'Asha',
      username: 'asha',
      email: 'nope',
      password: 'x',
      confirm_password: 'x',
      phone_number: '1',
    },
  });
  await record('users', 'GET', '/api/account/getAllUser?userType=Admin', { token: admin });
  await record('create user', 'POST', '/api/account/user/new', {
    token: admin,
    body: {
      name: 'Ravi Kumar',
      username: 'ravi_k',
      email: 'ravi@example.in',
      password: 'Ravi@12345',
      confirm_password: 'Ravi@12345',
      phone_number: '9876543210',
      role: 'User',
    },
  });
  await record('create user, taken', 'POST', '/api/account/user/new', {
    token: admin,
    body: {
      name: 'Ravi Kumar',
      username: 'ravi_k2',
      email: 'ravi@example.in',
      password: 'Ravi@12345',
      confirm_password: 'Ravi@12345',
      role: 'User',
    },
  });
  const ravi = (
    await record('user login', 'POST', '/api/auth/login', {
      body: { email: 'ravi@example.in', password: 'Ravi@12345' },
    })
  ).json() as { tokenId: string };
  await record('users as a user', 'GET', '/api/account/getAllUser', { token: ravi.tokenId });
  const profile = (await record('profile', 'GET', '/api/auth/profile', { token: ravi.tokenId })).json() as {
    _id: string;
  };
  await record('seller cars', 'GET', '/api/cars/seller', { token: ravi.tokenId });
  await record('my test drives', 'GET', '/api/testDrive', { token: ravi.tokenId });
  await record('book, bad body', 'POST', '/api/testDrive', { token: ravi.tokenId, body: { car: '' } });
  await record('create car, bad body', 'POST', '/api/cars', { token: ravi.tokenId, body: {} });
  await record('delete car, unknown', 'DELETE', '/api/cars/00000000-0000-4000-8000-000000000000', {
    token: ravi.tokenId,
  });
  const created = (
    await record('create brand', 'POST', '/api/carbrand', {
      token: admin,
      body: { name: 'Recorded Motors', country: 'India', founded: 1999 },
    })
  ).json() as { data: { _id: string } };
  await record('create brand, taken', 'POST', '/api/carbrand', {
    token: admin,
    body: { name: 'Recorded Motors', country: 'India', founded: 1999 },
  });
  await record('update brand', 'PUT', `/api/carbrand/${created.data._id}`, {
    token: admin,
    body: { website: 'https://recorded.example.in' },
  });
  await record('delete brand', 'DELETE', `/api/carbrand/${created.data._id}`, { token: admin });
  await record('create RTO, wrong prefix', 'POST', '/api/RTO', {
    token: admin,
    body: { state, city: 'Nowhere', code: 'ZZ-01' },
  });
  await record('contact, bad body', 'POST', '/api/contact', { body: { name: 'Asha' } });
  await record('contact', 'POST', '/api/contact', {
    body: { name: 'Asha', email: 'asha@example.in', message: 'Is the Swift still available?' },
  });
  await record('unknown route', 'GET', '/api/nothing-here');
  await record('logout', 'POST', '/api/auth/logout', { token: ravi.tokenId });
  await record('delete user', 'DELETE', `/api/account/user/${profile._id}`, { token: admin });
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('recorded API answers', () => {
  it('are the same as before the operations were declared once', () => {
    if (process.env.RECORD === '1') {
      fs.mkdirSync(path.dirname(fixture), { recursive: true });
      fs.writeFileSync(fixture, `${JSON.stringify(answers, null, 2)}\n`);
    }
    const expected = JSON.parse(fs.readFileSync(fixture, 'utf8')) as Recorded[];
    expect(answers.map((a) => a.request)).toEqual(expected.map((a) => a.request));
    for (const [i, answer] of answers.entries()) expect(answer, answer.request).toEqual(expected[i]);
  });
});
