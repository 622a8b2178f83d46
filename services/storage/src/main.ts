/** Standalone entry of the storage service (distributed mode); configuration from the environment (README). */
// Tracing starts before the rest is loaded: it patches express, pg, amqplib, ioredis and http as they load
// (docs/adr/0024-tracing.md). Off, and nothing loaded, unless the OTEL_* variables ask for it.
import { startTracing } from '@marketplace/platform/tracing';

await startTracing({ serviceName: 'storage' });
const { runStandalone } = await import('@marketplace/platform');
const { storageReadiness, storageService } = await import('./index');
const running = await runStandalone(storageService);
// `/readyz` reads this object at every probe: a full decode line reports not ready (issue 20).
Object.assign(running.infra.readiness, storageReadiness);
