/**
 * Notification service (issue 7): consumes events and sends e-mail and SMS through the notifier port (SMTP /
 * HTTP SMS gateway / dev outbox, chosen by config), keeps a projection of users to address them (schema
 * `notification`, table `users`, migrations in ../migrations), and answers the Contact form
 * (`POST /api/contact`). See events/consumers.ts for the consumers and the delivery guarantees, README.md
 * for setup. Layout: http/ binds the operations, use-cases/ one flow per file, domain/ the messages and
 * rules, data/ the users projection.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventPayloads } from '@marketplace/contracts';
import { defineService } from '@marketplace/platform';
import { consumes, notificationConsumers } from './events/consumers';
import { notificationOperations } from './http/operations';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export const notificationService = defineService<EventPayloads>({
  name: 'notification',
  schema: 'notification',
  migrationsFolder,
  consumes: Object.values(consumes),
  create: (ports) => ({
    operations: notificationOperations(ports),
    consumers: notificationConsumers({
      notifier: ports.notifier,
      publicUrl: ports.config.PUBLIC_URL,
      supportEmail: ports.config.SUPPORT_EMAIL,
      sealSecret: ports.config.UPLOAD_SIGNING_SECRET,
    }),
  }),
});
