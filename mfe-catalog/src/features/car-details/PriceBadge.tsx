/**
 * The price insight badge next to a car's price (issue 25): "Great price", "Good price", "Fair price" or
 * "Higher than similar", linking to the insight's working further down the page. Nothing while the insight
 * loads, when it failed, or for the `unknown` band (the section below explains that one).
 */
import type { PriceInsight } from '@marketplace/contracts';
import { cn } from '@marketplace/ui';
import { BAND_BADGES } from '../../lib/price-band';

/** The badge of `insight`'s band, or nothing. `href` goes to the explanation. */
export function PriceBadge({ insight, href }: { insight: PriceInsight | null | undefined; href: string }) {
  if (!insight || insight.band === 'unknown') return null;
  const badge = BAND_BADGES[insight.band];
  return (
    <a
      href={href}
      title={badge.meaning}
      className={cn(
        'cat:inline-flex cat:items-center cat:gap-1 cat:self-start cat:rounded-full cat:px-3 cat:py-1 cat:text-sm cat:font-semibold cat:hover:underline',
        badge.tone,
      )}
    >
      <span aria-hidden="true">●</span>
      {badge.label}
    </a>
  );
}
