/** HTTP helpers of the tests. */
import http from 'node:http';

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
