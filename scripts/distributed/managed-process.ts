/**
 * One child process of the launcher (launcher.ts): spawned with `node <nodeArgs> <script>` (tsx, or a compiled
 * bundle with node alone) and its own
 * environment, its output lines prefixed and (unless raw) condensed, readiness probed over HTTP
 * (services and gateway: `GET /readyz` 200; a remote's static server: any answer on `/`), and a handle
 * to kill, restart or start it. An exit nobody asked for is reported.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { formatLogLine } from './log-lines';
import type { ProcessKind, ProcessSpec } from './process-specs';
import { repoRoot } from './settings';

/** How a process ended: exit code or the signal that killed it. */
export interface ExitInfo {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A handle on one child process. */
export interface ManagedProcess {
  /** `gateway`, a service name, or `remote-<name>`. */
  readonly name: string;
  readonly kind: ProcessKind;
  /** Base URL, e.g. `http://127.0.0.1:8082`. */
  readonly url: string;
  readonly port: number;
  /** PID of the current child, undefined while it is not running. */
  readonly pid: number | undefined;
  readonly running: boolean;
  /** The environment the child is started with. */
  readonly env: Readonly<Record<string, string>>;
  /**
   * Sends `signal` (default SIGTERM) and resolves when the child has exited; expected, so it is not reported
   * as unexpected. Resolves at once when not running. After `graceMs` (default 15 000 ms) it sends SIGKILL.
   */
  kill(signal?: NodeJS.Signals, graceMs?: number): Promise<ExitInfo | undefined>;
  /** Stops the child when running (SIGTERM), starts it again with the same environment and waits until ready. @throws Error when it does not become ready within the launcher's `readyTimeoutMs`. */
  restart(): Promise<void>;
  /** Starts the child when it is not running and waits until ready (same errors as `restart`). */
  start(): Promise<void>;
}

/** What a managed process shares with its launcher. */
export interface ProcessContext {
  url: string;
  port: number;
  /** Prefix of its output lines (launcher `linePrefix`). */
  prefix: string;
  /** Where output lines go (already prefixed). */
  output: (line: string) => void;
  /** Print pino JSON lines as they are instead of condensing them. */
  rawLogs: boolean;
  /** How long it may take to become ready, in ms. */
  readyTimeoutMs: number;
  /** True once the whole system is stopping: exits are then expected and a start in progress aborts. */
  stopping: () => boolean;
  /** Called when it exits without `kill`/`restart`/`stop` asking it to. */
  onUnexpectedExit?: (info: ExitInfo) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True when `url` answers within 2 s (with 200 when `okOnly`). */
async function answers(url: string, okOnly: boolean): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return okOnly ? res.status === 200 : true;
  } catch {
    return false;
  }
}

/** A handle on the process of `spec` (not started yet: call `start`). */
export function managedProcess(spec: ProcessSpec, ctx: ProcessContext): ManagedProcess {
  const recent: string[] = [];
  let child: ChildProcess | undefined;
  let exited: Promise<ExitInfo> | undefined;
  let expected = false;

  const emit = (line: string) => {
    recent.push(line);
    if (recent.length > 30) recent.shift();
    ctx.output(ctx.prefix + (ctx.rawLogs ? line : formatLogLine(line)));
  };
  const pipe = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) emit(line);
    });
    stream.on('end', () => {
      if (buffered.trim()) emit(buffered);
      buffered = '';
    });
  };

  const spawnChild = () => {
    expected = false;
    const c = spawn(process.execPath, [...spec.nodeArgs, spec.script], {
      cwd: repoRoot,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    pipe(c.stdout);
    pipe(c.stderr);
    exited = new Promise<ExitInfo>((resolve) => {
      c.once('exit', (code, signal) => {
        const info = { name: spec.name, code, signal };
        if (child === c) child = undefined;
        if (!expected && !ctx.stopping()) {
          emit(`exited unexpectedly (${signal ?? `code ${code}`})`);
          ctx.onUnexpectedExit?.(info);
        }
        resolve(info);
      });
    });
  };

  const waitReady = async () => {
    const deadline = Date.now() + ctx.readyTimeoutMs;
    const probe = spec.kind === 'remote' ? `${ctx.url}/` : `${ctx.url}/readyz`;
    for (;;) {
      if (ctx.stopping()) throw new Error(`start of ${spec.name} aborted`);
      if (!child) {
        throw new Error(`${spec.name} exited before it was ready; last output:\n${recent.join('\n')}`);
      }
      if (await answers(probe, spec.kind !== 'remote')) return;
      if (Date.now() > deadline) {
        throw new Error(
          `${spec.name} not ready within ${ctx.readyTimeoutMs} ms; last output:\n${recent.join('\n')}`,
        );
      }
      await sleep(150);
    }
  };

  const handle: ManagedProcess = {
    name: spec.name,
    kind: spec.kind,
    url: ctx.url,
    port: ctx.port,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== undefined;
    },
    env: spec.env,
    async kill(signal = 'SIGTERM', graceMs = 15_000) {
      const c = child;
      if (!c || !exited) return undefined;
      expected = true;
      const done = exited;
      c.kill(signal);
      const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
      const info = await done;
      clearTimeout(timer);
      return info;
    },
    async restart() {
      await handle.kill('SIGTERM');
      await handle.start();
    },
    async start() {
      if (!child) spawnChild();
      await waitReady();
    },
  };
  return handle;
}
