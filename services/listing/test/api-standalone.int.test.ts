/**
 * Distributed: the listing service standalone (its own process-like start on its own PGlite) behind the
 * proxy gateway, with auth, the catalog and the rest in an embedded system (embedded adapters) and a stub
 * of storage's confirm call. The gateway sends listing's operations to it and the catalog's to the
 * catalog; the standalone service verifies tokens against auth's JWKS and asks the catalog by URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createLogger,
  loadConfig,
  queryRows,
  type RunningServer,
  type RunningService,
  startService,
} from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyGateway } from '../../../test-support/gateway';
import { call, SYSTEM_START_TIMEOUT_MS } from '../../../test-support/system';
import { listingService } from '../src/index';
import { type Ctx, type Json, listingBody, startListingApi, unique } from './support/api';

describe('listing service standalone behind the proxy gateway (embedded adapters)', () => {
  let ctx: Ctx;
  let listing: RunningService;
  let gateway: RunningServer;
  let listingDir: string;

  beforeAll(async () => {
    // Auth, catalog and the rest run in the embedded system; the listing service runs alone on its own
    // PGlite, verifying tokens against auth's JWKS and asking the catalog and storage by URL.
    ctx = await startListingApi('stub', undefined);
    const stubUrl = ctx.stub!.url;
    listingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: listingDir,
      LOG_LEVEL: 'silent',
      JWKS_URL: `${ctx.base}/api/auth/.well-known/jwks.json`,
      // Issue 20: token checks ask auth whether the user still exists with that role.
      AUTH_SERVICE_URL: ctx.base,
      CATALOG_SERVICE_URL: ctx.base,
      STORAGE_SERVICE_URL: stubUrl,
    };
    listing = await startService(listingService, loadConfig(env), createLogger({ level: 'silent' }));
    gateway = await startProxyGateway({
      env: { ...env, RATE_LIMIT_PER_MINUTE: '1000' },
      targets: {
        auth: ctx.base,
        catalog: ctx.base,
        listing: listing.server.url,
        'test-drive': ctx.base,
        storage: stubUrl,
      },
      webRoot: listingDir,
    });
  }, SYSTEM_START_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.stop();
    await listing?.stop();
    await ctx?.stop();
    if (listingDir) fs.rmSync(listingDir, { recursive: true, force: true });
  });

  it('routes POST /api/cars and GET /api/cars/seller to listing, GET /api/cars/{id} to catalog', async () => {
    const token = ctx.users[0]!.token;
    const created = await call(gateway.url, 'POST', '/api/cars', {
      body: listingBody(ctx, [`mine:${unique()}`]),
      token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as Json)._id as string;
    // Stored by the standalone listing service, not by the embedded one.
    const [row] = await queryRows<{ n: number }>(
      listing.infra.database.db,
      sql`SELECT count(*)::int AS n FROM listing.cars WHERE id = ${id}`,
    );
    expect(row!.n).toBe(1);
    const mine = await call(gateway.url, 'GET', '/api/cars/seller', { token });
    expect(mine.status).toBe(200);
    expect((mine.body.data as Json[]).map((c) => c._id)).toEqual([id]);
    expect((await call(gateway.url, 'GET', '/api/cars/seller')).status).toBe(401);
    // The catalog answers detail reads: one of its demo cars is found, the standalone listing's car is not
    // (its events go to the standalone process's own in-process bus).
    const page = await call(gateway.url, 'GET', '/api/cars?limit=1');
    const demo = ((page.body.data as Json).cars as Json[])[0]!;
    expect((await call(gateway.url, 'GET', `/api/cars/${demo._id}`)).status).toBe(200);
    expect((await call(gateway.url, 'GET', `/api/cars/${id}`)).status).toBe(404);
    const wrong = await call(gateway.url, 'POST', '/api/cars', {
      body: { ...listingBody(ctx, [`mine:${unique()}`]), variant: ctx.ref.otherVariant },
      token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^variant: /);
  });
});
