/** HTTP helpers of the tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test's own HTTP server (a stub of something the system calls). */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Closes the server and its open connections. */
  stop(): Promise<void>;
}

/** Serves `handler` (a node:http listener or an Express app) on a free loopback port. */
export async function startLocalServer(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** What {@link rawGet} answers: status, headers and the body's bytes as sent (still compressed). */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GET `url` with exactly these request headers, through node:http (fetch would add its own
 * `accept-encoding` and decode the body). @throws when the connection fails.
 */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}
