/**
 * Notification service (issue 7): consumes events and sends e-mail and SMS through the notifier port (SMTP /
 * HTTP SMS gateway / dev outbox, chosen by config), keeps a projection of users to address them (schema
 * `notification`, table `users`, migrations in ../migrations), and answers the Contact form
 * (`POST /api/contact`). See events.ts for the consumers and the delivery guarantees, README.md for setup.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventPayloads } from '@marketplace/contracts';
import { defineService } from '@marketplace/platform';
import { consumes, notificationConsumers } from './events';
import { notificationRoutes } from './routes';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export const notificationService = defineService<EventPayloads>({
  name: 'notification',
  schema: 'notification',
  migrationsFolder,
  consumes: Object.values(consumes),
  create: (ports) => ({
    router: notificationRoutes(ports),
    consumers: notificationConsumers({
      notifier: ports.notifier,
      publicUrl: ports.config.PUBLIC_URL,
      supportEmail: ports.config.SUPPORT_EMAIL,
      sealSecret: ports.config.UPLOAD_SIGNING_SECRET,
    }),
  }),
});
