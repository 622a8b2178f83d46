/**
 * The load generators' child processes: a benchmark's client runs in a process of its own (so it does not
 * share the server's event loop), optionally pinned to a CPU of its own ({@link reserveLoadCpu}). The
 * parent sends the settings as the first IPC message (a list of paths outgrows argv); the child answers
 * with one message, its report.
 */
import { execFileSync, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Pins this process (every thread, and the processes it starts afterwards) to all CPUs but the last, and
 * returns the last one for the load generator; undefined (nothing pinned) with one CPU or without Linux's
 * `taskset`. A benchmark calls it before starting the system under test.
 */
export function reserveLoadCpu(): number | undefined {
  const cpus = os.availableParallelism();
  if (cpus < 2) return undefined;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', `0-${cpus - 2}`, String(process.pid)], { stdio: 'ignore' });
    return cpus - 1;
  } catch {
    return undefined;
  }
}

/** Pins this process (every thread) to `cpu`, e.g. the one {@link reserveLoadCpu} kept for the load. */
export function pinTo(cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(process.pid)], { stdio: 'ignore' });
}

/**
 * Starts the module at `moduleUrl` (its `import.meta.url`) as a child process with `settings` and resolves
 * to the report it sends back.
 * @throws Error when the child exits before reporting or takes longer than `maxMs` (then it is killed).
 */
export function runInChild<S, R>(moduleUrl: string, settings: S, maxMs: number): Promise<R> {
  const child = fork(fileURLToPath(moduleUrl), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send(settings as object);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('load generator did not finish in time'));
    }, maxMs);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as R);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`load generator exited with ${code} before reporting`));
    });
    child.once('error', reject);
  });
}

/**
 * In the child: when `moduleUrl` is the process's entry module, waits for the settings, runs `work`
 * (pinned to `settings.cpu` when given) and sends its report to the parent, then exits.
 */
export async function serveAsChild<S extends { cpu?: number }, R>(
  moduleUrl: string,
  work: (settings: S) => Promise<R>,
): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const settings = await new Promise<S>((resolve) => process.once('message', (m) => resolve(m as S)));
  if (settings.cpu !== undefined) pinTo(settings.cpu);
  const report = await work(settings);
  process.send?.(report, () => process.exit(0));
}
