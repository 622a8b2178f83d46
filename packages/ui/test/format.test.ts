import { describe, expect, it } from 'vitest';
import {
  formatIndianDate,
  formatIndianNumber,
  formatKm,
  formatLakh,
  formatLakhRange,
  formatRupees,
  todayInIndia,
} from '../src/index';

// The formats are written without Intl (src/format.ts says why); Node's full ICU is the reference.
const intlRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const intlNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const intlDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be reproduced. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('formatRupees', () => {
  it('groups digits the Indian way with the rupee sign', () => {
    expect(formatRupees(575000)).toBe('₹5,75,000');
    expect(formatRupees(12500000)).toBe('₹1,25,00,000');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(450000.6)).toBe('₹4,50,001');
    expect(formatRupees(-1500)).toBe('-₹1,500');
    expect(formatRupees(-0.4)).toBe('₹0');
  });

  it('writes what Intl en-IN writes, for amounts from ₹0 to ₹100 crore and halves', () => {
    const next = random(21);
    const amounts = [0, 0.5, 1.5, 2.5, 99.5, 999, 1000, 99_999, 100_000, 9_999_999, 10_000_000, 1e12];
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(next() * 10 ** Math.ceil(next() * 10)) / 2);
    for (const amount of amounts)
      expect(formatRupees(amount), String(amount)).toBe(intlRupees.format(amount));
  });
});

describe('formatIndianNumber and formatKm', () => {
  it('groups kilometres the Indian way', () => {
    expect(formatKm(125000)).toBe('1,25,000 km');
    expect(formatKm(0)).toBe('0 km');
    expect(formatIndianNumber(Number.NaN)).toBe('—');
  });

  it('writes what Intl en-IN writes (but 0, never -0)', () => {
    const next = random(7);
    expect(formatIndianNumber(-0)).toBe('0');
    for (let i = 0; i < 2000; i++) {
      const magnitude = Math.floor(next() * 10 ** Math.ceil(next() * 9)) || 1;
      const value = next() < 0.2 ? -magnitude : magnitude;
      expect(formatIndianNumber(value), String(value)).toBe(intlNumber.format(value));
    }
  });
});

describe('formatIndianDate', () => {
  it('writes a plain date as that date, and a date-time as its date in India', () => {
    expect(formatIndianDate('2027-09-01')).toBe('1 Sept 2027');
    expect(formatIndianDate('2027-01-31T18:29:59.000Z')).toBe('31 Jan 2027');
    expect(formatIndianDate('2027-01-31T18:30:00.000Z')).toBe('1 Feb 2027');
    expect(formatIndianDate('not a date')).toBeUndefined();
  });

  it('writes what Intl en-IN in Asia/Kolkata writes, over fifty years of instants', () => {
    const next = random(3);
    const from = Date.UTC(2000, 0, 1);
    for (let i = 0; i < 2000; i++) {
      const ms = from + Math.floor(next() * 50 * 365.25 * 86_400_000);
      expect(formatIndianDate(ms), new Date(ms).toISOString()).toBe(intlDate.format(ms));
    }
  });
});

describe('todayInIndia', () => {
  it("is the date in India, a day ahead of UTC's from 18:30 UTC", () => {
    expect(todayInIndia(new Date('2027-01-31T18:29:59Z'))).toBe('2027-01-31');
    expect(todayInIndia(new Date('2027-01-31T18:30:00Z'))).toBe('2027-02-01');
    expect(todayInIndia(new Date('2027-12-31T20:00:00Z'))).toBe('2028-01-01');
  });
});

describe('formatLakh and formatLakhRange (issue 25)', () => {
  it('reads lakh and crore with at most two decimals, trailing zeros dropped', () => {
    expect(formatLakh(560_000)).toBe('₹5.6 lakh');
    expect(formatLakh(575_000)).toBe('₹5.75 lakh');
    expect(formatLakh(1_00_000)).toBe('₹1 lakh');
    expect(formatLakh(12_34_567)).toBe('₹12.35 lakh');
    expect(formatLakh(1_20_00_000)).toBe('₹1.2 crore');
    expect(formatLakh(2_50_00_00_000)).toBe('₹250 crore');
    expect(formatLakh(560_000, 1)).toBe('₹5.6 lakh');
    expect(formatLakh(-560_000)).toBe('-₹5.6 lakh');
  });

  it('gives exact rupees below a lakh, and crore once the lakh would round to 100', () => {
    expect(formatLakh(90_000)).toBe('₹90,000');
    expect(formatLakh(99_999)).toBe('₹99,999');
    expect(formatLakh(99_99_999)).toBe('₹1 crore');
    expect(formatLakh(Number.NaN)).toBe('—');
  });

  it('writes a range in one unit when both ends share it', () => {
    expect(formatLakhRange(490_000, 560_000)).toBe('₹4.9–5.6 lakh');
    expect(formatLakhRange(95_00_000, 1_20_00_000)).toBe('₹95 lakh–₹1.2 crore');
    expect(formatLakhRange(1_20_00_000, 1_50_00_000)).toBe('₹1.2–1.5 crore');
    expect(formatLakhRange(80_000, 1_20_000)).toBe('₹80,000–₹1.2 lakh');
  });
});
