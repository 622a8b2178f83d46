/**
 * The pure parts of bench:pages (pages.ts): the phases, the listing page's URL of a search, the phases'
 * disjoint sets of filter URLs, and issue 47's targets judged from the phases' figures.
 */
import { filterQuery, readFilters } from '../mfe-catalog/src/features/listing/filters';
import { distinctQueries, type QueryVocabulary } from './cars-queries';

/** The phases, in the order a mode runs them. */
export const PHASES = ['apiWarm', 'apiCold', 'listingWarm', 'listingCold', 'carCold', 'carWarm'] as const;
export type PhaseId = (typeof PHASES)[number];

/** What each phase requests, for the report. */
export const PHASE_LABELS: Record<PhaseId, string> = {
  apiWarm: 'API search, warm',
  apiCold: 'API search, cold',
  listingWarm: 'listing pages, warm',
  listingCold: 'listing pages, cold',
  carCold: 'car pages, cold',
  carWarm: 'car pages, warm',
};

/**
 * The page phases and their targets (issue 47): each page phase's rate at least `minRate` × the API
 * phase of its kind (warm or cold), and its p99 at most {@link MAX_P99_RATIO} × that phase's.
 */
export const PAGE_TARGETS: { phase: PhaseId; api: 'apiWarm' | 'apiCold'; minRate: number }[] = [
  { phase: 'listingWarm', api: 'apiWarm', minRate: 0.5 },
  { phase: 'listingCold', api: 'apiCold', minRate: 0.25 },
  { phase: 'carCold', api: 'apiCold', minRate: 0.5 },
  { phase: 'carWarm', api: 'apiWarm', minRate: 0.5 },
];
/** A page phase's p99 may be at most this many times its API phase's (issue 47). */
export const MAX_P99_RATIO = 4;

/** One phase's figures; latencies in ms. */
export interface PhaseFigures {
  /** Answered requests. */
  requests: number;
  /** Answered requests a second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers with a status outside 2xx. */
  non2xx: number;
  /** Requests without an answer (connection errors and timeouts). */
  errors: number;
}

/**
 * `/buy-a-car?…` for the search `/api/cars?…`: the URL the listing itself makes for those filters
 * (mfe-catalog `filterQuery` of `readFilters`: the same parameter names as the API's, in the listing's order,
 * with the defaults `sort=newest` and `page=1` and empty ranges left out).
 */
export function listingPath(apiPath: string): string {
  const params = new URLSearchParams(apiPath.slice(apiPath.indexOf('?') + 1));
  const query = new URLSearchParams(filterQuery(readFilters(params))).toString();
  return query ? `/buy-a-car?${query}` : '/buy-a-car';
}

/** How many filter URLs each phase requests. */
export interface QueryCounts {
  apiWarm: number;
  apiCold: number;
  listingWarm: number;
  listingCold: number;
}

/** The filter URLs of the phases: `/api/cars?…` for the API phases, `/buy-a-car?…` for the listing's. */
export type PhaseQueries = { [K in keyof QueryCounts]: string[] };

/**
 * Random filter combinations (cars-queries.ts, drawn with `seed`), no two the same search: the API phases
 * get them as the API query, the listing phases as the listing's URL ({@link listingPath}), and no phase
 * requests a search another one did.
 * @throws Error when the vocabulary does not give that many distinct searches.
 */
export function phaseQueries(vocabulary: QueryVocabulary, counts: QueryCounts, seed: number): PhaseQueries {
  const total = counts.apiWarm + counts.apiCold + counts.listingWarm + counts.listingCold;
  const pool = distinctQueries(vocabulary, total, seed, listingPath);
  if (pool.length < total)
    throw new Error(`only ${pool.length} distinct searches drawn of the ${total} asked for`);
  let at = 0;
  const take = (n: number) => {
    at += n;
    return pool.slice(at - n, at);
  };
  return {
    apiWarm: take(counts.apiWarm),
    apiCold: take(counts.apiCold),
    listingWarm: take(counts.listingWarm).map(listingPath),
    listingCold: take(counts.listingCold).map(listingPath),
  };
}

/** `n` distinct items of `items` (all of them when fewer), drawn with `random` (0 ≤ x < 1). */
export function pickDistinct<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const count = Math.min(n, pool.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

/** One target's outcome: what it asks, the measured value (a ratio or a count), and whether it holds. */
export interface TargetCheck {
  target: string;
  value: string;
  met: boolean;
}

/** `a ÷ b` as `0.62×`, or `—` when `b` is not positive. */
export function ratio(a: number, b: number): string {
  return b > 0 ? `${(a / b).toFixed(2)}×` : '—';
}

/**
 * Issue 47's targets over one mode's phases: warm listing and car pages ≥ 0.5× the warm API search rate;
 * cold car pages ≥ 0.5× and cold listing pages ≥ 0.25× the cold API search rate; each page phase's p99 ≤ 4×
 * its API phase's; no answer outside 2xx and no failed request in any phase. A phase that answered nothing
 * meets nothing.
 */
export function checkTargets(phases: Record<PhaseId, PhaseFigures>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const { phase, api, minRate } of PAGE_TARGETS) {
    const page = phases[phase];
    const base = phases[api];
    checks.push({
      target: `${PHASE_LABELS[phase]}: req/s ≥ ${minRate}× ${PHASE_LABELS[api]}`,
      value: ratio(page.rps, base.rps),
      met: page.requests > 0 && base.requests > 0 && page.rps >= minRate * base.rps,
    });
  }
  for (const { phase, api } of PAGE_TARGETS) {
    const page = phases[phase];
    const base = phases[api];
    checks.push({
      target: `${PHASE_LABELS[phase]}: p99 ≤ ${MAX_P99_RATIO}× ${PHASE_LABELS[api]}'s`,
      value: ratio(page.p99, base.p99),
      met: page.requests > 0 && base.requests > 0 && page.p99 <= MAX_P99_RATIO * base.p99,
    });
  }
  const failing = PHASES.filter((id) => phases[id].non2xx + phases[id].errors > 0);
  const failed = PHASES.reduce((sum, id) => sum + phases[id].non2xx + phases[id].errors, 0);
  checks.push({
    target: 'no non-2xx answer and no failed request in any phase',
    value: failing.length === 0 ? '0' : `${failed} (${failing.map((id) => PHASE_LABELS[id]).join(', ')})`,
    met: failed === 0,
  });
  return checks;
}
