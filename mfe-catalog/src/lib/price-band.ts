/** How a price band reads on the car page and the cards (issue 25): its label, what it means, and its colours. */
import type { PriceBand } from '@marketplace/contracts';

/** The badge of each known band: label, one-line meaning and classes (AA contrast in both colour modes). */
export const BAND_BADGES: Record<
  Exclude<PriceBand, 'unknown'>,
  { label: string; meaning: string; tone: string }
> = {
  great: {
    label: 'Great price',
    meaning: 'Below the expected range of similar cars.',
    tone: 'cat:bg-emerald-100 cat:text-emerald-900 cat:dark:bg-emerald-900 cat:dark:text-emerald-100',
  },
  good: {
    label: 'Good price',
    meaning: 'In the lower half of the expected range of similar cars.',
    tone: 'cat:bg-green-100 cat:text-green-900 cat:dark:bg-green-900 cat:dark:text-green-100',
  },
  fair: {
    label: 'Fair price',
    meaning: 'In the upper half of the expected range of similar cars.',
    tone: 'cat:bg-amber-100 cat:text-amber-900 cat:dark:bg-amber-900 cat:dark:text-amber-100',
  },
  high: {
    label: 'Higher than similar',
    meaning: 'Above the expected range of similar cars.',
    tone: 'cat:bg-rose-100 cat:text-rose-900 cat:dark:bg-rose-900 cat:dark:text-rose-100',
  },
};

/** Said of a car with too few comparables to judge its price. */
export const UNKNOWN_BAND_TEXT = 'Not enough similar cars for sale to judge this price yet.';

/** The one-line method note under the chart. */
export const METHOD_NOTE =
  'How we judge: cars of the same model within 2 years and a similar km band (same state first), each price ' +
  "adjusted to this car's year and km; the expected range is the middle half of those prices.";
