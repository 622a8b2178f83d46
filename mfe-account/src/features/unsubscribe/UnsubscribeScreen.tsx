/**
 * /unsubscribe?token=… (issue 24): the one-click unsubscribe link of an alert e-mail. On load it posts
 * `unsubscribeAlerts` with the token, once, and shows the server's message ("You will get no more alerts
 * for …") or why it failed. No sign-in needed.
 */
import { buttonClasses, errorMessage, Spinner, usePageMeta } from '@marketplace/ui';
import { Link, useSearchParams } from '@marketplace/ui/router';
import { useEffect, useRef, useState } from 'react';
import { unsubscribeAlerts } from '../../api/buyers';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

const META = {
  title: 'Unsubscribe from alerts',
  description: 'Stop the alerts of a saved search.',
  noindex: true,
};

/** The unsubscribe page. */
export function UnsubscribeScreen() {
  usePageMeta(META);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    if (!token) {
      setOutcome({ ok: false, message: 'This unsubscribe link is incomplete: it has no token.' });
      return;
    }
    unsubscribeAlerts(token).then(
      (message) => setOutcome({ ok: true, message }),
      (error: unknown) => setOutcome({ ok: false, message: errorMessage(error) }),
    );
  }, [token]);

  return (
    <section className="acc:mx-auto acc:max-w-xl acc:px-4 acc:py-16 acc:text-center">
      <h1 className="acc:text-2xl acc:font-bold">Alerts</h1>
      {outcome === null ? (
        <div className="acc:mt-6">
          <Spinner label="Unsubscribing" />
        </div>
      ) : (
        <div
          role={outcome.ok ? 'status' : 'alert'}
          className={
            outcome.ok
              ? 'acc:mt-6 acc:rounded-2xl acc:bg-emerald-50 acc:p-6 acc:text-emerald-900'
              : 'acc:mt-6 acc:rounded-2xl acc:bg-red-50 acc:p-6 acc:text-red-900'
          }
        >
          <p className="acc:font-semibold">
            {outcome.ok ? 'You are unsubscribed' : 'We could not unsubscribe you'}
          </p>
          <p className="acc:mt-2">{outcome.message}</p>
        </div>
      )}
      <div className="acc:mt-8 acc:flex acc:justify-center acc:gap-3">
        <Link to="/buy-a-car" className={buttonClasses('primary')}>
          Browse cars
        </Link>
        <Link to="/profile?tab=saved-searches" className={buttonClasses('secondary')}>
          Your saved searches
        </Link>
      </div>
    </section>
  );
}
