/** The wizard's valuation (issue 25): when it can be asked for, and when a price is far from it. */
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '../src/features/wizard/draft';
import { farFromValuation, valuationQuery } from '../src/features/wizard/valuation';

const range = { expectedLow: 490_000, expectedHigh: 560_000, median: 520_000, comparables: 12, basis: 'x' };
const model = { id: 'm1', name: 'Swift', fuelTypes: [], transmissions: [] };

describe('valuationQuery', () => {
  it('needs the model, the year and the km; adds the state when chosen', () => {
    expect(valuationQuery(EMPTY_DRAFT)).toBeNull();
    expect(valuationQuery({ ...EMPTY_DRAFT, model, year: 2020, kmDriven: '' })).toBeNull();
    expect(valuationQuery({ ...EMPTY_DRAFT, model, year: 2020, kmDriven: '45000' })).toEqual({
      model: 'm1',
      year: 2020,
      kmDriven: 45_000,
    });
    expect(
      valuationQuery({
        ...EMPTY_DRAFT,
        model,
        year: 2020,
        kmDriven: '45000',
        state: { id: 's1', name: 'Goa' },
      }),
    ).toEqual({ model: 'm1', year: 2020, kmDriven: 45_000, state: 's1' });
  });
});

describe('farFromValuation', () => {
  it('warns below 70 % of the low end and above 130 % of the high end', () => {
    expect(farFromValuation(500_000, range)).toBeNull();
    expect(farFromValuation(343_000, range)).toBeNull();
    expect(farFromValuation(342_999, range)).toBe('below');
    expect(farFromValuation(728_000, range)).toBeNull();
    expect(farFromValuation(728_001, range)).toBe('above');
  });

  it('says nothing without a price or a range', () => {
    expect(farFromValuation(0, range)).toBeNull();
    expect(farFromValuation(100, null)).toBeNull();
    expect(farFromValuation(100, { ...range, expectedLow: null, expectedHigh: null })).toBeNull();
  });
});
