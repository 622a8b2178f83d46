/**
 * Tracing on, embedded shape (issue 26): PGlite and the in-process broker, an in-memory span exporter.
 * An event written inside a request's span carries the W3C `traceparent` of its `create` span; the relay
 * (woken from the request) publishes it, and the consumer's span is a child of that creation context in
 * the request's trace, with the correlation id. Log lines carry trace_id/span_id inside a span; URL query
 * values never reach a span.
 */
import { Writable } from 'node:stream';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Consumer } from '../src/bus/consumer';
import { startTracing } from '../src/tracing/index';

const exporter = new InMemorySpanExporter();
const tracing = await startTracing({
  serviceName: 'on',
  spanExporter: exporter,
  env: { LOG_LEVEL: 'silent' },
});
const platform = await import('../src/index');
const { createInProcessBroker } = await import('../src/bus/inprocess');

const pinged = z.object({
  name: z.literal('test.pinged'),
  version: z.literal(1),
  id: z.uuid(),
  occurredAt: z.string(),
  correlationId: z.string(),
  payload: z.object({ n: z.number() }),
});
interface TestEvents {
  'test.pinged': { n: number };
}

afterAll(async () => {
  await tracing.shutdown();
});

/** Polls until `find` returns a span; @throws after 5000 ms. */
async function untilSpan(find: (spans: ReadableSpan[]) => ReadableSpan | undefined): Promise<ReadableSpan> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = find(exporter.getFinishedSpans());
    if (found) return found;
    if (Date.now() > deadline) throw new Error('span not found');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tracing on', () => {
  it('started with the test exporter', () => {
    expect(tracing.started).toBe(true);
  });

  it('puts trace_id and span_id on log lines inside a span, none outside', () => {
    const lines: Array<Record<string, unknown>> = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = platform.createLogger({ destination });
    const tracer = trace.getTracer('test');
    let ids: { traceId: string; spanId: string } | undefined;
    tracer.startActiveSpan('work', (span) => {
      ids = span.spanContext();
      platform.runWithContext({ requestId: 'r', correlationId: 'c' }, () => logger.info('inside'));
      span.end();
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({
      requestId: 'r',
      correlationId: 'c',
      trace_id: ids!.traceId,
      span_id: ids!.spanId,
    });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });

  it('drops URL query values from spans', () => {
    const span = trace.getTracer('test').startSpan('GET', {
      attributes: {
        'url.full': 'http://h/a?token=abc&b=1',
        'url.query': 'token=abc',
        'http.target': '/a?code=9',
      },
    });
    span.end();
    const done = exporter
      .getFinishedSpans()
      .find((s) => s.spanContext().spanId === span.spanContext().spanId);
    expect(done?.attributes).toMatchObject({
      'url.full': 'http://h/a?token=&b=',
      'url.query': 'token=',
      'http.target': '/a?code=',
    });
  });

  it('joins an event consumed in process to the trace of the request that wrote it', async () => {
    const database = await platform.createDatabase();
    const broker = createInProcessBroker({});
    const schema = 'traced';
    await database.prepareSchema({ schema });
    const tables = platform.messagingTables(schema);
    const logger = platform.createLogger({ level: 'silent' });
    const relay = platform.createRelay({ db: database.db, tables, broker, logger, pollMs: 60_000 });
    const outbox = platform.createOutbox<TestEvents>({
      db: database.db,
      tables,
      onCommit: () => relay.wake(),
    });
    const seen: unknown[] = [];
    const consumer: Consumer<z.infer<typeof pinged>, TestEvents> = {
      name: 'test.pings',
      events: ['test.pinged'],
      schema: pinged,
      async handle(event) {
        seen.push(event);
      },
    };
    await broker.subscribe(platform.toSubscription(consumer, { outbox, tables, logger }));
    try {
      const tracer = trace.getTracer('test');
      let request: { traceId: string; spanId: string } | undefined;
      let traceparent: string | undefined;
      await platform.runWithContext({ requestId: 'req-1', correlationId: 'corr-1' }, () =>
        tracer.startActiveSpan('POST /pings', { kind: SpanKind.SERVER }, async (span) => {
          request = span.spanContext();
          const envelope = await outbox.transaction((_tx, emit) => emit('test.pinged', { n: 1 }));
          traceparent = envelope.traceparent;
          span.end();
        }),
      );
      expect(traceparent).toMatch(new RegExp(`^00-${request!.traceId}-[0-9a-f]{16}-01$`));

      const consumed = await untilSpan((spans) =>
        spans.find((s) => s.attributes['messaging.consumer.group.name'] === 'test.pings'),
      );
      const created = exporter.getFinishedSpans().find((s) => s.name === 'create test.pinged');
      expect(seen).toHaveLength(1);
      expect(created?.kind).toBe(SpanKind.PRODUCER);
      expect(created?.parentSpanContext?.spanId).toBe(request!.spanId);
      expect(traceparent).toContain(created!.spanContext().spanId);
      expect(consumed.name).toBe('process test.pinged');
      expect(consumed.kind).toBe(SpanKind.CONSUMER);
      expect(consumed.spanContext().traceId).toBe(request!.traceId);
      expect(consumed.parentSpanContext?.spanId).toBe(created!.spanContext().spanId);
      expect(consumed.attributes['marketplace.correlation_id']).toBe('corr-1');
      // Nothing is left active once the delivery is done.
      expect(trace.getSpan(context.active())).toBeUndefined();
    } finally {
      await relay.stop();
      await broker.close();
      await database.close();
    }
  }, 30_000);
});
