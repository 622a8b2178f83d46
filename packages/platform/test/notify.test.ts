/**
 * The notifier port's adapters (issue 7): selection by config, the dev outbox files, the HTTP SMS gateway
 * (against a local HTTP server) and SMTP (against a real local SMTP server, `smtp-server`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../test-support/smtp';
import {
  createDevOutboxNotifier,
  createHttpSmsGateway,
  createLogger,
  createNotifier,
  createSmtpMailer,
  loadConfig,
  runWithContext,
} from '../src/index';

const logger = createLogger({ level: 'silent' });
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'notify-'));
const lines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** A local SMS gateway: records each request; answers `status()` (200 by default). */
async function startGateway(status: () => number = () => 200) {
  const requests: Array<{ body: unknown; authorization?: string; requestId?: string; path?: string }> = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      requests.push({
        body: JSON.parse(data),
        authorization: req.headers.authorization,
        requestId: req.headers['x-request-id'] as string | undefined,
        path: req.url,
      });
      res.writeHead(status(), { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('notification config', () => {
  it('defaults to no SMTP server and no SMS gateway, with a sender and a support address', () => {
    const config = loadConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SMS_GATEWAY_URL).toBeUndefined();
    expect(config.MAIL_FROM).toMatch(/@/);
    expect(config.SUPPORT_EMAIL).toMatch(/@/);
  });

  it('accepts smtp:// and smtps:// URLs only, naming the variable', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.in:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.in:465',
    );
    expect(loadConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.in' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'nope' })).toThrow(/SMS_GATEWAY_URL/);
  });
});

describe('createNotifier', () => {
  it('writes both channels to the dev outbox when nothing is configured', async () => {
    const dataDir = tmp();
    const notifier = createNotifier({ config: loadConfig({ DATA_DIR: dataDir }), logger });
    expect(notifier.kind).toBe('mail:dev-outbox sms:dev-outbox');
    await notifier.sendSms({ to: '9876543210', text: 'code 123456' });
    await notifier.sendMail({
      to: 'a@example.in',
      subject: 'Hi\nthere',
      text: 'Hello',
      html: '<p>Hello</p>',
      replyTo: 'b@example.in',
    });
    expect(lines(path.join(dataDir, 'outbox', 'sms.jsonl'))).toEqual([
      { to: '9876543210', text: 'code 123456', createdAt: expect.any(String) },
    ]);
    expect(lines(path.join(dataDir, 'outbox', 'mail.jsonl'))).toEqual([
      {
        to: 'a@example.in',
        subject: 'Hi there',
        text: 'Hello',
        replyTo: 'b@example.in',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('picks SMTP and the HTTP gateway when their URLs are set', () => {
    const notifier = createNotifier({
      config: loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' }),
      logger,
    });
    expect(notifier.kind).toBe('mail:smtp sms:http-gateway');
  });
});

describe('dev outbox', () => {
  it('records extra headers on one line and refuses a reserved or malformed header name', async () => {
    const dataDir = tmp();
    const notifier = createDevOutboxNotifier({ dataDir, logger });
    const headers = {
      'List-Unsubscribe': '<https://cars.example.in/api/alerts/unsubscribe?token=a%2Bb>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click\r\nBcc: evil@example.com',
    };
    await notifier.sendMail({ to: 'a@example.in', subject: 's', text: 't', headers });
    expect(lines(path.join(dataDir, 'outbox', 'mail.jsonl'))[0]).toMatchObject({
      headers: {
        'List-Unsubscribe': headers['List-Unsubscribe'],
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click Bcc: evil@example.com',
      },
    });
    for (const name of ['Bcc', 'X Bad', 'X-Evil:\r\nBcc']) {
      await expect(
        notifier.sendMail({ to: 'a@example.in', subject: 's', text: 't', headers: { [name]: 'x' } }),
      ).rejects.toThrow(/mail header not allowed/);
    }
  });

  it('fails when the outbox cannot be written', async () => {
    const file = path.join(tmp(), 'not-a-dir');
    fs.writeFileSync(file, '');
    const notifier = createDevOutboxNotifier({ dataDir: file, logger });
    await expect(notifier.sendSms({ to: '1', text: 'x' })).rejects.toThrow();
  });
});

describe('HTTP SMS gateway', () => {
  it('POSTs { to, text } as JSON with Basic auth from the URL and the correlation id', async () => {
    const gateway = await startGateway();
    try {
      const url = gateway.url.replace('http://', 'http://acct%40x:s3cr%3At@');
      const sms = createHttpSmsGateway({ url, logger });
      await runWithContext({ requestId: 'r-1', correlationId: 'c-1' }, () =>
        sms.sendSms({ to: '+919876543210', text: 'Your code is 123456' }),
      );
      expect(gateway.requests).toEqual([
        {
          body: { to: '+919876543210', text: 'Your code is 123456' },
          authorization: `Basic ${Buffer.from('acct@x:s3cr:t').toString('base64')}`,
          requestId: 'c-1',
          path: '/sms/send',
        },
      ]);
    } finally {
      await gateway.close();
    }
  });

  it('throws on a non-2xx answer and when the gateway is unreachable', async () => {
    const gateway = await startGateway(() => 503);
    try {
      const sms = createHttpSmsGateway({ url: gateway.url, logger });
      await expect(sms.sendSms({ to: '1', text: 'x' })).rejects.toThrow(/answered 503/);
    } finally {
      await gateway.close();
    }
    const gone = createHttpSmsGateway({ url: gateway.url, logger, timeoutMs: 2000 });
    await expect(gone.sendSms({ to: '1', text: 'x' })).rejects.toThrow();
  });
});

describe('SMTP mailer', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('sends text and HTML alternatives from MAIL_FROM with Reply-To, subject on one line', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Marketplace <no-reply@example.in>', logger });
    await mailer.sendMail({
      to: 'asha@example.in',
      subject: 'Namaste —\r\nBcc: evil@example.com',
      text: 'Hello Asha ₹',
      html: '<p>Hello Asha &#8377;</p>',
      replyTo: 'visitor@example.in',
    });
    const [mail] = smtp.to('asha@example.in');
    expect(mail).toMatchObject({
      from: 'no-reply@example.in',
      to: ['asha@example.in'],
      subject: 'Namaste — Bcc: evil@example.com',
      text: 'Hello Asha ₹',
      html: '<p>Hello Asha &#8377;</p>',
    });
    expect(mail!.headers['reply-to']).toBe('visitor@example.in');
    expect(mail!.headers.bcc).toBeUndefined();
    mailer.close();
  });

  it('sends extra headers such as List-Unsubscribe (RFC 8058) unchanged', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'no-reply@example.in', logger });
    const url = `https://cars.example.in/api/alerts/unsubscribe?token=${'a1b2c3d4.'.repeat(12)}`;
    await mailer.sendMail({
      to: 'list@example.in',
      subject: 's',
      text: 't',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const [mail] = smtp.to('list@example.in');
    expect(mail!.headers['list-unsubscribe']).toBe(`<${url}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    mailer.close();
  });

  it('throws when the server refuses the message or cannot be reached', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'no-reply@example.in', logger });
    smtp.failNext(1);
    await expect(mailer.sendMail({ to: 'x@example.in', subject: 's', text: 't' })).rejects.toThrow(
      /451|Temporary/,
    );
    const closed = await startSmtpServer();
    await closed.close();
    const unreachable = createSmtpMailer({
      url: closed.url,
      from: 'no-reply@example.in',
      logger,
      timeoutMs: 2000,
    });
    await expect(unreachable.sendMail({ to: 'x@example.in', subject: 's', text: 't' })).rejects.toThrow();
  });
});
