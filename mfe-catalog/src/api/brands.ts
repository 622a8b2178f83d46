/** The catalog's brand calls (spec §7 "Reference data"), by operation id through `callOperation`. */
import type { Brand } from '@marketplace/contracts';
import { callOperation } from '@marketplace/ui';
import { queryOptions } from '@tanstack/react-query';

/** A brand as the listing shows it. */
export type BrandSummary = Pick<Brand, '_id' | 'name' | 'logo'>;

/**
 * `listBrands` (`GET /api/carbrand`): every brand with its logo, for the POPULAR BRANDS grid. The answer is
 * `{ data: Brand[] }` (`data` is the list, spec §7, issue 19).
 */
export async function fetchBrands(): Promise<Brand[]> {
  const { data } = await callOperation('listBrands', {}, { background: true });
  return data.data;
}

/** The brand queries of the catalog's pages. */
export const brandQueries = {
  /**
   * Every brand as the listing shows it (POPULAR/TOP BRANDS): id, name and logo only — the models nested in
   * each brand are left out of the cache, which a server-rendered page carries in its HTML (≈34 KB → 3 KB).
   */
  listed: () =>
    queryOptions({
      queryKey: ['brands', 'listed'],
      queryFn: async (): Promise<BrandSummary[]> =>
        (await fetchBrands()).map(({ _id, name, logo }) => ({ _id, name, ...(logo ? { logo } : {}) })),
    }),
};
