/**
 * The daily digests of the saved searches (issue 24): at or after `ALERT_DIGEST_TIME` (09:00) India time,
 * the first replica to record the day in `digest_runs` sends them — one `catalog.alert.search_matched`
 * (frequency `daily`) per search with alerts on, carrying every car matched since the last digest that is
 * still for sale and was not told before (`alerts_sent`). All in one outbox transaction: the day's row, the
 * events and the emptied pending list commit together or not at all.
 */
import type { EventPayloads } from '@marketplace/contracts';
import type { Logger } from '@marketplace/platform';
import { DEMO_SELLER_ID } from '../../cars/demo/generate';
import { toCarSummary } from '../../cars/domain/summary';
import { alertStore } from '../data/alerts';
import { digestDayDue } from '../domain/digest-time';
import { signUnsubscribeToken } from '../domain/unsubscribe-token';
import { emitSearchMatched } from '../events/publish';
import type { BuyersDeps } from './deps';

/** How often the catalog checks whether the digests are due, in ms. */
export const DIGEST_CHECK_MS = 60_000;

/**
 * Sends the digests due at `now` unless another run (or replica) sent today's; resolves to the number of
 * digests emitted (0 before 09:00 India time or when today's were sent).
 * @throws the database error of a failed transaction (nothing was sent; the next check tries again).
 */
export async function sendDueDigests(
  deps: Pick<BuyersDeps, 'outbox' | 'alertSecret'>,
  now: Date,
): Promise<number> {
  const day = digestDayDue(now);
  if (day === undefined) return 0;
  return deps.outbox.transaction(async (tx, emit) => {
    if (!(await alertStore.claimDigestDay(tx, day))) return 0;
    let sent = 0;
    for (const { search, cars } of await alertStore.takePendingDigests(tx)) {
      const fresh = [];
      for (const car of cars) {
        const alert = {
          userId: search.userId,
          carId: car._id,
          kind: 'search_matched',
          key: search.id,
        } as const;
        if (await alertStore.record(tx, alert)) fresh.push(toCarSummary(car, car.seller ?? DEMO_SELLER_ID));
      }
      if (fresh.length === 0) continue;
      await emitSearchMatched(emit, {
        userId: search.userId,
        savedSearch: { _id: search.id, name: search.name, query: search.query },
        channels: search.channels as EventPayloads['catalog.alert.search_matched']['channels'],
        frequency: 'daily',
        cars: fresh,
        unsubscribeToken: signUnsubscribeToken(deps.alertSecret, { k: 'search', id: search.id }),
      });
      sent += 1;
    }
    return sent;
  });
}

/**
 * Checks at once, then every {@link DIGEST_CHECK_MS}, whether the digests are due (`clock`: the current
 * time), in the background (the timer does not keep the process alive); a failed check is logged and
 * retried at the next. Checking at start sends a day's digests after a restart past 09:00 that missed them.
 * @returns a function that stops the checks.
 */
export function startDigestTimer(
  deps: Pick<BuyersDeps, 'outbox' | 'alertSecret'>,
  clock: () => Date,
  logger: Logger,
): () => void {
  const check = () => {
    sendDueDigests(deps, clock()).then(
      (sent) => {
        if (sent > 0) logger.info({ sent }, 'daily saved-search digests sent');
      },
      (err: unknown) => logger.warn({ err }, 'daily saved-search digests failed; retried at the next check'),
    );
  };
  check();
  const timer = setInterval(check, DIGEST_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
