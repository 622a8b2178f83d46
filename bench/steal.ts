/**
 * The CPU time a virtual machine's host takes from its CPUs while a benchmark runs: "steal", the time a
 * virtual CPU was ready to run and the hypervisor ran something else instead (proc(5), /proc/stat: the eighth
 * number of a `cpuN` line, in USER_HZ ticks, 1/100 s on x86-64 Linux). Stolen time is a pause the server
 * cannot see nor shorten: requests arriving during it wait. A p99 lets 1 % of the requests be slow, so when
 * the host takes more than 1 % of a run's time from the CPUs of the system under test the p99 can be the
 * host's, not the code's ({@link stealBudgetMs}). On the benchmark machines (Firecracker VMs, 2 CPUs) the
 * host took 0.2–6 % of a 10 s run, in bursts of up to 90 ms in 200 ms (bench/README.md, fifteenth session).
 */
import fs from 'node:fs';

/** Milliseconds in a /proc/stat tick (USER_HZ = 100 on x86-64 Linux, `getconf CLK_TCK`). */
const MS_PER_TICK = 10;

/** The share of a run's time the host may take before the run's p99 cannot be told from the host's. */
const STEAL_BUDGET_SHARE = 0.01;

/** Cumulative CPU time of some CPUs since boot, in ms. */
export interface CpuTimes {
  /** Taken by the hypervisor (steal). */
  stealMs: number;
  /** Spent running this machine's work: user, nice, system, irq and softirq. */
  busyMs: number;
}

/**
 * The {@link CpuTimes} of `cpus` (their numbers, as taskset counts them) summed from a /proc/stat text.
 * @throws Error when a CPU's line is missing or too short.
 */
export function parseProcStat(text: string, cpus: readonly number[]): CpuTimes {
  const lines = new Map(
    text
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([name]) => /^cpu\d+$/.test(name ?? ''))
      .map(([name, ...ticks]) => [Number(name!.slice(3)), ticks.map(Number)] as const),
  );
  let stealMs = 0;
  let busyMs = 0;
  for (const cpu of cpus) {
    const t = lines.get(cpu);
    if (!t || t.length < 8) throw new Error(`/proc/stat: no full line for cpu${cpu}`);
    const [user, nice, system, , , irq, softirq, steal] = t as [number, ...number[]];
    stealMs += (steal ?? 0) * MS_PER_TICK;
    busyMs += (user + nice! + system! + irq! + softirq!) * MS_PER_TICK;
  }
  return { stealMs, busyMs };
}

/** The {@link CpuTimes} of `cpus` now; undefined where /proc/stat cannot be read (not Linux). */
export function readCpuTimes(cpus: readonly number[]): CpuTimes | undefined {
  let text: string;
  try {
    text = fs.readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  return parseProcStat(text, cpus);
}

/**
 * The most the host may take (ms) from `cpuCount` CPUs over a run of `durationMs` before its p99 says more
 * about the host than about the code: 1 % of the run on each CPU (requests arrive evenly, so at most 1 % of
 * them arrive while a CPU is taken).
 */
export function stealBudgetMs(durationMs: number, cpuCount: number): number {
  return durationMs * STEAL_BUDGET_SHARE * cpuCount;
}

/** What {@link measureCpu} saw over a piece of work, in ms. */
export interface CpuUse {
  /** The host took this much (undefined where /proc/stat cannot be read). */
  stealMs: number | undefined;
  /** The CPUs ran this machine's work this much. */
  busyMs: number | undefined;
  /** Wall-clock time of the work. */
  wallMs: number;
}

/**
 * Runs `work` and reports what the host took from `cpus` and how busy they were meanwhile.
 * @throws what `work` throws.
 */
export async function measureCpu<T>(cpus: readonly number[], work: () => Promise<T>): Promise<[T, CpuUse]> {
  const before = readCpuTimes(cpus);
  const start = performance.now();
  const result = await work();
  const wallMs = performance.now() - start;
  const after = readCpuTimes(cpus);
  const use =
    before && after
      ? { stealMs: after.stealMs - before.stealMs, busyMs: after.busyMs - before.busyMs, wallMs }
      : { stealMs: undefined, busyMs: undefined, wallMs };
  return [result, use];
}
