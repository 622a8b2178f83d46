import { describe, expect, it } from 'vitest';
import { pageWindow } from '../src/components/Pagination';

describe('pageWindow', () => {
  it('shows up to three pages around the current one (spec §9)', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
