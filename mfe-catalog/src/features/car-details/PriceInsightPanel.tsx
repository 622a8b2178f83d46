/**
 * The working of a car's price insight (issue 25), loaded lazily on the car page: the band and what it
 * means, a small strip chart (inline SVG) of the comparables' adjusted prices with the expected range
 * shaded and this car's price marked, the `basis` ("14 Maruti Suzuki Swift, 2019–2023, …") and a one-line
 * method note. With too few comparables it says so instead of a chart.
 */
import type { PriceInsight } from '@marketplace/contracts';
import { cn, formatLakh, formatLakhRange } from '@marketplace/ui';
import { BAND_BADGES, METHOD_NOTE, UNKNOWN_BAND_TEXT } from '../../lib/price-band';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 12;
const STRIP_TOP = 22;
const STRIP_BOTTOM = 62;

/** A linear scale from the prices' span (padded 5 % each side) to the chart's width. */
function scaleOf(values: number[]): (v: number) => number {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = (hi - lo) * 0.05 || Math.max(hi * 0.05, 1);
  const min = lo - pad;
  const max = hi + pad;
  return (v) => PAD + ((v - min) / (max - min)) * (WIDTH - 2 * PAD);
}

/** What the chart shows, in words (its accessible name). */
function chartDescription(insight: PriceInsight): string {
  const { prices, price, expectedLow, expectedHigh } = insight;
  const parts = [`Prices of ${prices.length} similar cars`];
  if (prices.length) parts[0] += ` from ${formatLakh(prices[0] ?? 0)} to ${formatLakh(prices.at(-1) ?? 0)}`;
  if (expectedLow !== null && expectedHigh !== null)
    parts.push(`expected range ${formatLakhRange(expectedLow, expectedHigh)}`);
  parts.push(`this car ${formatLakh(price)}`);
  return `${parts.join('; ')}.`;
}

/** The strip chart: one dot per comparable, the expected range shaded, this car's price marked. */
export function PriceChart({ insight }: { insight: PriceInsight }) {
  const { prices, price, expectedLow, expectedHigh } = insight;
  const ends = [
    ...prices,
    price,
    ...(expectedLow !== null && expectedHigh !== null ? [expectedLow, expectedHigh] : []),
  ];
  const x = scaleOf(ends);
  const mark = x(price);
  const labelAnchor = mark < WIDTH * 0.2 ? 'start' : mark > WIDTH * 0.8 ? 'end' : 'middle';
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={chartDescription(insight)}
      className="cat:h-auto cat:w-full cat:max-w-md cat:text-slate-700 cat:dark:text-slate-200"
    >
      {expectedLow !== null && expectedHigh !== null ? (
        <rect
          x={x(expectedLow)}
          y={STRIP_TOP - 4}
          width={Math.max(x(expectedHigh) - x(expectedLow), 2)}
          height={STRIP_BOTTOM - STRIP_TOP + 8}
          rx={4}
          className="cat:fill-emerald-200 cat:dark:fill-emerald-900"
        />
      ) : null}
      <line
        x1={PAD}
        x2={WIDTH - PAD}
        y1={STRIP_BOTTOM + 6}
        y2={STRIP_BOTTOM + 6}
        stroke="currentColor"
        strokeOpacity={0.4}
      />
      {prices.map((p, i) => (
        <circle
          key={`${p}-${i}`}
          cx={x(p)}
          cy={STRIP_TOP + 6 + ((i * 7) % 5) * 7}
          r={3.5}
          className="cat:fill-slate-500 cat:dark:fill-slate-300"
          fillOpacity={0.8}
        />
      ))}
      <line
        x1={mark}
        x2={mark}
        y1={STRIP_TOP - 8}
        y2={STRIP_BOTTOM + 10}
        strokeWidth={2.5}
        className="cat:stroke-brand-700 cat:dark:stroke-brand-200"
      />
      <text
        x={mark}
        y={11}
        textAnchor={labelAnchor}
        fontSize={11}
        fontWeight={700}
        className="cat:fill-brand-700 cat:dark:fill-brand-200"
      >
        This car {formatLakh(price)}
      </text>
      <text x={PAD} y={HEIGHT - 4} fontSize={10} fill="currentColor">
        {formatLakh(Math.min(...ends))}
      </text>
      <text x={WIDTH - PAD} y={HEIGHT - 4} fontSize={10} textAnchor="end" fill="currentColor">
        {formatLakh(Math.max(...ends))}
      </text>
    </svg>
  );
}

/** The insight's section body: band, chart and legend, basis and method; or the unknown band's reason. */
export default function PriceInsightPanel({ insight }: { insight: PriceInsight }) {
  if (insight.band === 'unknown') {
    return (
      <div className="cat:space-y-2 cat:text-sm">
        <p className="cat:font-semibold">{UNKNOWN_BAND_TEXT}</p>
        <p>Compared with: {insight.basis}.</p>
        <p className="cat:text-slate-600 cat:dark:text-slate-300">
          We show a price verdict once at least 5 similar cars can be compared.
        </p>
      </div>
    );
  }
  const badge = BAND_BADGES[insight.band];
  const { expectedLow, expectedHigh } = insight;
  return (
    <div className="cat:space-y-3">
      <p className="cat:flex cat:flex-wrap cat:items-center cat:gap-2">
        <span className={cn('cat:rounded-full cat:px-3 cat:py-1 cat:text-sm cat:font-semibold', badge.tone)}>
          {badge.label}
        </span>
        <span className="cat:text-sm">{badge.meaning}</span>
      </p>
      {expectedLow !== null && expectedHigh !== null ? (
        <p className="cat:text-sm">
          Similar cars are expected at <strong>{formatLakhRange(expectedLow, expectedHigh)}</strong>
          {insight.median !== null ? ` (median ${formatLakh(insight.median)})` : ''}.
        </p>
      ) : null}
      <PriceChart insight={insight} />
      <ul className="cat:flex cat:flex-wrap cat:gap-x-4 cat:gap-y-1 cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">
        <li className="cat:flex cat:items-center cat:gap-1">
          <span
            aria-hidden="true"
            className="cat:inline-block cat:size-2.5 cat:rounded-full cat:bg-slate-500"
          />
          A similar car
        </li>
        <li className="cat:flex cat:items-center cat:gap-1">
          <span
            aria-hidden="true"
            className="cat:inline-block cat:h-2.5 cat:w-4 cat:rounded-sm cat:bg-emerald-200 cat:dark:bg-emerald-900"
          />
          Expected range
        </li>
        <li className="cat:flex cat:items-center cat:gap-1">
          <span
            aria-hidden="true"
            className="cat:inline-block cat:h-3 cat:w-0.5 cat:bg-brand-700 cat:dark:bg-brand-200"
          />
          This car
        </li>
      </ul>
      <p className="cat:text-sm">Compared with: {insight.basis}</p>
      <p className="cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">{METHOD_NOTE}</p>
    </div>
  );
}
