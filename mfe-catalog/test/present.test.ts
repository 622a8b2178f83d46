/** How a car's fields read on its page (spec §2): every missing value shows 'N/A'. */
import type { Car } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { formatDate, NOT_AVAILABLE, specRows } from '../src/features/car-details/present';
import { carTitle } from '../src/lib/car-title';

const full = {
  createdAt: '2026-03-14T10:00:00+05:30',
  transmission: 'Manual',
  fuelType: 'Diesel',
  manufacturerYear: 2019,
  specifications: {
    engineCapacity: 1493,
    kmDriven: 45210,
    regNumber: 'MH12AB1234',
    spareKey: false,
    ownership: '1st Owner',
    insurance: { type: 'Comprehensive', validTill: '2027-01-05' },
  },
} as unknown as Car;

describe('specRows', () => {
  it('formats every value of a complete car', () => {
    expect(Object.fromEntries(specRows(full))).toEqual({
      'Reg Date': '14 Mar 2026',
      'Engine Capacity': '1,493 cc',
      Transmission: 'Manual',
      'Fuel type': 'Diesel',
      'Make Year': '2019',
      Insurance: 'Valid till: 5 Jan 2027',
      'km Driven': '45,210 km',
      'Reg Number': 'MH12AB1234',
      'Spare key': 'No',
      Ownership: '1st Owner',
    });
  });

  it("shows 'N/A' for every missing value, and Yes for a spare key", () => {
    const bare = { createdAt: '', specifications: {} } as unknown as Car;
    expect(specRows(bare).every(([, value]) => value === NOT_AVAILABLE)).toBe(true);
    const withKey = { ...full, specifications: { ...full.specifications, spareKey: true } } as Car;
    expect(Object.fromEntries(specRows(withKey))['Spare key']).toBe('Yes');
  });

  it('uses Indian digit grouping for large km figures', () => {
    const far = { ...full, specifications: { ...full.specifications, kmDriven: 1234567 } } as Car;
    expect(Object.fromEntries(specRows(far))['km Driven']).toBe('12,34,567 km');
  });
});

describe('formatDate and carTitle', () => {
  it('reads plain dates in India time and rejects junk', () => {
    expect(formatDate('2027-01-01')).toBe('1 Jan 2027');
    expect(formatDate('2026-12-31T20:00:00Z')).toBe('1 Jan 2027');
    expect(formatDate('not a date')).toBe(NOT_AVAILABLE);
    expect(formatDate(undefined)).toBe(NOT_AVAILABLE);
  });
  it('joins brand, model and variant, skipping what is missing', () => {
    const car = { brand: { name: 'Honda' }, model: { name: 'City' }, variant: { name: 'VX' } };
    expect(carTitle(car as unknown as Car)).toBe('Honda City VX');
    expect(carTitle({ brand: { name: 'Honda' }, model: { name: 'City' } } as unknown as Car)).toBe(
      'Honda City',
    );
  });
});
