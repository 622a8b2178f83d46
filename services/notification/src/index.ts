/** Notification worker: consumes events and sends e-mail and SMS (no HTTP routes). */
import { defineService } from '@marketplace/platform';
import { otpSmsConsumer } from './events';

export const notificationService = defineService({
  name: 'notification',
  schema: 'notification',
  create: (ports) => ({ consumers: [otpSmsConsumer(ports.notifier)] }),
});
