/**
 * The price parts of the car page (issue 25), all fetched and drawn in the browser after hydration, so the
 * server-rendered page and the home page carry none of their code: the price insight's working ("Is this a
 * fair price?", lazily loaded chart) and the EMI calculator (lazily loaded), and at the bottom the similar
 * cars. A part whose data cannot be had (an error, a 501 while an endpoint is not deployed) is left out.
 */
import type { Car, PriceInsight } from '@marketplace/contracts';
import { Spinner, useHydrated } from '@marketplace/ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { pricingQueries } from '../../api/pricing';
import { CarGrid } from '../../components/CatalogCarCard';
import { Section } from './Section';

const PriceInsightPanel = lazy(() => import('./PriceInsightPanel'));
const EmiCalculator = lazy(() => import('./EmiCalculator'));

/** The id of the insight's section (the badge links to it). */
export const PRICE_INSIGHT_ID = 'price-insight';

/** A car's price insight, fetched once hydrated; `undefined` while loading, `null` when there is none. */
export function usePriceInsight(carId: string): PriceInsight | null | undefined {
  const hydrated = useHydrated();
  return useQuery({ ...pricingQueries.insight(carId), enabled: hydrated }).data;
}

/** A lazily loaded part's placeholder, holding its place. */
function Loading({ label }: { label: string }) {
  return (
    <div className="cat:grid cat:min-h-40 cat:place-items-center">
      <Spinner label={label} />
    </div>
  );
}

/** "Is this a fair price?" (when there is an insight) and the EMI calculator. */
export function PriceSections({ car, insight }: { car: Car; insight: PriceInsight | null | undefined }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      {insight ? (
        <Section title="Is this a fair price?" id={PRICE_INSIGHT_ID}>
          <Suspense fallback={<Loading label="Loading the price insight" />}>
            <PriceInsightPanel insight={insight} />
          </Suspense>
        </Section>
      ) : null}
      {car.status === 'sold' ? null : (
        <Section title="EMI calculator" id="emi-calculator">
          <Suspense fallback={<Loading label="Loading the EMI calculator" />}>
            <EmiCalculator price={car.price} />
          </Suspense>
        </Section>
      )}
    </>
  );
}

/** Up to 6 cars like this one, with the listing's cards; nothing when there are none or they failed. */
export function SimilarCars({ carId }: { carId: string }) {
  const hydrated = useHydrated();
  const { data: cars } = useQuery({ ...pricingQueries.similar(carId), enabled: hydrated });
  if (!cars?.length) return null;
  return (
    <Section title="Similar cars" id="similar-cars">
      <CarGrid cars={cars} />
    </Section>
  );
}
