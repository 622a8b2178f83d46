/**
 * The machine's floor: the latency a trivial HTTP server has on the CPUs of the system under test, at the
 * rate a steady run sends. Measured next to a run that counts for a target, it tells a slow server from a
 * machine that cannot meet the target with any server: on a 2-CPU Firecracker VM a bare Node server answering
 * 1 KiB had a p99 of 3–8 ms at 500 req/s while the host took 2–10 % of its CPU (steal.ts), and 1–3 ms up to
 * 9 000 req/s on a quieter one (bench/README.md, fourteenth and fifteenth sessions).
 */
import { type LocalServer, startLocalServer } from '../test-support/http';

/** What the floor server answers to every request: 1 KiB, about a compressed insight or similar-cars answer. */
const FLOOR_BODY = Buffer.alloc(1024, 'x');

/**
 * Starts the floor server on a free loopback port, in this process (which the benchmark has pinned to the
 * system's CPUs, load-child.ts `reserveLoadCpu`).
 * @throws Error when it cannot listen.
 */
export function startFloorServer(): Promise<LocalServer> {
  return startLocalServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(FLOOR_BODY);
  });
}
