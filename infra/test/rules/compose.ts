/**
 * Our own rules for infra/docker-compose.yml (beyond the Compose JSON schema); compose.test.ts proves each
 * fails on a broken copy.
 */
import { publicUrlOrigin } from '../../../packages/platform/src/origin';
import { CREDENTIAL_URL, type Doc, SECRET_NAME } from './yaml';

/** The Compose job that declares every consumer's queues before the services start. */
export const TOPOLOGY_JOB = 'rabbitmq-topology';

/** Ports only the operator's own machine may reach: admin UIs (RabbitMQ management, MinIO console, Mailpit). */
export const ADMIN_PORTS = [15672, 9001, 8025];

/** The least `stop_grace_period` of a Node process, in seconds: above its 10 s HTTP drain (platform `listen`). */
export const NODE_GRACE_SECONDS = 15;

/** Seconds of a Compose duration (`30s`, `1m30s`). */
function seconds(duration: string): number {
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  }
  return total;
}

/** A Compose value taken from the environment (`${VAR}`, `${VAR:?…}`, `${VAR:-}` …), not written in the file. */
const INTERPOLATED = /^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/;

/**
 * Why a service running with NODE_ENV=production (environment `env`) would not start for want of a good
 * PUBLIC_URL (issue 47), or undefined: it must be written as an origin the platform's config accepts
 * (`publicUrlOrigin`), or interpolated with `:?` (Compose stops when it is unset) or with such an origin as
 * its default (`${PUBLIC_URL:-http://localhost:8080}`).
 */
function publicUrlProblem(env: Record<string, unknown>): string | undefined {
  if (env.PUBLIC_URL === undefined || env.PUBLIC_URL === null)
    return 'NODE_ENV=production without PUBLIC_URL';
  const text = String(env.PUBLIC_URL);
  const interpolated = /^\$\{[A-Z0-9_]+(:\?[^}]*|:-([^}]*))?\}$/.exec(text);
  if (interpolated?.[1]?.startsWith(':?')) return undefined;
  if (interpolated && interpolated[2] === undefined) {
    return `PUBLIC_URL ${text} may be unset or empty (give :? or a :- default)`;
  }
  try {
    publicUrlOrigin(interpolated ? (interpolated[2] as string) : text);
    return undefined;
  } catch (err) {
    return `PUBLIC_URL ${(err as Error).message}`;
  }
}

/**
 * Compose: every long-running service has a healthcheck (a one-shot job may go without, when it never
 * restarts and whoever depends on it waits for it to complete; so may a tool that only runs on demand,
 * in a profile, `docker compose run`); secrets are interpolated from the
 * environment, never written; depends_on names existing services; the gateway's REMOTE_<NAME>_URL points
 * at the port mfe-<name> publishes; every image has a version (our own images their `${IMAGE_TAG}`), never
 * `latest` or none; an admin UI ({@link ADMIN_PORTS}) is published on 127.0.0.1 only; a Node process (the
 * gateway, each service) has a `stop_grace_period` of at least {@link NODE_GRACE_SECONDS} s; a process
 * running with NODE_ENV=production has a PUBLIC_URL production accepts (issue 47).
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
    const image = String(svc.image ?? '');
    const tag = /:([^/:]+)$/.exec(image)?.[1];
    if (!tag || tag === 'latest') problems.push(`service ${name}: image ${image} has no version`);
    for (const port of svc.ports ?? []) {
      const text = String(port);
      const container = Number(/:(\d+)(?:\/\w+)?$/.exec(text)?.[1]);
      if (ADMIN_PORTS.includes(container) && !text.startsWith('127.0.0.1:')) {
        problems.push(`service ${name}: admin port ${container} is published on every interface`);
      }
    }
    if (env.NODE_ENV === 'production') {
      const problem = publicUrlProblem(env);
      if (problem) problems.push(`service ${name}: ${problem}`);
    }
    const node = svc.build?.target === 'gateway' || svc.build?.target === 'service';
    if (node && seconds(String(svc.stop_grace_period ?? '10s')) < NODE_GRACE_SECONDS) {
      problems.push(`service ${name}: stop_grace_period under ${NODE_GRACE_SECONDS} s`);
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
