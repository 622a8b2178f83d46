/**
 * "Cars like yours sell for ₹4.9–5.6 lakh" at the wizard's price step (issue 25), from `getValuation` with
 * the chosen model, year, km (after a pause in typing) and registration state; with a warning when the
 * entered price is far outside the range. Nothing while it loads, when it failed, or without a range (too
 * few comparables: it says so briefly).
 */
import type { ExpectedPrice } from '@marketplace/contracts';
import { formatLakhRange } from '@marketplace/ui';
import { useEffect, useState } from 'react';
import { fetchValuation } from '../../api/valuation';
import type { Draft } from './draft';
import { farFromValuation, valuationQuery } from './valuation';

/** Pause after the last keystroke in the km field before asking again. */
const VALUATION_DEBOUNCE_MS = 400;

/** The valuation of the draft's car, or null (none yet, none to be had). */
function useValuation(draft: Draft): ExpectedPrice | null {
  const query = valuationQuery(draft);
  const key = query ? JSON.stringify(query) : null;
  const [result, setResult] = useState<{ key: string; value: ExpectedPrice | null } | null>(null);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchValuation(JSON.parse(key), controller.signal).then((value) => {
        if (!controller.signal.aborted) setResult({ key, value });
      });
    }, VALUATION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return result && result.key === key ? result.value : null;
}

/** The hint under the price field. */
export function ValuationHint({ draft }: { draft: Draft }) {
  const valuation = useValuation(draft);
  if (!valuation) return null;
  const { expectedLow, expectedHigh } = valuation;
  if (expectedLow === null || expectedHigh === null) {
    return (
      <p className="sell:text-sm sell:text-slate-600 sell:sm:col-span-2 sell:dark:text-slate-300">
        Not enough cars like yours for sale yet to suggest a price.
      </p>
    );
  }
  const far = farFromValuation(Number(draft.price), valuation);
  return (
    <div aria-live="polite" className="sell:flex sell:flex-col sell:gap-2 sell:sm:col-span-2">
      <p className="sell:rounded-lg sell:bg-emerald-50 sell:px-4 sell:py-3 sell:text-sm sell:text-emerald-900 sell:dark:bg-emerald-950 sell:dark:text-emerald-100">
        <strong>Cars like yours sell for {formatLakhRange(expectedLow, expectedHigh)}</strong>
        <span className="sell:block sell:text-xs">Based on {valuation.basis}</span>
      </p>
      {far ? (
        <p
          role="status"
          className="sell:rounded-lg sell:border sell:border-amber-300 sell:bg-amber-50 sell:px-4 sell:py-3 sell:text-sm sell:text-amber-900 sell:dark:border-amber-800 sell:dark:bg-amber-950 sell:dark:text-amber-100"
        >
          {far === 'below'
            ? 'Your price is well below what cars like yours sell for: you may be leaving money on the table.'
            : 'Your price is well above what cars like yours sell for: buyers may pass it by.'}{' '}
          You can still list it at this price.
        </p>
      ) : null}
    </div>
  );
}
