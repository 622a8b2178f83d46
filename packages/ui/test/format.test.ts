import { describe, expect, it } from 'vitest';
import { formatKm, formatRupees } from '../src/index';

describe('formatRupees', () => {
  it('groups digits the Indian way with the rupee sign', () => {
    expect(formatRupees(575000)).toBe('₹5,75,000');
    expect(formatRupees(12500000)).toBe('₹1,25,00,000');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(450000.6)).toBe('₹4,50,001');
  });
});

describe('formatKm', () => {
  it('groups kilometres the Indian way', () => {
    expect(formatKm(125000)).toBe('1,25,000 km');
    expect(formatKm(0)).toBe('0 km');
  });
});
