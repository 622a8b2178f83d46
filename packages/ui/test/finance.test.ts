/** Car-loan arithmetic of issue 25: the EMI formula, total interest, and the monthly budget's price cap. */
import { describe, expect, it } from 'vitest';
import {
  defaultEmi,
  emi,
  LOAN_DEFAULTS,
  loanSummary,
  maxPriceForBudget,
  principalForEmi,
} from '../src/index';

describe('emi', () => {
  it('gives ₹10,624 a month for ₹5,00,000 at 10 % over 60 months, to the rupee', () => {
    expect(Math.round(emi(500_000, 10, 60))).toBe(10_624);
    expect(emi(500_000, 10, 60)).toBeCloseTo(10_623.52, 2);
  });

  it('matches other known instalments (₹10 lakh at 9 % over 84 months; ₹1 lakh at 12 % over 12)', () => {
    expect(Math.round(emi(1_000_000, 9, 84))).toBe(16_089);
    expect(Math.round(emi(100_000, 12, 12))).toBe(8_885);
  });

  it('is P / n at 0 %, and 0 with nothing to borrow or no months', () => {
    expect(emi(120_000, 0, 12)).toBe(10_000);
    expect(emi(0, 10, 60)).toBe(0);
    expect(emi(-5, 10, 60)).toBe(0);
    expect(emi(100_000, 10, 0)).toBe(0);
  });

  it('falls as the tenure grows and rises with the rate', () => {
    expect(emi(500_000, 10, 84)).toBeLessThan(emi(500_000, 10, 60));
    expect(emi(500_000, 12, 60)).toBeGreaterThan(emi(500_000, 10, 60));
  });
});

describe('loanSummary', () => {
  it('gives the rounded instalment, the total paid and the total interest', () => {
    const s = loanSummary(500_000, 10, 60);
    expect(s.monthly).toBe(10_624);
    expect(s.totalPaid).toBe(637_411);
    expect(s.totalInterest).toBe(137_411);
  });

  it('has no interest at 0 %', () => {
    expect(loanSummary(120_000, 0, 12)).toEqual({ monthly: 10_000, totalPaid: 120_000, totalInterest: 0 });
  });
});

describe('defaultEmi', () => {
  it('is the default loan on the price less the default down payment', () => {
    const d = LOAN_DEFAULTS;
    expect(defaultEmi(625_000)).toBe(Math.round(emi(500_000, d.annualRatePercent, d.months)));
    expect(defaultEmi(0)).toBe(0);
  });
});

describe('principalForEmi and maxPriceForBudget', () => {
  it('inverts emi', () => {
    expect(principalForEmi(emi(500_000, 10, 60), 10, 60)).toBeCloseTo(500_000, 6);
    expect(principalForEmi(10_000, 0, 12)).toBe(120_000);
    expect(principalForEmi(0, 10, 12)).toBe(0);
  });

  it('adds the down payment back: ₹10,624 a month at 10 %, 60 months, 20 % down → about ₹6.25 lakh', () => {
    const price = maxPriceForBudget({
      monthly: 10_624,
      annualRatePercent: 10,
      months: 60,
      downPaymentPercent: 20,
    });
    expect(price).toBeGreaterThanOrEqual(625_000);
    expect(price).toBeLessThan(625_100);
  });

  it('is 0 when the down payment is the whole price', () => {
    expect(
      maxPriceForBudget({ monthly: 10_000, annualRatePercent: 10, months: 60, downPaymentPercent: 100 }),
    ).toBe(0);
  });
});
