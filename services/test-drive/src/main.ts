/** Standalone entry of the test-drive service (distributed mode); configuration from the environment (README). */
// Tracing starts before the rest is loaded: it patches express, pg, amqplib, ioredis and http as they load
// (docs/adr/0024-tracing.md). Off, and nothing loaded, unless the OTEL_* variables ask for it.
import { startTracing } from '@marketplace/platform/tracing';

await startTracing({ serviceName: 'test-drive' });
const { runStandalone } = await import('@marketplace/platform');
const { testDriveService } = await import('./index');
await runStandalone(testDriveService);
