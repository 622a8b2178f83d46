import { describe, expect, it } from 'vitest';
import { describeGc, gcBetween, parseGcTotals } from '../gc-metrics';

const exposition = (
  minor: [number, number],
  major: [number, number],
) => `# HELP nodejs_gc_duration_seconds Garbage collection duration by kind.
# TYPE nodejs_gc_duration_seconds histogram
nodejs_gc_duration_seconds_bucket{le="0.001",service="catalog",kind="minor"} 3
nodejs_gc_duration_seconds_sum{service="catalog",kind="minor"} ${minor[1]}
nodejs_gc_duration_seconds_count{service="catalog",kind="minor"} ${minor[0]}
nodejs_gc_duration_seconds_sum{service="catalog",kind="major"} ${major[1]}
nodejs_gc_duration_seconds_count{service="catalog",kind="major"} ${major[0]}
http_requests_total{service="catalog",kind="minor"} 99
`;

describe('parseGcTotals', () => {
  it('reads the count and total pause (ms) of each kind, ignoring buckets and other metrics', () => {
    expect(parseGcTotals(exposition([10, 0.02], [1, 0.05]))).toEqual({
      minor: { count: 10, ms: 20 },
      major: { count: 1, ms: 50 },
    });
  });

  it('is empty for a process without the GC metric', () => {
    expect(parseGcTotals('http_requests_total{service="catalog"} 1\n')).toEqual({});
  });
});

describe('gcBetween', () => {
  it('subtracts, leaving out kinds without collections in between', () => {
    const before = parseGcTotals(exposition([10, 0.02], [1, 0.05]));
    const after = parseGcTotals(exposition([25, 0.035], [1, 0.05]));
    const delta = gcBetween(before, after);
    expect(Object.keys(delta)).toEqual(['minor']);
    expect(delta.minor?.count).toBe(15);
    expect(delta.minor?.ms).toBeCloseTo(15, 6);
    expect(describeGc(delta)).toBe('minor 15 (15.0 ms)');
    expect(describeGc({})).toBe('none');
  });
});
