/**
 * HTTP routes of the notification service (issue 7):
 * - `POST /api/contact` (public) `{ name, email, phone_number?, subject?, message }` → 200 `{ message }`:
 *   e-mails the support address (`SUPPORT_EMAIL`) with the visitor as Reply-To, synchronously, so the visitor
 *   learns whether it worked. 400 names the field, 429 (with Retry-After, s) after {@link contactPerIp},
 *   503 when the mail could not be handed over (the form keeps the text; nothing is stored).
 */
import { contactBody, type EventPayloads } from '@marketplace/contracts';
import { HttpError, parseInput, type ServicePorts } from '@marketplace/platform';
import { Router } from 'express';
import { contactMail } from './domain/messages';
import { contactPerIp, messages } from './domain/rules';

/** The notification service's router. */
export function notificationRoutes(ports: ServicePorts<EventPayloads>): Router {
  const perIp = ports.rateLimiters.create(contactPerIp);
  const router = Router();

  router.post('/api/contact', async (req, res) => {
    const body = parseInput(contactBody, req.body);
    const limit = await perIp.consume(req.ip ?? 'unknown');
    if (!limit.allowed) {
      res.setHeader('retry-after', String(Math.max(1, Math.ceil(limit.retryAfterMs / 1000))));
      throw new HttpError(429, messages.tooMany);
    }
    try {
      await ports.notifier.sendMail({
        to: ports.config.SUPPORT_EMAIL,
        replyTo: body.email,
        ...contactMail(body),
      });
    } catch (err) {
      ports.logger.error({ err }, 'contact message could not be sent');
      throw new HttpError(503, messages.unavailable);
    }
    res.json({ message: messages.sent });
  });

  return router;
}
