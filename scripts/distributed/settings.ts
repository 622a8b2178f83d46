/**
 * Settings of the distributed mode on one machine (`npm run start:distributed`, `npm run ops`), read from
 * the environment. Both the launcher and the ops CLI resolve them here, so one set of variables configures
 * both:
 *
 * | variable                     | default                                      | meaning                                                                 |
 * | ---------------------------- | -------------------------------------------- | ----------------------------------------------------------------------- |
 * | `BASE_PORT`                  | `8080`                                       | gateway port; services base+1…+6, remotes base+11…+14 (see below)       |
 * | `HOST`                       | `127.0.0.1`                                  | interface every process listens on                                      |
 * | `DATABASE_URL`               | `postgres://postgres@127.0.0.1:5432/postgres` | the PostgreSQL server (its database is only used to create the others)  |
 * | `DATABASE_PREFIX`            | `marketplace`                                | each service gets database `<prefix>_<service>` (`-` → `_`)            |
 * | `<SERVICE>_DATABASE_URL`     | —                                            | e.g. `TEST_DRIVE_DATABASE_URL`: that service's database, as is          |
 * | `AMQP_URL`                   | `amqp://guest:guest@127.0.0.1:5672`          | RabbitMQ                                                                |
 * | `AMQP_EXCHANGE`              | `marketplace.events`                         | topic exchange                                                          |
 * | `AMQP_QUEUE_PREFIX`          | —                                            | prefix of every queue (`<prefix>.<consumer>`)                           |
 * | `REDIS_URL`                  | `redis://127.0.0.1:6379`                     | Redis                                                                   |
 * | `REDIS_KEY_PREFIX`           | —                                            | prefix of every Redis key of the services                               |
 * | `DATA_DIR`                   | `.data/distributed`                          | per-process folders `<DATA_DIR>/<process>` and the JWT key              |
 * | `<SERVICE>_REPLICAS`         | `1`                                          | e.g. `CATALOG_REPLICAS=2`: processes of that service (1…{@link MAX_REPLICAS}) |
 *
 * Ports from `BASE_PORT` = B: gateway B; auth B+1, catalog B+2, listing B+3, test-drive B+4, storage B+5,
 * notification B+6; remotes catalog B+11, sell B+12, account B+13, admin B+14; replica k ≥ 2 of a service
 * (process `<service>-<k>`) at its port + 20·(k − 1), e.g. catalog-2 at B+22.
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envStem, type ServiceName, serviceNames } from '@marketplace/contracts';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The services, in port order (B+1 …): the contracts' one list. */
export { type ServiceName, serviceNames };

/** The remotes served from their own origins, in port order (B+11 …); folder `mfe-<name>`. */
export const remoteNames = ['catalog', 'sell', 'account', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** Most processes of one service the launcher starts (`<SERVICE>_REPLICAS`). */
export const MAX_REPLICAS = 8;

/** Everything the launcher and the ops CLI derive from the environment. */
export interface DistributedSettings {
  host: string;
  basePort: number;
  /** Port of every process: `gateway`, each service name (its replicas `<name>-<k>`), and `remote-<name>`. */
  ports: Record<string, number>;
  /** The process names of each service's replicas: `catalog`, then `catalog-2`, … */
  replicas: Record<ServiceName, string[]>;
  /** The PostgreSQL server URL (`DATABASE_URL`). */
  postgresUrl: string;
  databasePrefix: string;
  /** Each service's DATABASE_URL. */
  databaseUrls: Record<ServiceName, string>;
  amqpUrl: string;
  amqpExchange: string;
  /** `AMQP_QUEUE_PREFIX`, undefined when unset or empty. */
  queuePrefix: string | undefined;
  redisUrl: string;
  redisKeyPrefix: string;
  /** Absolute path of `DATA_DIR`. */
  dataDir: string;
}

/** Thrown for an invalid setting; the message names the variable. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

const set = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v;

/**
 * Resolves the settings from `env` (default `process.env`); see the module doc for variables and defaults.
 * @throws SettingsError when BASE_PORT is not an integer in 1…65 521 or DATABASE_PREFIX is not a plain
 *   identifier (`[a-z_][a-z0-9_]*`).
 */
export function resolveSettings(env: Record<string, string | undefined> = process.env): DistributedSettings {
  const basePort = Number(set(env.BASE_PORT) ?? 8080);
  if (!Number.isInteger(basePort) || basePort < 1 || basePort > 65_521) {
    throw new SettingsError(`BASE_PORT must be an integer between 1 and 65521 (got ${env.BASE_PORT})`);
  }
  const databasePrefix = set(env.DATABASE_PREFIX) ?? 'marketplace';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(databasePrefix)) {
    throw new SettingsError(`DATABASE_PREFIX must match [a-z_][a-z0-9_]{0,40} (got ${databasePrefix})`);
  }
  const postgresUrl = set(env.DATABASE_URL) ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const ports: Record<string, number> = { gateway: basePort };
  const replicas = {} as Record<ServiceName, string[]>;
  for (const [i, s] of serviceNames.entries()) {
    const raw = set(env[`${envStem(s)}_REPLICAS`]) ?? '1';
    const count = Number(raw);
    if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) {
      throw new SettingsError(
        `${envStem(s)}_REPLICAS must be an integer from 1 to ${MAX_REPLICAS} (got ${raw})`,
      );
    }
    replicas[s] = Array.from({ length: count }, (_, k) => (k === 0 ? s : `${s}-${k + 1}`));
    replicas[s].forEach((name, k) => {
      ports[name] = basePort + 1 + i + 20 * k;
    });
  }
  const highest = Math.max(...Object.values(ports), basePort + 14);
  if (highest > 65_535) throw new SettingsError(`BASE_PORT ${basePort} leaves no room for port ${highest}`);
  remoteNames.forEach((r, i) => {
    ports[`remote-${r}`] = basePort + 11 + i;
  });
  const databaseUrls = Object.fromEntries(
    serviceNames.map((s) => {
      const own = set(env[`${envStem(s)}_DATABASE_URL`]);
      if (own) return [s, own];
      const url = new URL(postgresUrl);
      url.pathname = `/${databasePrefix}_${s.replace(/-/g, '_')}`;
      return [s, url.toString()];
    }),
  ) as Record<ServiceName, string>;
  return {
    host: set(env.HOST) ?? '127.0.0.1',
    basePort,
    ports,
    replicas,
    postgresUrl,
    databasePrefix,
    databaseUrls,
    amqpUrl: set(env.AMQP_URL) ?? 'amqp://guest:guest@127.0.0.1:5672',
    amqpExchange: set(env.AMQP_EXCHANGE) ?? 'marketplace.events',
    queuePrefix: set(env.AMQP_QUEUE_PREFIX),
    redisUrl: set(env.REDIS_URL) ?? 'redis://127.0.0.1:6379',
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? '',
    dataDir: path.resolve(repoRoot, set(env.DATA_DIR) ?? '.data/distributed'),
  };
}
