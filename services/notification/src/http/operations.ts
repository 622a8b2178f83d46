/**
 * The notification service's API (issue 7): `sendContactMessage` (`POST /api/contact`, public), declared
 * in packages/contracts `operations/contact.ts`; 400 names the field, 429 (Retry-After) after
 * `contactPerIp`, 503 when the mail could not be handed over (the form keeps the text).
 */
import { type EventPayloads, operationsOf } from '@marketplace/contracts';
import { type BoundOperation, bindOperations, type ServicePorts } from '@marketplace/platform';
import { contactPerIp, messages } from '../domain/rules';
import { type ContactDeps, sendContactMessage } from '../use-cases/send-contact-message';

/** The service's operations bound to their handlers. */
export function notificationOperations(ports: ServicePorts<EventPayloads>): BoundOperation[] {
  const deps: ContactDeps = {
    notifier: ports.notifier,
    supportEmail: ports.config.SUPPORT_EMAIL,
    perIp: ports.rateLimiters.create(contactPerIp),
    logger: ports.logger,
  };
  return bindOperations(operationsOf('notification'), {
    async sendContactMessage({ body }, { req }) {
      await sendContactMessage(deps, req.ip ?? 'unknown', body);
      return { message: messages.sent };
    },
  });
}
