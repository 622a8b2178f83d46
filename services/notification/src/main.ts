/** Standalone entry of the notification service (distributed mode); configuration from the environment (README). */
// Tracing starts before the rest is loaded: it patches express, pg, amqplib, ioredis and http as they load
// (docs/adr/0024-tracing.md). Off, and nothing loaded, unless the OTEL_* variables ask for it.
import { startTracing } from '@marketplace/platform/tracing';

await startTracing({ serviceName: 'notification' });
const { runStandalone } = await import('@marketplace/platform');
const { notificationService } = await import('./index');
await runStandalone(notificationService);
