/**
 * Tracing is off unless the standard OpenTelemetry variables ask for it (issue 26; tracing/settings.ts):
 * the rules of `tracingDecision`, and a process started without any OTEL_* variable has no tracer
 * provider, no trace hooks and no trace fields in its log lines.
 */
import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { traceEventCreated, traceHeaders, withTraceCarrier } from '../src/tracing/context';
import { startTracing, tracingDecision, tracingOn } from '../src/tracing/index';

describe('tracingDecision', () => {
  it('is off without an exporter or OTLP endpoint', () => {
    expect(tracingDecision({})).toEqual({
      enabled: false,
      reason: expect.stringContaining('no OTEL_TRACES_EXPORTER'),
    });
    expect(tracingDecision({ OTEL_SERVICE_NAME: 'auth', OTEL_TRACES_SAMPLER: 'always_on' }).enabled).toBe(
      false,
    );
  });

  it('exports over OTLP when an endpoint is set', () => {
    for (const key of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) {
      const decision = tracingDecision({ [key]: 'http://collector:4318' });
      expect(decision).toMatchObject({ enabled: true, settings: { exporters: ['otlp'] } });
    }
  });

  it('takes OTEL_TRACES_EXPORTER, where none turns tracing off and unknown names are ignored', () => {
    expect(tracingDecision({ OTEL_TRACES_EXPORTER: 'console, otlp' })).toMatchObject({
      enabled: true,
      settings: { exporters: ['console', 'otlp'], warnings: [] },
    });
    expect(
      tracingDecision({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }).enabled,
    ).toBe(false);
    const zipkin = tracingDecision({ OTEL_TRACES_EXPORTER: 'zipkin,console' });
    expect(zipkin).toMatchObject({ enabled: true, settings: { exporters: ['console'] } });
    expect(zipkin.enabled && zipkin.settings.warnings[0]).toContain('zipkin');
    expect(tracingDecision({ OTEL_TRACES_EXPORTER: 'jaeger' }).enabled).toBe(false);
  });

  it('lets OTEL_SDK_DISABLED=true win', () => {
    const decision = tracingDecision({ OTEL_SDK_DISABLED: 'TRUE', OTEL_TRACES_EXPORTER: 'otlp' });
    expect(decision).toEqual({ enabled: false, reason: 'OTEL_SDK_DISABLED=true' });
  });

  it('reads the sampler and its ratio, falling back to parentbased_always_on with a warning', () => {
    const on = { OTEL_TRACES_EXPORTER: 'console' };
    expect(tracingDecision(on)).toMatchObject({ settings: { sampler: 'parentbased_always_on', ratio: 1 } });
    expect(
      tracingDecision({
        ...on,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }),
    ).toMatchObject({ settings: { sampler: 'parentbased_traceidratio', ratio: 0.25, warnings: [] } });
    const bad = tracingDecision({ ...on, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' });
    expect(bad).toMatchObject({ settings: { sampler: 'traceidratio', ratio: 1 } });
    expect(bad.enabled && bad.settings.warnings).toHaveLength(1);
    const remote = tracingDecision({ ...on, OTEL_TRACES_SAMPLER: 'jaeger_remote' });
    expect(remote).toMatchObject({ settings: { sampler: 'parentbased_always_on' } });
    expect(remote.enabled && remote.settings.warnings[0]).toContain('jaeger_remote');
  });

  it('warns that only the http/protobuf OTLP protocol is installed', () => {
    const grpc = tracingDecision({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' });
    expect(grpc.enabled && grpc.settings.warnings[0]).toContain('http/protobuf');
  });
});

describe('a process without OTEL_* variables', () => {
  it('starts no tracing: no provider, no hooks, no trace fields in log lines', async () => {
    const tracing = await startTracing({ serviceName: 'off', env: { PATH: process.env.PATH } });
    expect(tracing.started).toBe(false);
    expect(tracingOn()).toBe(false);
    // No SDK registered: the API's tracer is the no-op one and nothing is recorded or propagated.
    const span = trace.getTracer('test').startSpan('x');
    expect(span.isRecording()).toBe(false);
    expect(trace.getSpan(context.active())).toBeUndefined();
    expect(traceEventCreated({ name: 'e', id: '1', correlationId: 'c' })).toBeUndefined();
    expect(traceHeaders()).toBeUndefined();
    expect(
      withTraceCarrier({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, () => 7),
    ).toBe(7);

    const { createLogger, runWithContext } = await import('../src/logger');
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ destination });
    runWithContext({ requestId: 'r1', correlationId: 'c1' }, () => logger.info('inside a request'));
    logger.info('outside');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed[0]).toMatchObject({ requestId: 'r1', correlationId: 'c1' });
    for (const line of parsed) {
      expect(line).not.toHaveProperty('trace_id');
      expect(line).not.toHaveProperty('span_id');
    }
  });
});
