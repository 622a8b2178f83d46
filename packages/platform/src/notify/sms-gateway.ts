/**
 * SMS through an HTTP gateway (issue 7). The protocol is deliberately small so any provider can be put
 * behind it (directly or through a thin relay):
 *
 *   POST <SMS_GATEWAY_URL>
 *   Content-Type: application/json
 *   Authorization: Basic …            (only when the URL carries `user:pass@`)
 *   X-Request-Id: <correlation id>    (when known)
 *   { "to": "+919876543210", "text": "123456 is your … code" }
 *
 * Any 2xx answer means the gateway accepted the message; anything else, a network error or no answer
 * within the timeout is a failure (the caller retries). The body of the answer is ignored.
 */
import type { Logger } from 'pino';
import { currentContext } from '../logger';
import type { SmsSender } from './types';

export interface HttpSmsGatewayOptions {
  /** The gateway's endpoint, http(s); `user:pass@` becomes Basic auth. */
  url: string;
  logger: Logger;
  /** Per-request timeout in ms (default 10 000). */
  timeoutMs?: number;
}

/**
 * An SMS sender that POSTs `{ to, text }` as JSON to the gateway.
 * @throws (from sendSms) Error naming the HTTP status when the gateway does not answer 2xx, or the
 *   network/timeout error.
 */
export function createHttpSmsGateway(opts: HttpSmsGatewayOptions): SmsSender {
  const endpoint = new URL(opts.url);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.username || endpoint.password) {
    const user = decodeURIComponent(endpoint.username);
    const pass = decodeURIComponent(endpoint.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    endpoint.username = '';
    endpoint.password = '';
  }
  const target = endpoint.toString();
  const where = `${endpoint.protocol}//${endpoint.host}${endpoint.pathname}`;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    kind: 'http-gateway',
    async sendSms(m) {
      const ctx = currentContext();
      const res = await fetch(target, {
        method: 'POST',
        headers: ctx ? { ...headers, 'x-request-id': ctx.correlationId } : headers,
        body: JSON.stringify({ to: m.to, text: m.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS gateway ${where} answered ${res.status}`);
      opts.logger.info({ channel: 'sms', gateway: where }, 'SMS handed to the gateway');
    },
  };
}
