/**
 * The price step's valuation (issue 25): when the wizard can ask for one, and whether the seller's price is
 * far from it. A warning, never a block: a seller may know something the comparables do not.
 */
import type { ExpectedPrice } from '@marketplace/contracts';
import type { ValuationQuery } from '../../api/valuation';
import type { Draft } from './draft';

/** Below this share of the expected range's low end, a price is far below it. */
export const FAR_BELOW = 0.7;
/** Above this multiple of the expected range's high end, a price is far above it. */
export const FAR_ABOVE = 1.3;

/** The valuation query of the answers so far: model, year and km (and the registration state), or null. */
export function valuationQuery(d: Draft): ValuationQuery | null {
  const km = d.kmDriven.trim();
  if (!d.model || !d.year || km === '' || !/^\d+$/.test(km)) return null;
  return {
    model: d.model.id,
    year: d.year,
    kmDriven: Number(km),
    ...(d.state ? { state: d.state.id } : {}),
  };
}

/** 'below' / 'above' when `price` is far outside the expected range, else null (also without a range). */
export function farFromValuation(price: number, v: ExpectedPrice | null): 'below' | 'above' | null {
  if (!v || v.expectedLow === null || v.expectedHigh === null || !(price > 0)) return null;
  if (price < v.expectedLow * FAR_BELOW) return 'below';
  if (price > v.expectedHigh * FAR_ABOVE) return 'above';
  return null;
}
