/**
 * Distributed mode (issue 13): the launcher behind `npm run start:distributed` starts every service, the
 * gateway and the remotes' static servers as separate processes on the real PostgreSQL (a database per
 * service, fresh per run), RabbitMQ (unique exchange and queue prefix) and Redis (unique key prefix), and
 * the API journeys run through the gateway: register → OTP from the notification process's dev outbox →
 * login; a car with a photo (signed upload through storage, created through listing) becomes searchable
 * in the catalog; another user books, reschedules and cancels a test drive on it; the Admin creates,
 * changes and deletes a brand and an RTO. Then every consumer queue drains, every dead-letter queue is
 * empty and every outbox is published: the events crossed RabbitMQ between processes.
 *
 * Server-side rendering (issue 21): the gateway renders / with the newest cars and the remotes' own manifests
 * and stylesheets, and Chromium hydrates it without a console error or a data request; a second gateway in
 * this test process, whose catalog server build cannot be loaded, sends the catalog's area to the browser,
 * which renders it.
 *
 * Second test: the notification process is killed (SIGKILL) while sign-ups flow; its queues hold their
 * events while it is down; after a restart it catches up: every code is sent, its user projection has
 * every user, nothing is dead-lettered.
 *
 * Under CI=true a missing server fails the file (requireServer throws); locally the file is skipped.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  type ConsumerQueueDepth,
  createLogger,
  createMemoryRateLimiters,
  type DeadLetterAdmin,
  listen,
  loadConfig,
  openDeadLetterAdmin,
  type RunningServer,
} from '@marketplace/platform';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser } from '../../e2e/support/browser';
import { allConsumerNames } from '../../scripts/distributed/consumers';
import { type DistributedSystem, type ExitInfo, startDistributed } from '../../scripts/distributed/launcher';
import { remoteNames, repoRoot, type ServiceName, serviceNames } from '../../scripts/distributed/settings';
import { requireServer } from '../../test-support/servers';
import { createGatewayApp } from '../src/app';
import { call, isolatedEnvironment, readOutbox, until } from './distributed-support';

const postgresUrl = await requireServer('postgres');
const amqpUrl = await requireServer('rabbitmq');
const redisUrl = await requireServer('redis');
const skip = !postgresUrl || !amqpUrl || !redisUrl;

type Json = Record<string, unknown>;
interface Session {
  id: string;
  token: string;
  email: string;
  phone: string;
}

let seq = 0;
const runTag = Date.now().toString(36).slice(-5);

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The India calendar date `days` days from today, `YYYY-MM-DD`. */
function dayFromToday(days: number): string {
  const d = new Date(`${indiaDate.format(new Date())}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe.skipIf(skip)('distributed mode: a process per service on PostgreSQL, RabbitMQ and Redis', () => {
  let system: DistributedSystem;
  let admin: DeadLetterAdmin;
  let cleanUp = async () => {};
  const logs: string[] = [];
  const unexpected: ExitInfo[] = [];
  let base: string;
  const pools = new Map<ServiceName, pg.Pool>();

  beforeAll(async () => {
    // Two catalog processes behind the gateway, each with its own in-memory search index (issue 22).
    const isolated = await isolatedEnvironment(
      { postgresUrl: postgresUrl!, amqpUrl: amqpUrl!, redisUrl: redisUrl! },
      { CATALOG_REPLICAS: '2' },
    );
    cleanUp = isolated.cleanUp;
    system = await startDistributed({
      env: isolated.env,
      color: false,
      output: (line) => {
        logs.push(line);
        if (logs.length > 400) logs.shift();
      },
      onUnexpectedExit: (info) => unexpected.push(info),
      readyTimeoutMs: 120_000,
    });
    base = system.urls.gateway;
    admin = await openDeadLetterAdmin(amqpUrl!, { queuePrefix: system.settings.queuePrefix });
    for (const s of serviceNames)
      pools.set(s, new pg.Pool({ connectionString: system.settings.databaseUrls[s], max: 2 }));
  }, 180_000);

  afterAll(async () => {
    await admin?.close();
    for (const pool of pools.values()) await pool.end();
    await system?.stop();
    await cleanUp();
  }, 60_000);

  /** On a failure, the processes' last output lines help more than the assertion alone. */
  function dumpLogsOnFailure() {
    onTestFailed(() => {
      console.error(`--- last output of the distributed processes ---\n${logs.slice(-150).join('\n')}`);
    });
  }

  const query = async <T extends Json>(service: ServiceName, sql: string, params: unknown[] = []) =>
    (await pools.get(service)!.query(sql, params)).rows as T[];

  /** Unpublished outbox rows per service (0 everywhere = every event reached RabbitMQ). */
  async function unpublished(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const s of serviceNames) {
      const schema = s.replace(/-/g, '_');
      const [row] = await query<{ n: number }>(
        s,
        `SELECT count(*)::int AS n FROM "${schema}".outbox WHERE published_at IS NULL`,
      );
      out[s] = row!.n;
    }
    return out;
  }

  /**
   * Waits until every consumer is attached, its queue and retry queue are empty, no dead letter exists and
   * no outbox row is waiting; resolves to the depths. @throws on the deadline with the last depths.
   */
  async function drained(timeoutMs = 45_000): Promise<ConsumerQueueDepth[]> {
    let last: unknown;
    return until(
      'queues to drain',
      async () => {
        const depths = await admin.depths(allConsumerNames());
        const waiting = await unpublished();
        last = { depths: depths.filter((d) => d.queue || d.retry || d.dlq || !d.consumers), waiting };
        const busy =
          depths.some((d) => d.queue !== 0 || d.retry !== 0 || d.dlq !== 0 || !d.consumers) ||
          Object.values(waiting).some((n) => n > 0);
        return busy ? undefined : depths;
      },
      { timeoutMs, intervalMs: 250, describe: () => last },
    );
  }

  const sms = () => readOutbox(system.outboxDir, 'sms.jsonl');
  const mails = () => readOutbox(system.outboxDir, 'mail.jsonl');

  /** The newest 6-digit code sent to `phone`, polled from the notification process's SMS outbox. */
  const otpFor = (phone: string) =>
    until(
      `an OTP SMS to ${phone}`,
      () =>
        sms()
          .filter((m) => m.to === phone)
          .at(-1)
          ?.text.match(/\b(\d{6})\b/)?.[1],
      {
        timeoutMs: 30_000,
      },
    );

  function newPerson(label: string) {
    seq += 1;
    const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
    return {
      name: `${label} ${seq}`,
      username: `${label.toLowerCase()}.${runTag}.${seq}`,
      email: `${label.toLowerCase()}.${runTag}.${seq}@example.in`,
      phone_number: `9${n}${String(seq).padStart(3, '0')}`.slice(0, 10),
      password: 'safeRide42',
      confirm_password: 'safeRide42',
    };
  }

  /** Registers (201) as a client at `ip`; the person's data. */
  async function register(label: string, ip: string) {
    const person = newPerson(label);
    const reg = await call(base, 'POST', '/api/auth/register', { body: person, ip });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    return person;
  }

  /** register → OTP from the dev outbox → verify → login; the session. */
  async function signUp(label: string, ip: string): Promise<Session> {
    const person = await register(label, ip);
    const early = await call(base, 'POST', '/api/auth/login', {
      body: { email: person.email, password: person.password },
      ip,
    });
    expect(early.status).toBe(403);
    const otp = await otpFor(person.phone_number);
    const verified = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: person.phone_number, otp: Number(otp) },
      ip,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const login = await call(base, 'POST', '/api/auth/login', {
      body: { email: person.email, password: person.password },
      ip,
    });
    expect(login.status).toBe(200);
    const profile = await call(base, 'GET', '/api/auth/profile', { token: login.body.tokenId as string, ip });
    expect(profile.status).toBe(200);
    return {
      id: (login.body.user as Json)._id as string,
      token: login.body.tokenId as string,
      email: person.email,
      phone: person.phone_number,
    };
  }

  /** Uploads a JPEG through storage's signed URL (via the gateway); its key. */
  async function uploadPhoto(user: Session): Promise<string> {
    const res = await call(base, 'POST', '/api/storage/getUrl?type=cars', { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { uploadUrl, key } = res.body as unknown as { uploadUrl: string; key: string };
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6f4e' } })
      .jpeg()
      .toBuffer();
    const put = await fetch(new URL(uploadUrl, base), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(image),
    });
    expect(put.status).toBe(200);
    return key;
  }

  const get = async (p: string) => (await call(base, 'GET', p)).body.data as Json & Json[];

  /**
   * Lists a 2019 Maruti Suzuki with one photo for `seller` in `city` (signed upload through
   * storage, created through listing, which asks the catalog and storage), and waits until the catalog has
   * indexed it from listing's event: its id, the search that finds it and the car as found there.
   */
  async function listCar(
    seller: Session,
    opts: { price: number; regNumber: string; city: string },
  ): Promise<{ carId: string; search: string; found: Json; key: string }> {
    const brands = (await get('/api/carbrand')) as unknown as Json[];
    const maruti = brands.find((b) => b.name === 'Maruti Suzuki')!;
    const year = 2019;
    let model: Json | undefined;
    let variant: Json | undefined;
    for (const m of (await get(`/api/carModel?brand=${maruti._id}&year=${year}`)) as unknown as Json[]) {
      const vs = (await get(`/api/carVariant?model=${m._id}`)) as unknown as Json[];
      if (vs.length > 0) {
        model = m;
        variant = vs[0];
        break;
      }
    }
    expect(variant).toBeDefined();
    const karnataka = ((await get('/api/carstate')) as unknown as Json[]).find(
      (s) => s.state === 'Karnataka',
    )!;
    const rtos = (await call(base, 'GET', `/api/RTO?state=${karnataka._id}`)).body.data as unknown as Json[];
    const rto = rtos.find((r) => r.code === 'KA-01')!;
    const { city } = opts;
    const key = await uploadPhoto(seller);
    const created = await call(base, 'POST', '/api/cars', {
      token: seller.token,
      body: {
        brand: maruti._id,
        model: model!._id,
        variant: variant!._id,
        manufacturerYear: year,
        fuelType: variant!.fuelType,
        transmission: variant!.transmission,
        state: karnataka._id,
        rto: rto._id,
        price: opts.price,
        location: { street: '1 Residency Road', city, state: 'Karnataka', postal_code: '560025' },
        specifications: { regNumber: opts.regNumber, kmDriven: 38000 },
        history: [],
        images: [{ key }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const carId = (created.body.data as Json)._id as string;
    const search = `/api/cars?searchTerm=${encodeURIComponent(`${model!.name} ${city}`)}`;
    const found = await until('the car to be searchable', async () => {
      const cars = ((await get(search)).cars as Json[]) ?? [];
      return cars.find((c) => c._id === carId);
    });
    return { carId, search, found, key };
  }

  it('runs every process from its own entry, each front end from its own origin', async () => {
    dumpLogsOnFailure();
    const pids = Object.values(system.processes).map((p) => p.pid);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
    expect(new Set(pids).size).toBe(pids.length);
    expect(Object.keys(system.processes).sort()).toEqual(
      [
        ...serviceNames,
        'catalog-2',
        'gateway',
        'remote-account',
        'remote-admin',
        'remote-catalog',
        'remote-sell',
      ].sort(),
    );
    for (const p of Object.values(system.processes)) {
      if (p.kind === 'remote') continue;
      const res = await fetch(`${p.url}/readyz`);
      expect(res.status, p.name).toBe(200);
      // Every process serves its own Prometheus metrics, labelled with its name.
      const metrics = await fetch(`${p.url}/metrics`);
      expect(metrics.status, `${p.name} /metrics`).toBe(200);
      const text = await metrics.text();
      expect(text, p.name).toContain('# TYPE http_requests_total counter');
      expect(text, p.name).toContain(`service="${p.name.replace(/-\d+$/, '')}"`);
    }
    const manifest = (await call(base, 'GET', '/federation-manifest.json')).body as unknown as {
      remotes: Array<{ name: string; entry: string }>;
    };
    for (const { name, entry } of manifest.remotes) {
      expect(entry).toBe(`${system.processes[`remote-${name}`]!.url}/mf-manifest.json`);
      if (fs.existsSync(path.join(repoRoot, `mfe-${name}`, 'dist', 'mf-manifest.json'))) {
        const res = await fetch(entry);
        expect(res.status).toBe(200);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
      }
    }
    // Each service has its own database.
    expect(new Set(Object.values(system.settings.databaseUrls)).size).toBe(serviceNames.length);
  });

  it('serves the sitemap from the catalog process and robots.txt from the gateway, at its origin (issue 21)', async () => {
    dumpLogsOnFailure();
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const cars = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].filter((m) =>
      m[1]!.startsWith(`${base}/car-details/`),
    );
    const [forSale] = await query<{ n: number }>(
      'catalog',
      "SELECT count(*)::int AS n FROM catalog.car_docs WHERE status = 'used'",
    );
    expect(forSale!.n).toBeGreaterThan(0);
    expect(cars).toHaveLength(forSale!.n);
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain(`\nSitemap: ${base}/sitemap.xml\n`);
  });

  it('renders the public pages with their data at the gateway; a remote whose server build is down is left to the browser (issue 21)', async () => {
    dumpLogsOnFailure();
    const rupees = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    /** The visible text of the rendered app (inside #root): tags and React's text separators removed. */
    const appText = (page: string) => {
      const start = page.indexOf('<div id="root">');
      expect(start).toBeGreaterThan(0);
      return page
        .slice(start, page.indexOf('id="ssr-data"'))
        .replace(/<!-- -->/g, '')
        .replace(/<script[\s\S]*?<\/script>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/\s+/g, ' ');
    };
    /** A page's HTML as a browser without JavaScript gets it. */
    const html = async (origin: string, p: string) => {
      const res = await fetch(`${origin}${p}`, { headers: { accept: 'text/html' } });
      return { status: res.status, text: await res.text() };
    };
    /** A fresh tab collecting its console errors and its requests to /api/* other than image files. */
    const openTab = async (browser: Browser) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      const errors: string[] = [];
      const apiCalls: string[] = [];
      tab.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      tab.on('pageerror', (e) => errors.push(e.message));
      tab.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.startsWith('/api/') && !/\.(webp|svg|png|jpe?g)$/.test(pathname))
          apiCalls.push(pathname);
      });
      return { tab, errors, apiCalls };
    };
    /** Opens `url` and waits until the app has hydrated and the network is quiet. */
    const visit = async (tab: Page, url: string) => {
      await tab.goto(url, { waitUntil: 'networkidle' });
      await tab.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
      await tab.waitForLoadState('networkidle');
    };
    const manifestOf = (name: string) => `${system.processes[`remote-${name}`]!.url}/mf-manifest.json`;

    // The HTML carries the newest cars, the remotes' own manifests and the catalog's stylesheet from its origin.
    const home = await html(base, '/');
    expect(home.status).toBe(200);
    const newest = (await call(base, 'GET', '/api/cars?limit=6')).body.data as unknown as {
      cars: Array<{ brand: { name: string }; model: { name: string }; price: number }>;
    };
    expect(newest.cars).toHaveLength(6);
    const homeText = appText(home.text);
    for (const car of newest.cars) {
      expect(homeText).toContain(`${car.brand.name} ${car.model.name}`);
      expect(homeText).toContain(rupees.format(car.price));
    }
    const pageData = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(
      home.text,
    )?.[1];
    expect(pageData).toBeDefined();
    expect((JSON.parse(pageData!) as { federation: Record<string, string> }).federation).toEqual(
      Object.fromEntries(remoteNames.map((name) => [name, manifestOf(name)])),
    );
    const head = home.text.slice(0, home.text.indexOf('</head>'));
    const sheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    const catalogSheet = sheets.find(
      (href) => href.startsWith(`${system.processes['remote-catalog']!.url}/`) && href.endsWith('.css'),
    );
    expect(catalogSheet, sheets.join('\n')).toBeDefined();
    expect((await fetch(catalogSheet!)).status).toBe(200);
    expect((await html(base, '/car-details/000000000000000000000000')).status).toBe(404);

    const browser = await launchBrowser();
    let degraded: RunningServer | undefined;
    try {
      // Hydration in Chromium: no console error, and the data came with the HTML (no /api/* data request).
      const hydrating = await openTab(browser);
      for (const p of ['/', '/buy-a-car?fuelTypes=Diesel']) await visit(hydrating.tab, `${base}${p}`);
      expect(hydrating.apiCalls).toEqual([]);
      expect(hydrating.errors).toEqual([]);

      // A second distributed gateway in front of the same services and remotes, except that the catalog's
      // server build is where nothing listens.
      const nothingThere = await new Promise<number>((resolve, reject) => {
        const probe = net.createServer();
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as net.AddressInfo;
          probe.close(() => resolve(port));
        });
      });
      const remoteUrls = Object.fromEntries(
        remoteNames.map((name) => {
          const key = `REMOTE_${name.toUpperCase()}_URL`;
          return [key, system.processes.gateway!.env[key]];
        }),
      );
      expect(Object.values(remoteUrls)).toEqual(remoteNames.map(manifestOf));
      degraded = await listen(
        createGatewayApp({
          config: loadConfig({
            TRUST_PROXY: 'loopback',
            ...remoteUrls,
            REMOTE_CATALOG_SERVER_URL: `http://127.0.0.1:${nothingThere}/server/remoteEntry.js`,
          }),
          logger: createLogger({ level: 'silent' }),
          rateLimiters: createMemoryRateLimiters(),
          readiness: {},
          mode: {
            kind: 'proxy',
            targets: Object.fromEntries(serviceNames.map((s) => [s, system.processes[s]!.url])),
          },
          webRoot: repoRoot,
        }),
        { port: 0, host: '127.0.0.1' },
      );
      // The header is server-rendered; the catalog's area is its loading state, left to the browser.
      const partial = await html(degraded.url, '/');
      expect(partial.status).toBe(200);
      expect(appText(partial.text)).toContain('Sell a car');
      expect(partial.text).toContain('data-testid="remote-loading"');
      expect(appText(partial.text)).not.toContain('Top Cars');

      const left = await openTab(browser);
      await visit(left.tab, `${degraded.url}/`);
      await left.tab.getByRole('heading', { name: 'Top Cars' }).waitFor();
      await left.tab.getByRole('link', { name: /₹/ }).first().waitFor();
      expect(await left.tab.getByTestId('remote-fallback').count()).toBe(0);
      // The browser fetched the area's data itself (the server sent none for it).
      expect(left.apiCalls).toContain('/api/cars');
      // React reports that it rendered the area the server left (#419); nothing else went wrong.
      expect(left.errors.filter((e) => !e.includes('#419'))).toEqual([]);
    } finally {
      await browser.close();
      await degraded?.stop();
    }
  }, 120_000);

  it('runs the API journeys through the gateway; the events cross RabbitMQ and nothing is dead-lettered', async () => {
    dumpLogsOnFailure();
    // Register → OTP (sent by the notification process from auth's event) → login.
    const seller = await signUp('Seller', '10.13.0.1');
    const buyer = await signUp('Buyer', '10.13.0.2');

    // A car with a photo, indexed by the catalog from listing's event, searchable.
    const city = `Distpur${runTag.replace(/[0-9]/g, 'x')}`;
    const { carId, found, key } = await listCar(seller, { price: 515000, regNumber: 'KA-01-MX-1313', city });
    expect(found).toMatchObject({ price: 515000, location: { city } });
    expect((found.images as Json[])[0]!.url).toEqual(expect.stringContaining(key));
    const detail = await call(base, 'GET', `/api/cars/${carId}`);
    expect(detail.status).toBe(200);

    // The test-drive service knows the car from the catalog's catalog.car.indexed; the buyer books,
    // reschedules and cancels.
    const date = dayFromToday(3);
    await until('the car to be bookable', async () => {
      const slots = await call(base, 'GET', `/api/testDrive/slots?car=${carId}&date=${date}`);
      return slots.status === 200;
    });
    const booked = await call(base, 'POST', '/api/testDrive', {
      token: buyer.token,
      body: { car: carId, appointmentDate: date, appointmentTime: '11:00' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = (booked.body.data as Json)._id as string;
    const later = dayFromToday(4);
    const moved = await call(base, 'PUT', `/api/testDrive/${bookingId}`, {
      token: buyer.token,
      body: { id: bookingId, car: carId, appointmentDate: later, appointmentTime: '12:30' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ appointmentDate: later, appointmentTime: '12:30', status: 'Pending' });
    const sellerView = await call(base, 'GET', '/api/testDrive/seller', { token: seller.token });
    expect(sellerView.status).toBe(200);
    expect(JSON.stringify(sellerView.body)).toContain(bookingId);
    const cancelled = await call(base, 'DELETE', `/api/testDrive/${bookingId}`, { token: buyer.token });
    expect(cancelled.status).toBe(200);
    const mine = await call(base, 'GET', '/api/testDrive', { token: buyer.token });
    expect((mine.body.data as unknown as Json[]).map((b) => b._id)).not.toContain(bookingId);

    // Admin CRUD on reference data: a brand (announced to listing) and an RTO.
    const adminLogin = await call(base, 'POST', '/api/auth/login', {
      body: { email: 'ops@marketplace.in', password: 'opsPass123' },
      ip: '10.13.0.3',
    });
    expect(adminLogin.status).toBe(200);
    const adminToken = adminLogin.body.tokenId as string;
    const brandName = `Distributed Motors ${runTag}`;
    const brand = await call(base, 'POST', '/api/carbrand', {
      token: adminToken,
      body: { name: brandName, country: 'India', founded: 2001 },
    });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const brandId = (brand.body.data as Json)._id as string;
    expect(
      (
        await call(base, 'POST', '/api/carbrand', {
          token: buyer.token,
          body: { name: 'X', country: 'India', founded: 2001 },
        })
      ).status,
    ).toBe(403);
    const renamed = await call(base, 'PUT', `/api/carbrand/${brandId}`, {
      token: adminToken,
      body: { name: `${brandName} Ltd`, country: 'India', founded: 2001 },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(
      ((await get(`/api/carbrand?keyword=${encodeURIComponent(brandName)}`)) as unknown as Json[]).map(
        (b) => b.name,
      ),
    ).toEqual([`${brandName} Ltd`]);
    expect((await call(base, 'DELETE', `/api/carbrand/${brandId}`, { token: adminToken })).status).toBe(200);
    expect(await get(`/api/carbrand?keyword=${encodeURIComponent(brandName)}`)).toEqual([]);

    const karnataka = ((await get('/api/carstate')) as unknown as Json[]).find(
      (s) => s.state === 'Karnataka',
    )!;
    const rtoCode = `KA-${900 + (Number.parseInt(runTag, 36) % 99)}`;
    const newRto = await call(base, 'POST', '/api/RTO', {
      token: adminToken,
      body: { state: karnataka._id, city: 'Distpur', code: rtoCode },
    });
    expect(newRto.status, JSON.stringify(newRto.body)).toBe(201);
    const rtoId = (newRto.body.data as Json)._id as string;
    const rtoChanged = await call(base, 'PUT', `/api/RTO/${rtoId}`, {
      token: adminToken,
      body: { city: 'Distpur East' },
    });
    expect(rtoChanged.status, JSON.stringify(rtoChanged.body)).toBe(200);
    expect((rtoChanged.body.data as Json).city).toBe('Distpur East');
    expect((await call(base, 'DELETE', `/api/RTO/${rtoId}`, { token: adminToken })).status).toBe(200);

    // The events crossed RabbitMQ: every outbox published, every queue drained, no dead letter.
    const depths = await drained();
    expect(depths.every((d) => d.dlq === 0 && d.queue === 0 && (d.consumers ?? 0) > 0)).toBe(true);
    // …and their effects are there, in other processes' databases and the notification outbox.
    const [listingNames] = await query<{ n: number }>(
      'catalog',
      'SELECT count(*)::int AS n FROM catalog.outbox WHERE name = $1',
      ['catalog.brand.changed'],
    );
    expect(listingNames!.n).toBe(3);
    // A drained queue may still have a delivery in flight (unacked messages are not counted), so the
    // effects are polled too.
    const scalar = async (service: ServiceName, text: string, params: unknown[] = []) =>
      (await query<{ n: number }>(service, text, params))[0]!.n;
    await until('test-drive to project the car', async () => {
      const [row] = await query<{ status: string }>(
        'test-drive',
        'SELECT status FROM test_drive.cars WHERE id = $1',
        [carId],
      );
      return row?.status === 'used';
    });
    // Nothing of the first start was routed nowhere (the launcher declares every queue before starting
    // anything): test-drive knows the catalog's 300 demo cars, notification the seeded administrator.
    await until(
      'test-drive to know the 300 demo cars and the new one',
      async () => (await scalar('test-drive', 'SELECT count(*)::int AS n FROM test_drive.cars')) === 301,
      { describe: () => scalar('test-drive', 'SELECT count(*)::int AS n FROM test_drive.cars') },
    );
    await until(
      'notification to know the seeded administrator',
      async () =>
        (await scalar('notification', 'SELECT count(*)::int AS n FROM notification.users WHERE email = $1', [
          'ops@marketplace.in',
        ])) === 1,
    );
    await until(
      'listing to have consumed the three brand changes',
      async () =>
        (await scalar(
          'listing',
          "SELECT count(*)::int AS n FROM listing.inbox WHERE consumer = 'listing.reference-names'",
        )) >= 3,
    );
    await until('the booking e-mails', () => {
      const all = mails();
      const toSeller = all.filter((m) => m.to === seller.email).length;
      const toBuyer = all.filter((m) => m.to === buyer.email).length;
      // Seller: welcome, car listed, booked, rescheduled, cancelled. Buyer: welcome and the three bookings.
      return toSeller >= 5 && toBuyer >= 4;
    });
    // The consumers' metrics saw the same: messages handled, none dead-lettered.
    const testDriveMetrics = await (await fetch(`${system.processes['test-drive']!.url}/metrics`)).text();
    expect(testDriveMetrics).toMatch(/consumer_messages_total\{[^}]*outcome="handled"[^}]*\} [1-9]/);
    expect(testDriveMetrics).not.toMatch(/dead_letter_messages\{[^}]*\} [1-9]/);
    expect(unexpected).toEqual([]);
  }, 150_000);

  it('shows a listing change in the in-memory search of every catalog process within 2 s: create, price change, delete (issue 22)', async () => {
    dumpLogsOnFailure();
    const seller = await signUp('Cache', '10.13.0.9');
    const city = `Cachepur${runTag.replace(/[0-9]/g, 'x')}`;
    const replicas = [system.processes.catalog!, system.processes['catalog-2']!];
    expect(replicas.map((p) => p.running)).toEqual([true, true]);
    // Each catalog process answers from its own index: ask each directly, and the gateway (which takes turns).
    const inCity = async (query = '') => {
      const answers = await Promise.all([
        ...replicas.map(async (p) => (await call(p.url, 'GET', `/api/cars?city=${city}${query}`)).body.data),
        get(`/api/cars?city=${city}${query}`),
      ]);
      return answers.map((data) =>
        ((data as { cars: Json[] }).cars ?? []).map((c) => ({ id: c._id, price: c.price })),
      );
    };
    const within2s = { timeoutMs: 2_000, intervalMs: 50 };
    expect(await inCity()).toEqual([[], [], []]);

    const { carId } = await listCar(seller, { price: 615000, regNumber: 'KA-01-MY-2424', city });
    const listed = [{ id: carId, price: 615000 }];
    await until(
      'the new car in every search',
      async () => JSON.stringify(await inCity()) === JSON.stringify([listed, listed, listed]),
      within2s,
    );
    for (const p of replicas) {
      expect((await call(p.url, 'GET', `/api/cars/${carId}`)).body.data).toMatchObject({ price: 615000 });
    }

    const repriced = await call(base, 'PUT', `/api/cars/${carId}`, {
      token: seller.token,
      body: { price: 599000 },
    });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    const moved = [{ id: carId, price: 599000 }];
    // The price filter sees the new price in every process (the index fields changed, not only the document).
    await until(
      'the new price in every search, by the price filter too',
      async () =>
        JSON.stringify(await inCity('&price=590000-600000')) === JSON.stringify([moved, moved, moved]),
      within2s,
    );
    for (const p of replicas) {
      expect((await call(p.url, 'GET', `/api/cars/${carId}`)).body.data).toMatchObject({ price: 599000 });
    }

    const removed = await call(base, 'DELETE', `/api/cars/${carId}`, { token: seller.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await until(
      'the car gone from every search',
      async () => JSON.stringify(await inCity()) === '[[],[],[]]',
      within2s,
    );
  }, 60_000);

  it('keeps the events of a killed consumer process in its queue and catches up after the restart', async () => {
    dumpLogsOnFailure();
    await drained();
    const notification = system.processes.notification!;
    const people: Array<ReturnType<typeof newPerson>> = [];
    // Sign-ups flow; the notification process is killed after the second one, without any shutdown.
    for (let i = 0; i < 8; i++) {
      people.push(await register('Kill', `10.13.1.${i + 1}`));
      if (i === 1) {
        const exit = await notification.kill('SIGKILL');
        expect(exit?.signal).toBe('SIGKILL');
        expect(notification.running).toBe(false);
      }
    }
    // While it is down its queues hold the events of the six later sign-ups (one OTP each).
    const otpQueue = await until(
      'the OTP queue to hold the events of the sign-ups after the kill',
      async () => {
        const [d] = await admin.depths(['notification.otp-sms']);
        return d && d.consumers === 0 && (d.queue ?? 0) >= 6 ? d : undefined;
      },
      { timeoutMs: 20_000, describe: () => admin.depths(['notification.otp-sms']) },
    );
    expect(otpQueue.queue).toBeGreaterThanOrEqual(6);
    const [users] = await admin.depths(['notification.users']);
    expect(users!.queue).toBeGreaterThanOrEqual(6);

    await notification.start();
    expect(notification.running).toBe(true);
    await drained();
    // Every sign-up's code was sent (none lost) and the projection has every user (polled: a drained queue
    // may still have a delivery in flight), and a code still works.
    const unsent = () => {
      const sent = new Set(sms().map((m) => m.to));
      return people.filter((p) => !sent.has(p.phone_number)).map((p) => p.phone_number);
    };
    await until('an OTP SMS for every sign-up', () => unsent().length === 0, { describe: unsent });
    const missing = async () => {
      const known = await query<{ email: string }>(
        'notification',
        'SELECT email FROM notification.users WHERE email = ANY($1)',
        [people.map((p) => p.email)],
      );
      const emails = new Set(known.map((u) => u.email));
      return people.filter((p) => !emails.has(p.email)).map((p) => p.email);
    };
    await until(
      'the notification projection to have every user',
      async () => (await missing()).length === 0,
      {
        describe: missing,
      },
    );
    const last = people.at(-1)!;
    const verified = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: last.phone_number, otp: Number(await otpFor(last.phone_number)) },
      ip: '10.13.1.99',
    });
    expect(verified.status).toBe(200);
    expect(unexpected).toEqual([]);
  }, 120_000);
});
