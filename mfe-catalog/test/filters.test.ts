/** The listing's URL filters: reading, writing back, the page reset on a change (docs/adr/0008). */
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  apiQuery,
  applyFilterChange,
  budgetMaxPrice,
  filterQuery,
  NO_BUDGET,
  readFilters,
  toggle,
} from '../src/features/listing/filters';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('readFilters', () => {
  it('gives the defaults for an empty URL', () => {
    expect(read('')).toEqual({
      searchTerm: '',
      brands: [],
      models: [],
      fuelTypes: [],
      transmissions: [],
      bodyTypes: [],
      price: { min: '', max: '' },
      kmDriven: { min: '', max: '' },
      years: { min: '', max: '' },
      owners: [],
      budget: NO_BUDGET,
      city: '',
      sort: 'newest',
      page: 1,
    });
  });

  it('reads lists, open-ended ranges, the sort and the page', () => {
    const f = read(
      'brands=Honda,%20Hyundai&fuelTypes=Diesel,Petrol&transmissions=Manual&bodyTypes=SUV&price=300000-&kmDriven=-50000&years=2015-2020&city=Pune&sort=price_asc&page=3',
    );
    expect(f.brands).toEqual(['Honda', 'Hyundai']);
    expect(f.fuelTypes).toEqual(['Diesel', 'Petrol']);
    expect(f.transmissions).toEqual(['Manual']);
    expect(f.bodyTypes).toEqual(['SUV']);
    expect(f.price).toEqual({ min: '300000', max: '' });
    expect(f.kmDriven).toEqual({ min: '', max: '50000' });
    expect(f.years).toEqual({ min: '2015', max: '2020' });
    expect(f.city).toBe('Pune');
    expect(f.sort).toBe('price_asc');
    expect(f.page).toBe(3);
  });

  it('drops unknown values, non-digits in ranges, a bad sort and a page below 1', () => {
    const f = read(
      'fuelTypes=Petrol,Steam&transmissions=CVT&bodyTypes=Tank&price=3a00-9x&sort=cheapest&page=-2',
    );
    expect(f.fuelTypes).toEqual(['Petrol']);
    expect(f.transmissions).toEqual([]);
    expect(f.bodyTypes).toEqual([]);
    expect(f.price).toEqual({ min: '300', max: '9' });
    expect(f.sort).toBe('newest');
    expect(f.page).toBe(1);
    expect(read('page=abc').page).toBe(1);
  });
});

describe('filterQuery', () => {
  it('round-trips through the URL and omits empty values and defaults', () => {
    const query =
      'searchTerm=creta&brands=Honda,Hyundai&fuelTypes=Diesel&price=300000-900000&kmDriven=-50000&sort=km_asc&page=2';
    const q = filterQuery(read(query));
    expect(q).toEqual({
      searchTerm: 'creta',
      brands: 'Honda,Hyundai',
      fuelTypes: 'Diesel',
      price: '300000-900000',
      kmDriven: '-50000',
      sort: 'km_asc',
      page: '2',
    });
    expect(readFilters(new URLSearchParams(q))).toEqual(read(query));
    expect(filterQuery(read('sort=newest&page=1&searchTerm=%20%20'))).toEqual({});
  });
});

describe('models, owners and the monthly budget (issue 25)', () => {
  it('reads and writes models and owners, dropping unknown owners', () => {
    const f = read('brands=b1&models=m1,m2&owners=1,3%2B,7');
    expect(f.models).toEqual(['m1', 'm2']);
    expect(f.owners).toEqual(['1', '3+']);
    expect(filterQuery(f)).toEqual({ brands: 'b1', models: 'm1,m2', owners: '1,3+' });
    expect(activeFilterCount(f)).toBe(5);
  });

  it('keeps the budget in the URL and turns it into a price cap for the API', () => {
    const f = read('emi=10624&emiRate=10&emiMonths=60&emiDown=20&fuelTypes=Petrol');
    expect(f.budget).toEqual({ emi: '10624', rate: '10', months: '60', down: '20' });
    expect(filterQuery(f)).toEqual({
      emi: '10624',
      emiRate: '10',
      emiMonths: '60',
      emiDown: '20',
      fuelTypes: 'Petrol',
    });
    const cap = budgetMaxPrice(f.budget) ?? 0;
    expect(cap).toBeGreaterThanOrEqual(625_000);
    expect(cap).toBeLessThan(625_100);
    expect(apiQuery(f)).toEqual({ fuelTypes: 'Petrol', price: `0-${cap}` });
    expect(activeFilterCount(f)).toBe(2);
  });

  it('uses the default loan where nothing is typed, and the lower of the typed maximum and the cap', () => {
    expect(budgetMaxPrice(read('emi=10000').budget)).toBeGreaterThan(500_000);
    expect(budgetMaxPrice(read('emi=').budget)).toBeUndefined();
    expect(apiQuery(read('emi=10000&price=100000-200000')).price).toBe('100000-200000');
    const cap = budgetMaxPrice(read('emi=10000').budget);
    expect(apiQuery(read('emi=10000&price=100000-')).price).toBe(`100000-${cap}`);
    expect(apiQuery(read('price=1-2'))).toEqual({ price: '1-2' });
  });
});

describe('applyFilterChange', () => {
  it('applies the change and returns to page 1', () => {
    const next = applyFilterChange(read('page=4&brands=Honda'), { fuelTypes: ['Petrol'] });
    expect(next.page).toBe(1);
    expect(next.brands).toEqual(['Honda']);
    expect(next.fuelTypes).toEqual(['Petrol']);
  });
});

describe('activeFilterCount and toggle', () => {
  it('counts each set filter but not the sort', () => {
    expect(activeFilterCount(read('sort=price_desc'))).toBe(0);
    expect(activeFilterCount(read('brands=Honda,Kia&price=1-&city=Pune&searchTerm=x'))).toBe(5);
  });
  it('adds a missing value and removes a present one', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
});
