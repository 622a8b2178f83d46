/**
 * Tiny HTTP servers standing in for a remote's own origin: one serving a built remote's dist/ (with CORS,
 * as a CDN would), one answering 500 to everything (a broken deployment), and a recorder of the paths
 * each was asked for.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';

export interface TestServer {
  url: string;
  port: number;
  /** Request paths received, in order. */
  requests: string[];
  /** Switches between serving files and answering 500. */
  setFailing(failing: boolean): void;
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves `dir` on a free port; `failing: true` answers 500 until told otherwise. */
export async function startStaticServer(dir: string, opts: { failing?: boolean } = {}): Promise<TestServer> {
  let failing = opts.failing ?? false;
  const requests: string[] = [];
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    res.setHeader('access-control-allow-origin', '*');
    if (failing) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setFailing: (value) => {
      failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
