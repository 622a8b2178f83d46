/** The comparison's rows (issue 24): differences, the best value per row, and the ids of a compare URL. */
import type { Car } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { bestIds, COMPARE_ROWS, differs, readCompareIds } from '../src/features/compare/compare-rows';

const car = (id: string, price: number, year: number, km: number, fuelType = 'Diesel') =>
  ({
    _id: id,
    price,
    manufacturerYear: year,
    fuelType,
    transmission: 'Manual',
    model: { bodyType: 'SUV' },
    variant: { features: ['ABS'] },
    location: { city: 'Pune' },
    specifications: { kmDriven: km, ownership: 'First' },
  }) as unknown as Car;

const row = (label: string) => COMPARE_ROWS.find((r) => r.label === label)!;
const cars = [
  car('a', 600000, 2019, 40000),
  car('b', 550000, 2021, 52000),
  car('c', 550000, 2018, 30000, 'Petrol'),
];

describe('compare rows', () => {
  it('mark the lowest price (ties all), the newest year and the lowest km', () => {
    expect([...bestIds(row('Price'), cars)]).toEqual(['b', 'c']);
    expect([...bestIds(row('Year'), cars)]).toEqual(['b']);
    expect([...bestIds(row('Kilometres'), cars)]).toEqual(['c']);
  });

  it('mark nothing when all are equal, or on rows without a better value', () => {
    expect(bestIds(row('Price'), [car('a', 5, 2020, 1), car('b', 5, 2020, 1)]).size).toBe(0);
    expect(bestIds(row('Fuel'), cars).size).toBe(0);
  });

  it('tell which rows differ', () => {
    expect(differs(row('Fuel'), cars)).toBe(true);
    expect(differs(row('Transmission'), cars)).toBe(false);
    expect(row('Price').text(cars[1]!)).toBe('₹5,50,000');
  });

  it('read the ids of a compare URL: trimmed, once each, at most the maximum', () => {
    expect(readCompareIds(' a, b,,a ,c,d,e', 4)).toEqual(['a', 'b', 'c', 'd']);
    expect(readCompareIds(null, 4)).toEqual([]);
  });
});
