/**
 * The one-click unsubscribe of an alert (issue 24, RFC 8058; no sign-in): a saved search's token turns off
 * that search's alerts, a price token the price-drop alerts of that shortlisted car. Repeating it changes
 * nothing more.
 */
import { badRequest, type Db, notFound } from '@marketplace/platform';
import { isUuid } from '../../data/schema';
import { savedSearchStore } from '../data/saved-searches';
import { shortlistStore } from '../data/shortlist';
import { verifyUnsubscribeToken } from '../domain/unsubscribe-token';

/**
 * Applies the unsubscribe `token` signed with `secret`; resolves to the message to answer.
 * @throws HttpError 400 `token: …` when it is malformed or not signed with `secret`; 404 when its saved
 *   search or shortlist entry no longer exists.
 */
export async function unsubscribeAlerts(db: Db, secret: string, token: string): Promise<string> {
  const target = verifyUnsubscribeToken(secret, token);
  if (!target) throw badRequest('token: the unsubscribe link is malformed or not ours');
  if (target.k === 'search') {
    if (!isUuid(target.id) || !(await savedSearchStore.stopAlerts(db, target.id))) {
      throw notFound('That saved search no longer exists.');
    }
    return 'You will get no more alerts for this saved search.';
  }
  if (
    !isUuid(target.u) ||
    !isUuid(target.c) ||
    !(await shortlistStore.stopPriceAlerts(db, target.u, target.c))
  ) {
    throw notFound('That car is no longer on your shortlist.');
  }
  return 'You will get no more price-drop alerts for this car.';
}
