/** Rules of the notification service's HTTP API (no I/O): the Contact form's rate limit and its messages. */
import type { RateLimitRule } from '@marketplace/platform';

/** Contact messages per client IP: 10 per 10 minutes (generous for carrier-grade NAT, tight for a flood). */
export const contactPerIp: RateLimitRule = { name: 'contact-ip-10m', points: 10, durationMs: 10 * 60_000 };

export const messages = {
  sent: 'Thank you for your message. We will get back to you soon.',
  tooMany: 'You have sent too many messages. Please try again later.',
  unavailable: 'Your message could not be sent right now. Please try again later.',
} as const;
