/**
 * E-mail over SMTP with nodemailer (issue 7). One connection per message unless the URL asks for a pool
 * (`?pool=true`); STARTTLS is used when the server offers it on `smtp://`, TLS from the start on `smtps://`.
 * Timeouts are short because the notification worker sends inside an event's inbox transaction: a hung
 * server must fail the delivery (the bus retries it) rather than hold a database connection for minutes.
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { type MailSender, mailHeaders, oneLine } from './types';

export interface SmtpMailerOptions {
  /** `smtp://[user:pass@]host[:port][?nodemailer options]` or `smtps://…`. */
  url: string;
  /** Sender, an address or `Name <address>`. */
  from: string;
  logger: Logger;
  /** Connection, greeting and socket-idle timeout in ms (default 10 000). */
  timeoutMs?: number;
}

/** Host and port of an SMTP URL for logs (never the credentials). */
function describe(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

/**
 * An SMTP mail sender. `sendMail` resolves when the server accepted the message for every recipient; the
 * message's extra `headers` (e.g. `List-Unsubscribe`) are added as given (nodemailer folds long lines).
 * @throws (from sendMail) a reserved or malformed header name (see `mailHeaders`); when the server cannot be reached, times out or refuses the message or a recipient.
 */
export function createSmtpMailer(opts: SmtpMailerOptions): MailSender & { close(): void } {
  const timeout = opts.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const server = describe(opts.url);
  return {
    kind: 'smtp',
    async sendMail(m) {
      const headers = mailHeaders(m);
      const info = await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: oneLine(m.subject),
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      });
      const rejected = (info.rejected ?? []) as unknown[];
      if (rejected.length > 0) throw new Error(`SMTP server ${server} rejected recipient(s)`);
      opts.logger.info({ channel: 'mail', server, messageId: info.messageId }, 'mail sent over SMTP');
    },
    close() {
      transport.close();
    },
  };
}
