/**
 * When the daily digests are due (issue 24): once a day at `ALERT_DIGEST_TIME` (`HH:MM`) India time
 * (Asia/Kolkata, UTC+05:30, no daylight saving). No I/O.
 */
import { ALERT_DIGEST_TIME } from '@marketplace/contracts';

/** India's offset from UTC, in ms (+05:30 all year). */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The India date (`YYYY-MM-DD`) whose digests are due at `now`: today's once India's clock reads `at`
 * (`HH:MM`, default {@link ALERT_DIGEST_TIME}) or later; undefined before it.
 */
export function digestDayDue(now: Date, at: string = ALERT_DIGEST_TIME): string | undefined {
  const india = new Date(now.getTime() + INDIA_OFFSET_MS).toISOString();
  return india.slice(11, 16) >= at ? india.slice(0, 10) : undefined;
}
