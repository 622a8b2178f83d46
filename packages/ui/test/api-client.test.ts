/**
 * The API client against a real local HTTP server (node:http on port 0): the `{ data, status }` shape,
 * query parameters, JSON and raw bodies, ApiError with the server's message, quiet calls and the loading
 * store.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, errorMessage, GENERIC_ERROR_MESSAGE, isApiError } from '../src/api/client';
import { useLoadingStore } from '../src/stores';

let server: http.Server;
let base = '';
const seen: Array<{ method?: string; url?: string; type?: string; body: string; cookie?: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/ok') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { hello: 'world' } }));
      } else if (path === '/empty') {
        res.writeHead(204).end();
      } else if (path === '/bad') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'price must be a number' }));
      } else if (path === '/html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<h1>Bad gateway</h1>');
      } else {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Not signed in' }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('api', () => {
  it('resolves with the parsed body and status, sends params without empty values', async () => {
    const res = await api.get<{ data: { hello: string } }>(`${base}/ok`, {
      params: { page: 2, brand: 'Honda', fuel: undefined, city: null },
      quiet: true,
    });
    expect(res).toEqual({ data: { data: { hello: 'world' } }, status: 200 });
    expect(seen.at(-1)?.url).toBe('/ok?page=2&brand=Honda');
  });

  it('sends objects as JSON and Blobs as they are', async () => {
    await api.post(`${base}/ok`, { name: 'Creta' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', type: 'application/json', body: '{"name":"Creta"}' });
    await api.put(`${base}/ok`, new Blob(['raw'], { type: 'text/plain' }));
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', type: 'text/plain', body: 'raw' });
  });

  it('gives undefined data for an empty answer', async () => {
    expect(await api.delete(`${base}/empty`)).toEqual({ data: undefined, status: 204 });
  });

  it("rejects with an ApiError carrying the status and the server's message", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await api.get(`${base}/bad`).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, data: { message: 'price must be a number' } });
    expect(errorMessage(error)).toBe('price must be a number');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('falls back to the generic message when the server sends none, and when the network fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(errorMessage(await api.get(`${base}/html`, { quiet: true }).catch((e: unknown) => e))).toBe(
      GENERIC_ERROR_MESSAGE,
    );
    const down = await api.get('http://127.0.0.1:1/nothing', { quiet: true }).catch((e: unknown) => e);
    expect(isApiError(down) && down.status).toBe(undefined);
    logged.mockRestore();
  });

  it('does not log a quiet 401 (signed out), and counts calls on the loading store', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = api.get(`${base}/profile`, { quiet: true }).catch((e: unknown) => e);
    expect(useLoadingStore.getState().isLoading).toBe(true);
    expect(await pending).toMatchObject({ status: 401 });
    expect(useLoadingStore.getState().isLoading).toBe(false);
    expect(logged).not.toHaveBeenCalled();
    await api.get(`${base}/ok`, { background: true });
    expect(useLoadingStore.getState().isLoading).toBe(false);
    logged.mockRestore();
  });
});
