/**
 * The `models` and `owners` filters of `GET /api/cars` (issue 25) through the embedded system, on the
 * embedded adapters and on the real PostgreSQL, RabbitMQ and Redis: each filters as the search port says
 * (a car's model id is in `models`; its ownership is one `owners` stands for: 1 First, 2 Second, 3+ Third,
 * Fourth, More than Four), and each combines by AND with every other filter; a bad value is a 400 naming
 * the parameter. Every search is scoped to a brand of the suite's own (`brands=`), so the seeded demo
 * cars do not matter, and compared with a reference over the suite's listings.
 */
import { type CarListing, OWNERSHIPS_BY_FILTER, type OwnerFilter } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { systemVariants } from '../../../test-support/system';
import { type Json, useCatalogApi } from './support/catalog-api';
import { createOwnBrand, type ListingSpec, listCars, type OwnModel } from './support/listed-cars';

const variants = await systemVariants();

/** The other filters, each with a predicate over a listing (the reference) and its query parameters. */
function otherFilters(
  brandName: string,
  models: OwnModel[],
): Array<[string, Record<string, string>, (l: CarListing) => boolean]> {
  const [suv] = models;
  return [
    ['searchTerm', { searchTerm: suv!.name }, (l) => l.model === suv!.id],
    ['searchTerm (brand)', { searchTerm: brandName }, () => true],
    ['fuelTypes', { fuelTypes: 'Diesel' }, (l) => l.fuelType === 'Diesel'],
    ['transmissions', { transmissions: 'Automatic' }, (l) => l.transmission === 'Automatic'],
    ['bodyTypes', { bodyTypes: 'Sedan' }, (l) => models.find((m) => m.id === l.model)!.bodyType === 'Sedan'],
    ['price', { price: '600000-1500000' }, (l) => l.price >= 600_000 && l.price <= 1_500_000],
    ['kmDriven', { kmDriven: '-50000' }, (l) => l.specifications.kmDriven <= 50_000],
    ['years', { years: '2019-' }, (l) => l.manufacturerYear >= 2019],
    ['city', { city: 'PUNE' }, (l) => l.location.city === 'Pune'],
  ];
}

describe.each(variants)('car filters models and owners on $name', ({ servers, skip }) => {
  const api = useCatalogApi(servers, skip);

  it.skipIf(skip)('filter by models and owners, alone and with every other filter', async () => {
    const { brandId, brandName, models } = await createOwnBrand(api, 'Filtermotors', [
      { name: 'Ridgeback', bodyType: 'SUV', fuelType: 'Diesel', transmission: 'Automatic' },
      { name: 'Saloonette', bodyType: 'Sedan', fuelType: 'Petrol', transmission: 'Manual' },
      { name: 'Trailhound', bodyType: 'SUV', fuelType: 'Petrol', transmission: 'Automatic' },
    ]);
    const [ridge, saloon, trail] = models as [OwnModel, OwnModel, OwnModel];
    const cities = ['Pune', 'Bengaluru', 'Chennai'];
    const owners = ['First', 'Second', 'Third', 'Fourth', 'More than Four'] as const;
    const specs: ListingSpec[] = Array.from({ length: 18 }, (_, i) => ({
      model: models[i % 3]!,
      price: 400_000 + ((i * 7) % 18) * 75_000,
      kmDriven: 10_000 + ((i * 5) % 18) * 6_000,
      year: 2014 + ((i * 11) % 12),
      city: cities[(i * 2) % 3]!,
      ownership: owners[i % 5]!,
      status: i === 17 ? 'sold' : 'used',
    }));
    const listings = await listCars(api, brandId, specs);
    const forSale = listings.filter((l) => l.status === 'used');

    const search = async (params: Record<string, string>) => {
      const qs = new URLSearchParams({ brands: brandId, limit: '50', sort: 'price_asc', ...params });
      const res = await api.get(`/api/cars?${qs}`);
      expect(res.status, qs.toString()).toBe(200);
      const data = res.body.data as { cars: Json[]; totalLength: number };
      return { ids: data.cars.map((c) => c._id as string).sort(), totalLength: data.totalLength };
    };
    const expected = (pred: (l: CarListing) => boolean) => {
      const ids = forSale.filter(pred).map((l) => l._id);
      return { ids: ids.sort(), totalLength: ids.length };
    };
    const owned = (values: OwnerFilter[]) => (l: CarListing) =>
      values.some((v) => (OWNERSHIPS_BY_FILTER[v] as readonly string[]).includes(l.specifications.ownership));
    const ofModels = (ms: OwnModel[]) => (l: CarListing) => ms.some((m) => m.id === l.model);

    // Each alone: the owners values partition the cars; models pick their cars.
    const ownerCases: Array<[string, OwnerFilter[]]> = [
      ['1', ['1']],
      ['2', ['2']],
      ['3+', ['3+']],
      ['1,3+', ['1', '3+']],
    ];
    for (const [value, list] of ownerCases) {
      const got = await search({ owners: value });
      expect(got, `owners=${value}`).toEqual(expected(owned(list)));
      expect(got.totalLength).toBeGreaterThan(0);
    }
    expect((await search({ owners: '1,2,3+' })).totalLength).toBe(forSale.length);
    expect(await search({ models: ridge.id })).toEqual(expected(ofModels([ridge])));
    expect(await search({ models: `${saloon.id},${trail.id}` })).toEqual(expected(ofModels([saloon, trail])));
    // Another brand's model with this brand: nothing.
    const otherModel = (await api.get('/api/carModel')).body.data as unknown as Json[];
    const foreign = otherModel.find((m) => !models.some((own) => own.id === m._id))!;
    expect(await search({ models: foreign._id as string })).toEqual({ ids: [], totalLength: 0 });
    expect(await search({ models: 'not-a-uuid' })).toEqual({ ids: [], totalLength: 0 });

    // Each with every other filter (brands is always there), and all of them at once.
    const both = (l: CarListing) => ofModels([ridge, saloon])(l) && owned(['1', '3+'])(l);
    for (const [name, params, pred] of otherFilters(brandName, models)) {
      const withOwners = await search({ owners: '2,3+', ...params });
      expect(withOwners, `owners + ${name}`).toEqual(expected((l) => owned(['2', '3+'])(l) && pred(l)));
      const withModels = await search({ models: `${ridge.id},${saloon.id}`, ...params });
      expect(withModels, `models + ${name}`).toEqual(
        expected((l) => ofModels([ridge, saloon])(l) && pred(l)),
      );
      const withBoth = await search({ models: `${ridge.id},${saloon.id}`, owners: '1,3+', ...params });
      expect(withBoth, `models + owners + ${name}`).toEqual(expected((l) => both(l) && pred(l)));
    }
    const all = await search({
      models: `${ridge.id},${trail.id}`,
      owners: '1,2',
      fuelTypes: 'Diesel,Petrol',
      transmissions: 'Automatic',
      bodyTypes: 'SUV',
      price: '400000-1500000',
      kmDriven: '-100000',
      years: '2014-',
    });
    expect(all).toEqual(
      expected(
        (l) =>
          ofModels([ridge, trail])(l) &&
          owned(['1', '2'])(l) &&
          l.price <= 1_500_000 &&
          l.specifications.kmDriven <= 100_000,
      ),
    );
    expect(all.totalLength).toBeGreaterThan(0);
    // The sold car is never found, whatever its model or ownership.
    const sold = listings[17]!;
    const soldQuery = await search({ models: sold.model, owners: '1,2,3+' });
    expect(soldQuery.ids).not.toContain(sold._id);
    // Facets apply models and owners like any other filter that is not a facet.
    const facets = await api.get(`/api/cars?brands=${brandId}&owners=1&facets=true`);
    const bodies = (facets.body.data as { facets: { bodyTypes: Record<string, number> } }).facets.bodyTypes;
    const firstOwned = forSale.filter(owned(['1']));
    const suvs = firstOwned.filter((l) => l.model !== saloon.id).length;
    expect(bodies.SUV ?? 0).toBe(suvs);
    expect(bodies.Sedan ?? 0).toBe(firstOwned.length - suvs);
  });

  it.skipIf(skip)('a bad models or owners value is a 400 naming the parameter', async () => {
    for (const [qs, field] of [
      ['owners=4', 'owners'],
      ['owners=1,first', 'owners'],
      ['owners=3%2B,0', 'owners'],
      [`models=${'x'.repeat(65)}`, 'models'],
      [`models=${Array.from({ length: 51 }, (_, i) => `m${i}`).join(',')}`, 'models'],
    ] as const) {
      const res = await api.get(`/api/cars?${qs}`);
      expect(res.status, qs).toBe(400);
      expect((res.body as unknown as { message: string }).message, qs).toMatch(new RegExp(field));
    }
    expect((await api.get('/api/cars?owners=3%2B')).status).toBe(200);
    expect((await api.get('/api/cars?owners=')).status).toBe(200);
  });
});
