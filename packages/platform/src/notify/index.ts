/**
 * Outgoing messages (e-mail, SMS): the `Notifier` port and its adapters (docs/architecture.md "External providers
 * sit behind adapters"; issue 7). {@link createNotifier} picks one adapter per channel from the config:
 *
 * | channel | configured                                   | not configured (development)              |
 * | ------- | -------------------------------------------- | ----------------------------------------- |
 * | e-mail  | SMTP via nodemailer (`SMTP_URL`, smtp.ts)    | `DATA_DIR/outbox/mail.jsonl`              |
 * | SMS     | HTTP SMS gateway (`SMS_GATEWAY_URL`, sms-gateway.ts) | `DATA_DIR/outbox/sms.jsonl`       |
 *
 * The dev outbox appends each message as one JSON line (`{ to, text, createdAt }`, mail also `subject`, and
 * `replyTo` and `headers` (e.g. `List-Unsubscribe`) when given; the HTML part is not written) and logs it, so people and tests can read one-time
 * codes there. Every adapter resolves once the message is handed over and rejects when it was not, so a
 * caller inside an event consumer fails the delivery and the bus retries it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createHttpSmsGateway } from './sms-gateway';
import { createSmtpMailer } from './smtp';
import { type MailSender, mailHeaders, type Notifier, oneLine, type SmsSender } from './types';

/**
 * The dev outbox under `dataDir/outbox`. @throws (when sending) if the directory cannot be written, or a
 * mail's header name is reserved or malformed (see `mailHeaders`).
 */
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
      const headers = mailHeaders(m);
      await append('mail.jsonl', {
        to: m.to,
        subject: oneLine(m.subject),
        text: m.text,
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        createdAt: now().toISOString(),
      });
      opts.logger.info(
        { to: m.to, channel: 'mail', file: path.join(dir, 'mail.jsonl') },
        'dev outbox: mail written',
      );
    },
  };
}

/** Joins a mail and an SMS adapter into one Notifier. */
export function combineNotifier(mail: MailSender, sms: SmsSender): Notifier {
  return {
    kind: `mail:${mail.kind} sms:${sms.kind}`,
    sendMail: (m) => mail.sendMail(m),
    sendSms: (m) => sms.sendSms(m),
  };
}

/**
 * The notifier chosen by `config`: SMTP when `SMTP_URL` is set (sender `MAIL_FROM`), the HTTP SMS gateway
 * when `SMS_GATEWAY_URL` is set, the dev outbox under `config.dataDir` for whichever is not. Opens no
 * connection until the first message.
 */
export function createNotifier(opts: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'dataDir'>;
  logger: Logger;
}): Notifier {
  const { config, logger } = opts;
  const dev = createDevOutboxNotifier({ dataDir: config.dataDir, logger });
  const mail = config.SMTP_URL
    ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
    : dev;
  const sms = config.SMS_GATEWAY_URL ? createHttpSmsGateway({ url: config.SMS_GATEWAY_URL, logger }) : dev;
  return combineNotifier(mail, sms);
}

export { createHttpSmsGateway } from './sms-gateway';
export { createSmtpMailer } from './smtp';
export * from './types';
