/**
 * The development outbox (README "Run it"): without an SMTP server or SMS gateway every e-mail and SMS is
 * appended to `DATA_DIR/outbox/mail.jsonl` and `sms.jsonl`, one JSON object a line. Readers of those files
 * for the tests, and waits for the sign-up code and the e-mail verification link a test needs next.
 */
import fs from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

/** One line of the dev outbox (`mail.jsonl` / `sms.jsonl`). */
export interface OutboxRecord {
  to: string;
  text: string;
  subject?: string;
  /** Mail only: extra header fields by name, as sent (e.g. `List-Unsubscribe`), when the mail had any. */
  headers?: Record<string, string>;
  createdAt: string;
}

/** Where the outbox files of a system are, and how to flush its event outboxes (so the messages get sent). */
export interface OutboxSource {
  outboxDir: string;
  /** Publishes every pending event before reading (the embedded system's `drainOutboxes`). */
  drain?: () => Promise<unknown>;
}

/** The outbox folder of a `DATA_DIR`. */
export function outboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Every record of `<outboxDir>/<file>`, oldest first (`[]` while the file does not exist). */
export function readOutbox(outboxDir: string, file: 'mail.jsonl' | 'sms.jsonl'): OutboxRecord[] {
  const full = path.join(outboxDir, file);
  if (!fs.existsSync(full)) return [];
  return fs
    .readFileSync(full, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as OutboxRecord);
}

/**
 * The SMS to `phone`, oldest first. A number typed with its country code (`+91 98…`) is stored as its ten
 * digits, so a record matches when its `to` ends with `phone`.
 */
export function smsTo(outboxDir: string, phone: string): OutboxRecord[] {
  return readOutbox(outboxDir, 'sms.jsonl').filter((m) => m.to.endsWith(phone));
}

/** The six-digit code in an SMS text, or undefined. */
export function codeIn(text: string): string | undefined {
  return /\b(\d{6})\b/.exec(text)?.[1];
}

/** The e-mail verification token (decoded) of a mail's `…?verifyEmail=<token>` link, or undefined. */
export function emailTokenIn(text: string): string | undefined {
  const raw = /verifyEmail=([\w%-]+)/.exec(text)?.[1];
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

/** Options of the waits below. */
export interface WaitOptions {
  /** Skip a message created at this instant (the one seen before a resend). */
  after?: string;
  /** How long to poll, in ms (default 5 000). */
  timeout?: number;
}

/**
 * Drains `source`, then polls `find` every 50 ms until it returns a value (at most `timeout` ms); that
 * value. `vi.waitFor`, unlike `expect.poll`, also works in a `beforeAll` hook.
 */
async function pollOutbox<T>(source: OutboxSource, find: () => T | undefined, timeout = 5_000): Promise<T> {
  await source.drain?.();
  return vi.waitFor(
    () => {
      const found = find();
      if (found === undefined) throw new Error(`nothing awaited in the dev outbox ${source.outboxDir}`);
      return found;
    },
    { timeout, interval: 50 },
  );
}

/**
 * Waits until the newest SMS to `phone` (other than one created at `after`) carries a six-digit code.
 * @returns the code and when the SMS was written. Fails the test on the deadline.
 */
export function waitForSmsCode(
  source: OutboxSource,
  phone: string,
  opts: WaitOptions = {},
): Promise<{ code: string; createdAt: string }> {
  return pollOutbox(
    source,
    () => {
      const sms = smsTo(source.outboxDir, phone).at(-1);
      const code = sms && sms.createdAt !== opts.after ? codeIn(sms.text) : undefined;
      return code && sms ? { code, createdAt: sms.createdAt } : undefined;
    },
    opts.timeout,
  );
}

/**
 * Waits until at least `count` (default 1) e-mail verification links were mailed to `email`, the newest
 * created at another instant than `after`. @returns its token (decoded) and when it was written.
 */
export function waitForEmailToken(
  source: OutboxSource,
  email: string,
  opts: WaitOptions & { count?: number } = {},
): Promise<{ token: string; createdAt: string }> {
  return pollOutbox(
    source,
    () => {
      const links = readOutbox(source.outboxDir, 'mail.jsonl').filter(
        (m) => m.to === email && emailTokenIn(m.text) !== undefined,
      );
      const last = links.length >= (opts.count ?? 1) ? links.at(-1) : undefined;
      return last && last.createdAt !== opts.after
        ? { token: emailTokenIn(last.text)!, createdAt: last.createdAt }
        : undefined;
    },
    opts.timeout,
  );
}
