/** The catalog's model call (spec §7 "Reference data"), for the listing's MODEL filter (issue 25). */
import { callOperation } from '@marketplace/ui';
import { queryOptions } from '@tanstack/react-query';

/** A model as the filter shows it: id, name and its brand's id. */
export interface ModelSummary {
  _id: string;
  name: string;
  carBrand: string;
}

/** `listModels` (`GET /api/carModel?brand=`): every model of a brand, by name. */
export async function fetchModelsOfBrand(brand: string): Promise<ModelSummary[]> {
  const { data } = await callOperation('listModels', { query: { brand } }, { background: true });
  return data.data
    .map(({ _id, name, carBrand }) => ({ _id, name, carBrand }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The model queries of the listing. */
export const modelQueries = {
  /** The models of one brand. */
  ofBrand: (brand: string) =>
    queryOptions({ queryKey: ['models', 'of-brand', brand], queryFn: () => fetchModelsOfBrand(brand) }),
};
