/**
 * Outgoing messages (e-mail, SMS). Without a configured SMTP server or SMS gateway, the dev outbox
 * appends each message as one JSON line to `DATA_DIR/outbox/mail.jsonl` or `DATA_DIR/outbox/sms.jsonl`
 * (`{ to, subject?, text, createdAt }`) and logs it, so people and tests can read one-time codes there.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

export interface SmsMessage {
  /** Phone number as given by the user, e.g. +919876543210. */
  to: string;
  text: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Notifier {
  readonly kind: string;
  sendSms(message: SmsMessage): Promise<void>;
  sendMail(message: MailMessage): Promise<void>;
}

/** The dev outbox under `dataDir/outbox`. @throws when the directory cannot be written. */
export function createDevOutboxNotifier(opts: {
  dataDir: string;
  logger: Logger;
  now?: () => Date;
}): Notifier {
  const dir = path.join(opts.dataDir, 'outbox');
  const now = opts.now ?? (() => new Date());
  async function append(file: string, record: object) {
    await fs.mkdir(dir, { recursive: true });
    await fs.appendFile(path.join(dir, file), `${JSON.stringify(record)}\n`, 'utf8');
  }
  return {
    kind: 'dev-outbox',
    async sendSms(m) {
      await append('sms.jsonl', { to: m.to, text: m.text, createdAt: now().toISOString() });
      opts.logger.info(
        { to: m.to, channel: 'sms', file: path.join(dir, 'sms.jsonl') },
        'dev outbox: SMS written',
      );
    },
    async sendMail(m) {
      await append('mail.jsonl', {
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: now().toISOString(),
      });
      opts.logger.info(
        { to: m.to, channel: 'mail', file: path.join(dir, 'mail.jsonl') },
        'dev outbox: mail written',
      );
    },
  };
}
