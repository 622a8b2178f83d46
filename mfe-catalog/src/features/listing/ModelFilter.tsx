/**
 * The listing's MODEL filter (issue 25): once one or more brands are chosen, the models of those brands
 * (reference data, `GET /api/carModel?brand=`, one call per brand, cached) as checkboxes.
 */
import { useQueries } from '@tanstack/react-query';
import { type ModelSummary, modelQueries } from '../../api/models';
import { toggle } from './filters';

/** The chosen brands' models as far as they have loaded (by brand, then name), and whether any still loads. */
export interface BrandModels {
  models: ModelSummary[];
  loading: boolean;
}

/** The models of the chosen brands (one cached call per brand). */
export function useBrandModels(brands: readonly string[]): BrandModels {
  return useQueries({
    queries: brands.map((brand) => modelQueries.ofBrand(brand)),
    combine: (results) => ({
      models: results.flatMap((r) => r.data ?? []),
      loading: results.some((r) => r.isPending),
    }),
  });
}

export interface ModelFilterProps extends BrandModels {
  selected: readonly string[];
  onChange(next: string[]): void;
}

/** Checkboxes of the chosen brands' models; a short note while they load or when there are none. */
export function ModelFilter({ models, loading, selected, onChange }: ModelFilterProps) {
  if (models.length === 0)
    return (
      <p className="cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">
        {loading ? 'Loading models…' : 'No models to choose from.'}
      </p>
    );
  return (
    <div className="cat:grid cat:max-h-48 cat:grid-cols-2 cat:gap-x-3 cat:gap-y-2 cat:overflow-y-auto cat:p-0.5">
      {models.map((m) => (
        <label
          key={m._id}
          className="cat:flex cat:min-w-0 cat:cursor-pointer cat:items-center cat:gap-2 cat:text-sm"
        >
          <input
            type="checkbox"
            checked={selected.includes(m._id)}
            onChange={() => onChange(toggle(selected, m._id))}
            className="cat:size-4 cat:shrink-0 cat:accent-brand-600"
          />
          <span className="cat:min-w-0">{m.name}</span>
        </label>
      ))}
    </div>
  );
}
