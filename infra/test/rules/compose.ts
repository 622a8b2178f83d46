/**
 * Our own rules for infra/docker-compose.yml (beyond the Compose JSON schema); compose.test.ts proves each
 * fails on a broken copy.
 */
import { CREDENTIAL_URL, type Doc, SECRET_NAME } from './yaml';

/** The Compose job that declares every consumer's queues before the services start. */
export const TOPOLOGY_JOB = 'rabbitmq-topology';

/** A Compose value taken from the environment (`${VAR}`, `${VAR:?…}`, `${VAR:-}` …), not written in the file. */
const INTERPOLATED = /^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/;

/**
 * Compose: every long-running service has a healthcheck (a one-shot job may go without, when it never
 * restarts and whoever depends on it waits for it to complete; so may a tool that only runs on demand,
 * in a profile, `docker compose run`); secrets are interpolated from the
 * environment, never written; depends_on names existing services; the gateway's REMOTE_<NAME>_URL points
 * at the port mfe-<name> publishes.
 */
export function composeProblems(compose: Doc): string[] {
  const problems: string[] = [];
  const services: Record<string, Doc> = compose.services ?? {};
  const names = Object.keys(services);
  for (const [name, svc] of Object.entries(services)) {
    const dependents = Object.values(services)
      .map((s) => s.depends_on?.[name]?.condition)
      .filter(Boolean);
    const oneShot =
      svc.restart === 'no' &&
      ((dependents.length > 0 && dependents.every((c) => c === 'service_completed_successfully')) ||
        (dependents.length === 0 && (svc.profiles?.length ?? 0) > 0));
    if ((!svc.healthcheck?.test || svc.healthcheck.disable) && !oneShot) {
      problems.push(`service ${name}: no healthcheck`);
    }
    const env = Array.isArray(svc.environment)
      ? Object.fromEntries(svc.environment.map((e: string) => e.split(/=(.*)/s).slice(0, 2)))
      : (svc.environment ?? {});
    for (const [key, value] of Object.entries(env)) {
      const text = String(value ?? '');
      if (SECRET_NAME.test(key) && text !== '' && !INTERPOLATED.test(text)) {
        problems.push(`service ${name}: ${key} is written in the file, not taken from the environment`);
      }
      if (CREDENTIAL_URL.test(text) && !/:\/\/[^/\s:@]*:\$\{[A-Z0-9_]+[^}]*\}@/.test(text)) {
        problems.push(`service ${name}: ${key} has a password written in the URL`);
      }
    }
    const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
    for (const dep of deps)
      if (!names.includes(dep)) problems.push(`service ${name}: depends on unknown ${dep}`);
    // A service on the bus starts only once every consumer queue exists (else first-start events are lost).
    const onBus = env.AMQP_URL !== undefined && name !== TOPOLOGY_JOB && !(svc.profiles?.length > 0);
    if (onBus && svc.depends_on?.[TOPOLOGY_JOB]?.condition !== 'service_completed_successfully') {
      problems.push(`service ${name}: does not wait for ${TOPOLOGY_JOB} to complete`);
    }
  }
  const gatewayEnv = services.gateway?.environment ?? {};
  for (const remote of ['catalog', 'sell', 'account', 'admin']) {
    const fe = services[`mfe-${remote}`];
    const url = String(gatewayEnv[`REMOTE_${remote.toUpperCase()}_URL`] ?? '');
    if (!fe) {
      problems.push(`no service mfe-${remote}`);
      continue;
    }
    const published = String(fe.ports?.[0] ?? '').replace(/:\d+$/, '');
    if (!published || !url.includes(`:${published}/mf-manifest.json`)) {
      problems.push(
        `gateway: REMOTE_${remote.toUpperCase()}_URL (${url}) is not mfe-${remote}'s published port ${published}`,
      );
    }
  }
  return problems;
}
