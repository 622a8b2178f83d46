/**
 * The listing's filter panel (spec §2 "Car listing page"): brand search box, the scrollable multi-select
 * POPULAR BRANDS logo grid, FUEL and TRANSMISSION checkboxes, PRICE and KM DRIVEN min/max; beyond the spec
 * (issue 9) body type, year range and city. Every change goes through `onChange` (which returns to page 1).
 * With the search's facets (issue 22), each brand, fuel, transmission and body type shows how many cars
 * choosing it would find under the other filters, e.g. "Diesel (1,204)". Issue 25 adds the MODEL
 * checkboxes (once a brand is chosen), OWNERS and the MONTHLY BUDGET.
 */

import type { CarFacets } from '@marketplace/contracts';
import { cn, formatIndianNumber } from '@marketplace/ui';
import { type ReactNode, useId } from 'react';
import type { BrandSummary } from '../../api/brands';
import { BudgetFilter } from './BudgetFilter';
import { DebouncedInput } from './DebouncedInput';
import {
  BODY_TYPES,
  type FilterPatch,
  FUEL_TYPES,
  type ListingFilters,
  OLDEST_YEAR,
  OWNER_FILTERS,
  OWNER_LABELS,
  type Range,
  TRANSMISSIONS,
  toggle,
} from './filters';
import { ModelFilter, useBrandModels } from './ModelFilter';

const input =
  'cat:w-full cat:rounded-lg cat:border cat:border-slate-300 cat:bg-white cat:px-3 cat:py-2 cat:text-sm cat:text-slate-900 cat:placeholder:text-slate-500 cat:focus:border-brand-500 cat:focus:outline-none cat:focus:ring-2 cat:focus:ring-brand-200 cat:dark:border-slate-600 cat:dark:bg-slate-800 cat:dark:text-slate-100 cat:dark:placeholder:text-slate-400';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="cat:border-t cat:border-slate-200 cat:pt-4 cat:dark:border-slate-700">
      <legend className="cat:float-left cat:mb-2 cat:w-full cat:text-xs cat:font-bold cat:tracking-wider cat:text-slate-700 cat:uppercase cat:dark:text-slate-200">
        {title}
      </legend>
      <div className="cat:clear-both">{children}</div>
    </fieldset>
  );
}

/** Facet counts are capped like the search's total (SEARCH_COUNT_CAP, 10 000): the cap reads "10,000+". */
const FACET_CAP = 10_000;

/**
 * A facet count next to its value. It is left out of the value's accessible name (so "Diesel" stays
 * "Diesel" for voice control and tests) and given as its description instead (`aria-describedby`).
 */
function FacetCount({ id, counts, value }: { id: string; counts: Record<string, number>; value: string }) {
  return (
    <span id={id} aria-hidden="true" className="cat:text-slate-600 cat:tabular-nums cat:dark:text-slate-400">
      {countLabel(counts, value)}
    </span>
  );
}

/** ` (1,204)`: the count a facet value would find, or nothing while the facets are not there. */
function countLabel(counts: Record<string, number> | undefined, value: string): string {
  if (!counts) return '';
  const n = counts[value] ?? 0;
  return ` (${formatIndianNumber(n)}${n >= FACET_CAP ? '+' : ''})`;
}

function Checkboxes<T extends string>({
  values,
  selected,
  counts,
  labelOf = (v) => v,
  onChange,
}: {
  values: readonly T[];
  selected: readonly T[];
  counts: Record<string, number> | undefined;
  /** The label shown for a value (default the value). */
  labelOf?: (value: T) => string;
  onChange(next: T[]): void;
}) {
  const id = useId();
  return (
    <div className="cat:grid cat:grid-cols-2 cat:gap-x-3 cat:gap-y-2">
      {values.map((v) => (
        <label
          key={v}
          className="cat:flex cat:min-w-0 cat:cursor-pointer cat:items-center cat:gap-2 cat:text-sm"
        >
          <input
            type="checkbox"
            checked={selected.includes(v)}
            onChange={() => onChange(toggle(selected, v))}
            aria-describedby={counts ? `${id}-${v}` : undefined}
            className="cat:size-4 cat:shrink-0 cat:accent-brand-600"
          />
          {/* The name and its count wrap together in a narrow column instead of running past the panel. */}
          <span className="cat:min-w-0">
            {labelOf(v)}
            {counts ? <FacetCount id={`${id}-${v}`} counts={counts} value={v} /> : null}
          </span>
        </label>
      ))}
    </div>
  );
}

function RangeInputs({
  name,
  unit,
  value,
  onChange,
}: {
  name: string;
  unit: string;
  value: Range;
  onChange(next: Range): void;
}) {
  const id = useId();
  return (
    <div className="cat:grid cat:grid-cols-2 cat:gap-2">
      <label htmlFor={`${id}-min`} className="cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">
        Min {unit}
        <DebouncedInput
          id={`${id}-min`}
          numeric
          aria-label={`Minimum ${name}`}
          placeholder="Min"
          value={value.min}
          onCommit={(min) => onChange({ ...value, min })}
          className={cn(input, 'cat:mt-1')}
        />
      </label>
      <label htmlFor={`${id}-max`} className="cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">
        Max {unit}
        <DebouncedInput
          id={`${id}-max`}
          numeric
          aria-label={`Maximum ${name}`}
          placeholder="Max"
          value={value.max}
          onCommit={(max) => onChange({ ...value, max })}
          className={cn(input, 'cat:mt-1')}
        />
      </label>
    </div>
  );
}

export interface FilterPanelProps {
  filters: ListingFilters;
  brands: BrandSummary[];
  /** Counts per value under the other filters (absent while they load). */
  facets?: CarFacets | undefined;
  onChange(patch: FilterPatch): void;
}

/** The filter panel. */
export function FilterPanel({ filters, brands, facets, onChange }: FilterPanelProps) {
  const id = useId();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - OLDEST_YEAR + 1 }, (_, i) => String(thisYear - i));
  const brandModels = useBrandModels(filters.brands);
  // A brand taken out takes its chosen models with it.
  const toggleBrand = (brand: string) => {
    const brands = toggle(filters.brands, brand);
    const kept = new Set(brandModels.models.filter((m) => brands.includes(m.carBrand)).map((m) => m._id));
    onChange({ brands, models: filters.models.filter((m) => kept.has(m)) });
  };
  return (
    <div className="cat:flex cat:flex-col cat:gap-4">
      <div>
        <label htmlFor={`${id}-search`} className="cat:mb-1 cat:block cat:text-sm cat:font-semibold">
          Search
        </label>
        <DebouncedInput
          id={`${id}-search`}
          type="search"
          placeholder="Brand, model or city"
          value={filters.searchTerm}
          onCommit={(searchTerm) => onChange({ searchTerm })}
          className={input}
        />
      </div>

      <Group title="Popular brands">
        <ul className="cat:grid cat:max-h-64 cat:grid-cols-3 cat:gap-2 cat:overflow-y-auto cat:p-0.5">
          {brands.map((b) => {
            const on = filters.brands.includes(b._id);
            return (
              <li key={b._id}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-describedby={facets ? `${id}-brand-${b._id}` : undefined}
                  onClick={() => toggleBrand(b._id)}
                  className={cn(
                    'cat:flex cat:w-full cat:flex-col cat:items-center cat:gap-1 cat:rounded-lg cat:border cat:p-2 cat:text-xs cat:font-medium cat:transition',
                    on
                      ? 'cat:border-brand-600 cat:bg-brand-50 cat:text-brand-700 cat:ring-1 cat:ring-brand-600 cat:dark:bg-slate-800 cat:dark:text-brand-200'
                      : 'cat:border-slate-200 cat:hover:border-slate-400 cat:dark:border-slate-700',
                  )}
                >
                  {b.logo ? (
                    <img
                      src={b.logo.url}
                      alt=""
                      loading="lazy"
                      width={32}
                      height={32}
                      className="cat:size-8 cat:object-contain"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="cat:grid cat:size-8 cat:place-items-center cat:font-bold"
                    >
                      {b.name.slice(0, 1)}
                    </span>
                  )}
                  <span className="cat:w-full cat:truncate cat:text-center">{b.name}</span>
                  {facets ? (
                    <span className="cat:text-[0.7rem] cat:font-normal">
                      <FacetCount id={`${id}-brand-${b._id}`} counts={facets.brands} value={b._id} />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </Group>

      {filters.brands.length ? (
        <Group title="Model">
          <ModelFilter
            {...brandModels}
            selected={filters.models}
            onChange={(models) => onChange({ models })}
          />
        </Group>
      ) : null}

      <Group title="Monthly budget">
        <BudgetFilter value={filters.budget} input={input} onChange={(budget) => onChange({ budget })} />
      </Group>

      <Group title="Fuel">
        <Checkboxes
          values={FUEL_TYPES}
          selected={filters.fuelTypes}
          counts={facets?.fuelTypes}
          onChange={(fuelTypes) => onChange({ fuelTypes })}
        />
      </Group>

      <Group title="Transmission">
        <Checkboxes
          values={TRANSMISSIONS}
          selected={filters.transmissions}
          counts={facets?.transmissions}
          onChange={(transmissions) => onChange({ transmissions })}
        />
      </Group>

      <Group title="Price">
        <RangeInputs
          name="price"
          unit="(₹)"
          value={filters.price}
          onChange={(price) => onChange({ price })}
        />
      </Group>

      <Group title="Km driven">
        <RangeInputs
          name="km driven"
          unit="(km)"
          value={filters.kmDriven}
          onChange={(kmDriven) => onChange({ kmDriven })}
        />
      </Group>

      <Group title="Body type">
        <Checkboxes
          values={BODY_TYPES}
          selected={filters.bodyTypes}
          counts={facets?.bodyTypes}
          onChange={(bodyTypes) => onChange({ bodyTypes })}
        />
      </Group>

      <Group title="Owners">
        <Checkboxes
          values={OWNER_FILTERS}
          selected={filters.owners}
          counts={undefined}
          labelOf={(o) => OWNER_LABELS[o]}
          onChange={(owners) => onChange({ owners })}
        />
      </Group>

      <Group title="Year">
        <div className="cat:grid cat:grid-cols-2 cat:gap-2">
          {(['min', 'max'] as const).map((end) => (
            <label key={end} className="cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">
              {end === 'min' ? 'From' : 'To'}
              <select
                aria-label={end === 'min' ? 'Year from' : 'Year to'}
                value={filters.years[end]}
                onChange={(e) => onChange({ years: { ...filters.years, [end]: e.target.value } })}
                className={cn(input, 'cat:mt-1')}
              >
                <option value="">Any</option>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </Group>

      <Group title="City">
        <DebouncedInput
          aria-label="City"
          placeholder="e.g. Pune"
          value={filters.city}
          onCommit={(city) => onChange({ city })}
          className={input}
        />
      </Group>
    </div>
  );
}
