/**
 * Readiness checks (ADR 22): what `/readyz` (http.ts) and the `dependency_up` gauge (metrics.ts) run.
 */

/** A readiness check: resolves true when the dependency answers. */
export type ReadinessCheck = () => Promise<boolean>;

/** Runs `checks` at once: [name, passed] pairs, a check that throws counted as failed. */
export function runChecks(checks: Record<string, ReadinessCheck>): Promise<Array<[string, boolean]>> {
  return Promise.all(
    Object.entries(checks).map(
      async ([name, check]): Promise<[string, boolean]> => [name, await check().catch(() => false)],
    ),
  );
}
