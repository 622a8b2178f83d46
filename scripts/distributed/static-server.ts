/**
 * A remote's own origin in distributed mode: serves one built front end's `dist/` over HTTP with CORS (as a
 * CDN would; the shell on the gateway's origin fetches `mf-manifest.json` and the chunks from here).
 * `mf-manifest.json`, `remoteEntry.js` and `index.html` are sent with `Cache-Control: no-cache`, hashed
 * chunks with one hour. GET/HEAD only; anything outside the folder or missing is 404.
 *
 * Like e2e/support/static-server.ts (which only listens on a free port, for tests), but on a given port.
 * Run as a process: `STATIC_DIR=<dist> PORT=<port> [HOST=127.0.0.1] node --import tsx scripts/distributed/static-server.ts`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const noCache = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);

/** A running static server. */
export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `dir` on `port` (0 = any free one) at `host` (default 127.0.0.1).
 * @throws Error (EADDRINUSE, …) when the port cannot be bound.
 */
export async function serveStatic(dir: string, port: number, host = '127.0.0.1'): Promise<StaticServer> {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': noCache.has(path.basename(file)) ? 'no-cache' : 'public, max-age=3600',
    });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as net.AddressInfo).port;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.env.STATIC_DIR;
  if (!dir) {
    process.stderr.write('STATIC_DIR is required\n');
    process.exit(2);
  }
  if (!fs.existsSync(dir)) process.stderr.write(`warning: ${dir} does not exist (build it); answering 404\n`);
  const running = await serveStatic(dir, Number(process.env.PORT ?? 0), process.env.HOST || '127.0.0.1');
  process.stdout.write(`serving ${path.resolve(dir)} at ${running.url}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
