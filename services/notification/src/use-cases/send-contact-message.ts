/**
 * The Contact page's message (spec §2; issue 7): e-mailed to the support address (`SUPPORT_EMAIL`) with
 * the visitor as Reply-To, synchronously, so the visitor learns whether it worked. Nothing is stored.
 */
import type { ContactBody } from '@marketplace/contracts';
import { HttpError, type Notifier, type RateLimiter, tooManyRequests } from '@marketplace/platform';
import type { Logger } from 'pino';
import { contactMail } from '../domain/messages';
import { messages } from '../domain/rules';

/** What sending needs: the notifier, the support address, the per-IP limiter (`contactPerIp`), a logger. */
export interface ContactDeps {
  notifier: Notifier;
  supportEmail: string;
  perIp: RateLimiter;
  logger: Logger;
}

/**
 * Sends `message` from the client at `ip`.
 * @throws HttpError 429 (Retry-After) past `contactPerIp`; 503 when the mail could not be handed over.
 */
export async function sendContactMessage(deps: ContactDeps, ip: string, message: ContactBody): Promise<void> {
  const limit = await deps.perIp.consume(ip);
  if (!limit.allowed) throw tooManyRequests(messages.tooMany, limit.retryAfterMs);
  try {
    await deps.notifier.sendMail({ to: deps.supportEmail, replyTo: message.email, ...contactMail(message) });
  } catch (err) {
    deps.logger.error({ err }, 'contact message could not be sent');
    throw new HttpError(503, messages.unavailable);
  }
}
