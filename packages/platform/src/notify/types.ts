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
  /**
   * Extra header fields by name, e.g. `{ 'List-Unsubscribe': '<https://…>', 'List-Unsubscribe-Post':
   * 'List-Unsubscribe=One-Click' }` (RFC 2369, RFC 8058). Names must be header tokens (letters, digits,
   * `-`) and must not be one the adapter sets itself (From, To, Subject, Reply-To, …); values are put on one
   * line (see {@link mailHeaders}). The dev outbox records them.
   */
  headers?: Record<string, string>;
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

/** Header fields an adapter writes itself from the message; `headers` may not set them. */
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'reply-to',
  'sender',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]);

/**
 * The `headers` of a message, checked and each value on one line (an empty object when there are none).
 * @throws Error when a name is not a header token (`[A-Za-z0-9-]+`) or is one of the reserved fields
 *   (From, To, Cc, Bcc, Subject, Reply-To, Sender, Date, Message-ID, MIME-Version, Content-Type,
 *   Content-Transfer-Encoding): a programming error, not a delivery failure.
 */
export function mailHeaders(message: Pick<MailMessage, 'headers'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      throw new Error(`mail header not allowed: ${JSON.stringify(name)}`);
    }
    out[name] = oneLine(value);
  }
  return out;
}
