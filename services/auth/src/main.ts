/** Standalone entry of the auth service (distributed mode); configuration from the environment (README). */
// Tracing starts before the rest is loaded: it patches express, pg, amqplib, ioredis and http as they load
// (docs/adr/0024-tracing.md). Off, and nothing loaded, unless the OTEL_* variables ask for it.
import { startTracing } from '@marketplace/platform/tracing';

await startTracing({ serviceName: 'auth' });
const { runStandalone } = await import('@marketplace/platform');
const { authService } = await import('./index');
await runStandalone(authService);
