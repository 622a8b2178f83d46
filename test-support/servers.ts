/**
 * Real-server availability for integration tests.
 *
 * A test variant that needs PostgreSQL, RabbitMQ or Redis calls `requireServer(kind)` in its
 * `beforeAll`. When the server answers, it returns its URL. When it does not: with `CI=true` it throws
 * (the suite fails, never skips); otherwise it returns `undefined` and the caller skips the variant.
 *
 * URLs come from TEST_DATABASE_URL, TEST_AMQP_URL and TEST_REDIS_URL, defaulting to the loopback
 * servers described in DEVELOPERS.md (PostgreSQL trust auth on 5432, RabbitMQ guest/guest on 5672,
 * Redis on 6379).
 */
import net from 'node:net';

export type ServerKind = 'postgres' | 'rabbitmq' | 'redis';

export const serverUrls: Record<ServerKind, string> = {
  postgres: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  rabbitmq: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redis: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** True when CI=true: missing servers fail the run instead of skipping. */
export const isCi = process.env.CI === 'true';

/** Resolves true when a TCP connection to host:port opens within `timeoutMs` (ms). */
export function canConnect(url: string, timeoutMs = 1500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The URL of a reachable server of `kind`, or undefined to skip (never under CI).
 * @throws Error when CI=true and the server does not answer.
 */
export async function requireServer(kind: ServerKind): Promise<string | undefined> {
  const url = serverUrls[kind];
  if (await canConnect(url)) return url;
  if (isCi) throw new Error(`${kind} is required under CI=true but ${url} does not answer`);
  return undefined;
}

/** A free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A short unique suffix for schema, exchange, queue and key names so parallel test files never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
