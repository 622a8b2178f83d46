/**
 * Garbage collections of an answering process over a benchmark run, read from its `GET /metrics` (prom-client's
 * `nodejs_gc_duration_seconds` histogram, label `kind`: `minor` = young generation, `major` = full
 * mark-compact, `incremental` = incremental marking steps, `weakcb` = weak callbacks). Scraped before and
 * after a run, the difference tells whether the process's own pauses can explain a run's tail
 * (bench/README.md, fifteenth session). Development systems leave `/metrics` open (no METRICS_TOKEN).
 */

/** Collections by kind: how many and their total pause, in ms. */
export type GcTotals = Record<string, { count: number; ms: number }>;

/**
 * The {@link GcTotals} in a Prometheus text exposition (only `nodejs_gc_duration_seconds_count` and `_sum`
 * series are read; other labels, such as `service`, are ignored).
 */
export function parseGcTotals(text: string): GcTotals {
  const totals: GcTotals = {};
  const series = /^nodejs_gc_duration_seconds_(count|sum)\{([^}]*)\}\s+(\S+)$/gm;
  for (const [, part, labels, value] of text.matchAll(series)) {
    const kind = /(?:^|,)kind="([^"]*)"/.exec(labels ?? '')?.[1];
    if (kind === undefined) continue;
    const entry = totals[kind] ?? { count: 0, ms: 0 };
    totals[kind] = entry;
    if (part === 'count') entry.count += Number(value);
    else entry.ms += Number(value) * 1000;
  }
  return totals;
}

/** `after` − `before`, by kind (kinds without collections in between left out). */
export function gcBetween(before: GcTotals, after: GcTotals): GcTotals {
  const out: GcTotals = {};
  for (const [kind, { count, ms }] of Object.entries(after)) {
    const delta = { count: count - (before[kind]?.count ?? 0), ms: ms - (before[kind]?.ms ?? 0) };
    if (delta.count > 0) out[kind] = delta;
  }
  return out;
}

/** The {@link GcTotals} of the process at `origin` now; undefined when its `/metrics` does not answer 200. */
export async function scrapeGcTotals(origin: string): Promise<GcTotals | undefined> {
  try {
    const res = await fetch(`${origin}/metrics`);
    if (!res.ok) return undefined;
    return parseGcTotals(await res.text());
  } catch {
    return undefined;
  }
}

/** `totals` in a line: `minor 12 (8.1 ms), major 1 (20.3 ms)`, or `none`. */
export function describeGc(totals: GcTotals): string {
  const parts = Object.entries(totals).map(
    ([kind, { count, ms }]) => `${kind} ${count} (${ms.toFixed(1)} ms)`,
  );
  return parts.length > 0 ? parts.join(', ') : 'none';
}
