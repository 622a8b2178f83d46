/**
 * A Redis server a test starts for itself (issue 20, point 9: kill and stall tests must not touch the shared
 * Redis on 6379). Runs the machine's `redis-server` (or REDIS_SERVER_BIN) on a free loopback port without
 * persistence; `stall()`/`resume()` send SIGSTOP/SIGCONT (the TCP connection stays open but nothing answers),
 * `kill()` ends it (connections refused).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from './servers';

export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** SIGSTOP: the server stops answering, connections stay open. */
  stall(): void;
  /** SIGCONT after {@link stall}. */
  resume(): void;
  /** SIGKILL; resolves when the process has exited. Idempotent. */
  kill(): Promise<void>;
}

/** Resolves when `port` answers PING with PONG, polling every 50 ms. @throws after `timeoutMs` (ms). */
async function waitForPong(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.setTimeout(500, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${timeoutMs} ms`);
}

/**
 * Starts `redis-server` on a free port (no RDB/AOF files, no protected mode).
 * @throws Error when the binary is missing or the server does not answer within 5 s.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const bin = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  const child: ChildProcess = spawn(
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  await Promise.race([waitForPong(port, 5_000), spawnError]);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stall: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async kill() {
      if (!exited) {
        child.kill('SIGCONT');
        child.kill('SIGKILL');
      }
      await exit;
    },
  };
}
