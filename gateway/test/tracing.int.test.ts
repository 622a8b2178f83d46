/**
 * Tracing across the distributed shape (issue 26; docs/adr/0024-tracing.md): one sign-up is one trace.
 *
 * In this test process, with an in-memory span exporter: the auth and notification services as
 * standalone services (`startService`, as their main.ts would) on the real PostgreSQL (a fresh database,
 * a schema each), RabbitMQ (a unique exchange and queue prefix) and Redis (a unique key prefix), and the
 * gateway's proxy app in front of them. `POST /api/auth/register` through the gateway goes gateway →
 * auth over HTTP → auth's transaction writes the user and the outbox row → the relay publishes
 * `auth.otp.requested` to RabbitMQ → notification's consumer `notification.otp-sms` sends the SMS. The
 * spans of all of it share one trace id, and the consumer's span has a parent chain that leads back to
 * the gateway's server span of the sign-up.
 *
 * Tracing starts before anything it instruments is imported (the rest is imported dynamically), as in
 * every main.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTracing, type Tracing } from '@marketplace/platform/tracing';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServer } from '../../test-support/servers';

const exporter = new InMemorySpanExporter();
const tracing: Tracing = await startTracing({
  serviceName: 'tracing-test',
  spanExporter: exporter,
  env: { LOG_LEVEL: 'silent' },
});

const { authService } = await import('@marketplace/auth-service');
const { notificationService } = await import('@marketplace/notification-service');
const { createLogger, loadConfig, startService } = await import('@marketplace/platform');
type RunningService = Awaited<ReturnType<typeof startService>>;
type RunningServer = RunningService['server'];
const { signUpPayload } = await import('../../test-support/accounts');
const { startProxyGateway } = await import('../../test-support/gateway');
const { call, isolatedServers } = await import('../../test-support/system');

const postgresUrl = await requireServer('postgres');
const amqpUrl = await requireServer('rabbitmq');
const redisUrl = await requireServer('redis');
const servers = postgresUrl && amqpUrl && redisUrl ? { postgresUrl, amqpUrl, redisUrl } : undefined;

/** The path of a server span (stable or older semantic conventions). */
function pathOf(span: ReadableSpan): string | undefined {
  const value = span.attributes['url.path'] ?? span.attributes['http.target'];
  return typeof value === 'string' ? value : undefined;
}

/** The SQL text of a pg span (stable or older semantic conventions). */
function sqlOf(span: ReadableSpan): string {
  const value = span.attributes['db.query.text'] ?? span.attributes['db.statement'];
  return typeof value === 'string' ? value : '';
}

/** Polls `find` over the finished spans until it returns one; @throws after `withinMs` ms. */
async function untilSpan(find: (spans: ReadableSpan[]) => ReadableSpan | undefined, withinMs = 20_000) {
  const start = Date.now();
  for (;;) {
    const found = find(exporter.getFinishedSpans());
    if (found) return found;
    if (Date.now() - start > withinMs) throw new Error(`no such span after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!servers)(
  'a sign-up is one trace across gateway, auth, outbox, RabbitMQ and notification',
  () => {
    const dirs: string[] = [];
    const logger = createLogger({ level: 'silent' });
    let auth: RunningService | undefined;
    let notification: RunningService | undefined;
    let gateway: RunningServer | undefined;
    let cleanUp: (consumers: string[]) => Promise<void> = async () => {};

    const envFor = (name: string, shared: Record<string, string>): Record<string, string> => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tracing-${name}-`));
      dirs.push(dataDir);
      return { ...shared, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    };

    beforeAll(async () => {
      expect(tracing.started).toBe(true);
      const isolated = await isolatedServers(servers!, 'trace');
      cleanUp = isolated.cleanUp;
      // Notification first: its queues are bound before auth publishes.
      notification = await startService(
        notificationService,
        loadConfig(envFor('notification', isolated.env)),
        logger,
      );
      auth = await startService(authService, loadConfig(envFor('auth', isolated.env)), logger);
      const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tracing-web-'));
      dirs.push(webRoot);
      gateway = await startProxyGateway({
        targets: { auth: auth.server.url, notification: notification.server.url },
        webRoot,
      });
    }, 120_000);

    afterAll(async () => {
      await gateway?.stop();
      const consumers = notification?.infra.broker.consumerNames() ?? [];
      await auth?.stop();
      await notification?.stop();
      await cleanUp(consumers);
      await tracing.shutdown();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('joins the gateway, auth, its insert, the publish and the notification consumer in one trace', async () => {
      const body = signUpPayload('Tara Iyer');
      const res = await call(gateway!.url, 'POST', '/api/auth/register', { body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const correlationId = res.headers.get('x-correlation-id');

      // The gateway's server span of the sign-up: the root of the trace. (Both server spans carry the
      // gateway's port as `server.port`: the proxy forwards the Host header.)
      const root = await untilSpan((spans) =>
        spans.find(
          (s) => s.kind === SpanKind.SERVER && pathOf(s) === '/api/auth/register' && !s.parentSpanContext,
        ),
      );
      const { traceId } = root.spanContext();
      expect(root.attributes['marketplace.correlation_id']).toBe(correlationId);

      // The notification consumer's span (it ends once the SMS is sent and the inbox row committed).
      const consumed = await untilSpan((spans) =>
        spans.find(
          (s) =>
            s.spanContext().traceId === traceId &&
            s.attributes['messaging.consumer.group.name'] === 'notification.otp-sms',
        ),
      );
      expect(consumed.name).toBe('process auth.otp.requested');
      expect(consumed.attributes['marketplace.correlation_id']).toBe(correlationId);

      const trace = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      const byId = new Map(trace.map((s) => [s.spanContext().spanId, s]));

      // The gateway's proxy call to auth, and auth's server span under it.
      const proxied = trace.find(
        (s) =>
          s.kind === SpanKind.CLIENT && s.attributes['url.full'] === `${auth!.server.url}/api/auth/register`,
      );
      expect(proxied, 'gateway → auth client span').toBeDefined();
      const authServer = trace.find(
        (s) => s.kind === SpanKind.SERVER && s.parentSpanContext?.spanId === proxied!.spanContext().spanId,
      );
      expect(authServer, 'auth server span').toBeDefined();
      expect(pathOf(authServer!)).toBe('/api/auth/register');
      // The insert of the event into auth's outbox, in auth's transaction.
      const insert = trace.find((s) => /insert into "auth"\."outbox"/i.test(sqlOf(s)));
      expect(insert, 'pg span of the outbox insert').toBeDefined();
      // SQL text only: no parameter values on any pg span.
      for (const s of trace)
        expect(Object.keys(s.attributes).some((k) => k.includes('parameters'))).toBe(false);
      // The event's creation span and the relay's publish to RabbitMQ (amqplib's producer span).
      const created = trace.find((s) => s.name === 'create auth.otp.requested');
      expect(created?.kind).toBe(SpanKind.PRODUCER);
      const publish = trace.find(
        (s) =>
          s.kind === SpanKind.PRODUCER &&
          s.instrumentationScope.name.includes('amqplib') &&
          s.attributes['messaging.rabbitmq.routing_key'] === 'auth.otp.requested',
      );
      expect(publish, 'amqplib publish span').toBeDefined();
      expect(publish!.parentSpanContext?.spanId).toBe(created!.spanContext().spanId);
      // Redis (auth's rate limit of sign-ups) is in the trace too, without its keys.
      const redis = trace.find((s) => s.instrumentationScope.name.includes('ioredis'));
      expect(redis, 'ioredis span').toBeDefined();
      expect(JSON.stringify(redis!.attributes)).not.toContain(body.email);

      // The consumer's parent chain: consumer → amqplib process → publish → create → auth's handler spans
      // → auth's server span → the gateway's proxy call → the gateway's server span.
      const chain: ReadableSpan[] = [];
      for (let s: ReadableSpan | undefined = consumed; s; ) {
        chain.push(s);
        const parent: string | undefined = s.parentSpanContext?.spanId;
        s = parent ? byId.get(parent) : undefined;
      }
      if (chain.at(-1) !== root) {
        throw new Error(
          `the consumer's parent chain ends at ${chain.at(-1)?.name}: ${chain.map((s) => s.name).join(' → ')}`,
        );
      }
      for (const hop of [publish!, created!, authServer!, proxied!]) expect(chain).toContain(hop);
      // The consumer span links the event's creation context too (messaging conventions).
      expect(consumed.links.map((l) => l.context.spanId)).toContain(created!.spanContext().spanId);

      // No secret on any span: neither the password, nor the phone's one-time code, nor a token.
      const everything = JSON.stringify(trace.map((s) => ({ attributes: s.attributes, events: s.events })));
      expect(everything).not.toContain(body.password);
      expect(everything).not.toMatch(/otpSealed|authorization|cookie/i);
    });

    it('starts a trace of its own at the gateway whatever trace context a client sends', async () => {
      // A client's sampled trace context: continued, it would choose the trace id and force sampling.
      const clientTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const clientSpanId = '00f067aa0ba902b7';
      const res = await fetch(`${gateway!.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          traceparent: `00-${clientTraceId}-${clientSpanId}-01`,
          tracestate: 'vendor=chosen',
          baggage: 'user=someone-else',
        },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
      });
      expect(res.status).toBe(401);
      const root = await untilSpan((spans) =>
        spans.find(
          (s) => s.kind === SpanKind.SERVER && pathOf(s) === '/api/auth/login' && !s.parentSpanContext,
        ),
      );
      expect(root.spanContext().traceId).not.toBe(clientTraceId);
      expect(root.spanContext().traceState).toBeUndefined();
      // Behind the gateway the service continues the gateway's trace, not the client's.
      const authServer = await untilSpan((spans) =>
        spans.find(
          (s) =>
            s.kind === SpanKind.SERVER &&
            pathOf(s) === '/api/auth/login' &&
            s.parentSpanContext !== undefined,
        ),
      );
      expect(authServer.spanContext().traceId).toBe(root.spanContext().traceId);
      expect(exporter.getFinishedSpans().some((s) => s.spanContext().traceId === clientTraceId)).toBe(false);
    });
  },
);
