/**
 * `callOperation` against a real local HTTP server (node:http on port 0, reached as the server-side render
 * reaches the API): the declared method and path with URI-encoded path parameters, the query without empty
 * values, the JSON body, and the answer as `{ data, status }`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOperation, fillPath } from '../src/api/call-operation';
import { configureServerApi } from '../src/api/client';

let server: http.Server;
const seen: Array<{ method?: string; url?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body });
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { echoed: req.url } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  configureServerApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('fillPath', () => {
  it('fills and encodes every {parameter}', () => {
    expect(fillPath('/api/storage/images/{key}/{file}', { key: 'a/b', file: '640.webp' })).toBe(
      '/api/storage/images/a%2Fb/640.webp',
    );
  });

  it('throws for a parameter without a value', () => {
    expect(() => fillPath('/api/cars/{carId}', {})).toThrow(TypeError);
  });
});

describe('callOperation', () => {
  it('calls the declared method and path with the path parameters filled', async () => {
    const res = await callOperation('getCar', { params: { carId: 'a b' } });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/cars/a%20b' });
    expect(res).toEqual({ status: 200, data: { data: { echoed: '/api/cars/a%20b' } } });
  });

  it('sends the query without empty values', async () => {
    await callOperation('searchCars', { query: { limit: 9, searchTerm: undefined, sort: 'newest' } });
    expect(seen.at(-1)?.url).toBe('/api/cars?limit=9&sort=newest');
  });

  it('sends the body as JSON', async () => {
    const body = { car: 'c1', appointmentDate: '2027-01-02', appointmentTime: '10:30' };
    const res = await callOperation('bookTestDrive', { body });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/testDrive' });
    expect(JSON.parse(seen.at(-1)?.body ?? '')).toEqual(body);
    expect(res.status).toBe(201);
  });

  it('rejects when a path parameter is missing, without calling', async () => {
    const calls = seen.length;
    await expect(callOperation('deleteCar', { params: {} as { carId: string } })).rejects.toThrow(TypeError);
    expect(seen.length).toBe(calls);
  });
});
