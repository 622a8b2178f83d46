/** Types of the notifier port (see index.ts): messages, the two channels and their union. */

export interface SmsMessage {
  /** Phone number as given by the user, e.g. +919876543210. */
  to: string;
  text: string;
}

export interface MailMessage {
  /** One recipient address. */
  to: string;
  /** One line; line breaks are replaced by spaces before sending. */
  subject: string;
  /** Plain-text body (always sent). */
  text: string;
  /** HTML alternative of `text`; every user-provided value in it must already be escaped. */
  html?: string;
  /** Where replies go (e.g. the visitor who wrote through the Contact page). */
  replyTo?: string;
}

/** Sends e-mail. @throws when the message could not be handed over (the caller retries). */
export interface MailSender {
  readonly kind: string;
  sendMail(message: MailMessage): Promise<void>;
}

/** Sends SMS. @throws when the message could not be handed over (the caller retries). */
export interface SmsSender {
  readonly kind: string;
  sendSms(message: SmsMessage): Promise<void>;
}

/** Both channels; `kind` names the adapters, e.g. `mail:smtp sms:dev-outbox`. */
export interface Notifier extends MailSender, SmsSender {
  readonly kind: string;
}

/** A subject on one line (a line break in a header would be refused or, worse, start a new header). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t\v\f]+/g, ' ').trim();
}
