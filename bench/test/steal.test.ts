import { describe, expect, it } from 'vitest';
import { measureCpu, parseProcStat, readCpuTimes, stealBudgetMs } from '../steal';

// A /proc/stat as a 2-CPU Firecracker VM wrote it (user nice system idle iowait irq softirq steal guest guest_nice).
const STAT = `cpu  11214 0 7038 24033 570 0 286 968 0 0
cpu0 4819 0 3094 14584 68 0 20 453 0 0
cpu1 6396 0 3957 11405 501 0 265 515 0 0
intr 1 2 3
ctxt 12345
`;

describe('parseProcStat', () => {
  it('sums the steal and busy ticks of the CPUs asked for, in ms', () => {
    expect(parseProcStat(STAT, [0])).toEqual({ stealMs: 4530, busyMs: (4819 + 3094 + 20) * 10 });
    expect(parseProcStat(STAT, [1])).toEqual({ stealMs: 5150, busyMs: (6396 + 3957 + 265) * 10 });
    expect(parseProcStat(STAT, [0, 1]).stealMs).toBe(9680);
  });

  it('leaves out idle and iowait time', () => {
    const idle = parseProcStat(STAT.replace('14584 68', '99999 99'), [0]);
    expect(idle).toEqual(parseProcStat(STAT, [0]));
  });

  it('throws for a CPU the machine does not have', () => {
    expect(() => parseProcStat(STAT, [2])).toThrow(/cpu2/);
  });
});

describe('stealBudgetMs', () => {
  it('is 1 % of the run on each CPU of the system under test', () => {
    expect(stealBudgetMs(10_000, 1)).toBe(100);
    expect(stealBudgetMs(10_000, 3)).toBe(300);
  });
});

describe('measureCpu', () => {
  it("returns the work's result and the wall time, with CPU times where Linux gives them", async () => {
    const [value, use] = await measureCpu([0], async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'done';
    });
    expect(value).toBe('done');
    expect(use.wallMs).toBeGreaterThanOrEqual(15);
    if (readCpuTimes([0]) !== undefined) {
      expect(use.stealMs).toBeGreaterThanOrEqual(0);
      expect(use.busyMs).toBeGreaterThanOrEqual(0);
    } else {
      expect(use.stealMs).toBeUndefined();
    }
  });
});
