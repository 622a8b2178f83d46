/**
 * Configuration: the process environment validated by zod at start.
 *
 * Every setting is optional in development; an absent server URL selects the embedded adapter
 * (PGlite, in-process bus, in-memory cache, local-disk storage, dev outbox for e-mail and SMS).
 * `loadConfig` refuses to start with NODE_ENV=production while a development secret is in use, or without
 * PUBLIC_URL (the only origin of absolute links in production, issue 47).
 */
import { createHmac } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import {
  envStem,
  newPasswordField,
  PRODUCT_NAME,
  type ServiceName,
  serviceNames,
} from '@marketplace/contracts';
import { z } from 'zod';
import { publicUrlOrigin } from './origin';

/** Value of secrets that only development may use; production refuses to start with it. */
export const DEV_SECRET = 'dev-only-insecure-secret-change-me';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/**
 * PUBLIC_URL (issue 47): empty = unset; else an absolute http(s) URL of the site's origin, normalised by
 * {@link publicUrlOrigin} (`https://Cars.Example.in/` → `https://cars.example.in`); a path, query, fragment,
 * user or password is refused, naming the setting.
 */
const publicUrl = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): string | undefined => {
    if (v === undefined || v === '') return undefined;
    try {
      return publicUrlOrigin(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });

/**
 * Base URLs of one service's replicas, comma-separated (`http://catalog-1:3002,http://catalog-2:3002`);
 * each must be a URL. Normalised to the URLs joined by `,`; empty = unset. Callers take turns over them
 * (`urlRotation`).
 */
const serviceUrls = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(
    z
      .string()
      .transform((v) => v.split(',').map((u) => u.trim()))
      .pipe(z.array(z.url()).min(1))
      .transform((urls) => urls.join(','))
      .optional(),
  )
  .optional();

/** A remote's manifest location: an http(s) URL or an absolute path on the gateway (`/…`); empty = unset. */
const remoteUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || v.startsWith('/') || /^https?:\/\/[^/]/.test(v), {
    error: 'must be an http(s) URL or a path starting with /',
  })
  .optional();

/**
 * Which peers' `X-Forwarded-For` / `X-Forwarded-Proto` Express believes (its `trust proxy` setting):
 * `false` = none (the socket's address is the client), a number = that many proxy hops in front of this
 * process, a list = peers whose address is in it (IPs, CIDRs, or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`). Issue 20: never "any private address" by default.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IP address, or an IP with a prefix length valid for its family (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(entry: string): boolean {
  const [ip = '', prefix, extra] = entry.split('/');
  const family = net.isIP(ip);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 20): unset, empty, `false` or `0` → trust no proxy; a whole number → that many hops;
 * else a comma-separated list of IPs, CIDRs and the names `loopback`, `linklocal`, `uniquelocal`. `true`
 * (trust every hop, so any client could choose its own address) is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): TrustProxy => {
    if (v === undefined || v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: "true would trust any client's X-Forwarded-For; give a hop count or a list of proxy CIDRs",
      });
      return z.NEVER;
    }
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !TRUST_PROXY_NAMES.has(e) && !isAddressOrCidr(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a hop count, IP, CIDR, loopback, linklocal or uniquelocal: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** REMOTE_OVERRIDE_ORIGINS when unset outside production: a developer's dev servers on this machine. */
export const DEV_REMOTE_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

/**
 * One origin pattern of REMOTE_OVERRIDE_ORIGINS: `http(s)://host[:port|:*]`, lower case, no path. The host is
 * a DNS name or an IPv4 address, or an IPv6 address in brackets; `*` as port means any port. This is the
 * subset of the CSP3 host-source grammar (w3.org/TR/CSP3/#grammardef-host-source, §2.3.1: `[ scheme-part
 * "://" ] host-part [ ":" port-part ]`, `port-part = 1*DIGIT / "*"`) without host wildcards or paths, so
 * the same string is a CSP source expression and a pattern the shell matches an origin against.
 */
const OVERRIDE_ORIGIN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(?:\*|\d{1,5}))?$/;

/**
 * REMOTE_OVERRIDE_ORIGINS (issue 27, docs/adr/0026-remote-override.md): comma-separated origin patterns a
 * browser may point a remote at (`mf-override`); empty = none. Unset → undefined here; `loadConfig` then
 * gives {@link DEV_REMOTE_OVERRIDE_ORIGINS} outside production and none in production.
 */
const overrideOrigins = z
  .string()
  .optional()
  .transform((v, ctx): string[] | undefined => {
    if (v === undefined) return undefined;
    const patterns = v
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter((p) => p !== '');
    const bad = patterns.filter(
      (p) => !OVERRIDE_ORIGIN.test(p) || (/:(\d+)$/.test(p) && Number(p.split(':').pop()) > 65_535),
    );
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not an origin pattern http(s)://host[:port|:*] (no path, no host wildcard): ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return [...new Set(patterns)];
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** HTTP port; 0 picks a free one (tests). */
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded data: PGlite files, local uploads, dev outbox. */
  DATA_DIR: z.string().default('./.data'),
  /** PostgreSQL URL; absent → embedded PGlite under DATA_DIR/pglite. */
  DATABASE_URL: optionalUrl,
  /** RabbitMQ URL; absent → in-process bus. */
  AMQP_URL: optionalUrl,
  AMQP_EXCHANGE: z.string().default('marketplace.events'),
  /** Prefix of every RabbitMQ queue name (`<prefix>.<consumer>`); unset = none. Tests use a unique one. */
  AMQP_QUEUE_PREFIX: z.string().optional(),
  /** Redis URL; absent → in-memory cache and rate limits. */
  REDIS_URL: optionalUrl,
  /** Elasticsearch URL; absent → car search on PostgreSQL only (docs/adr/0002). */
  ELASTICSEARCH_URL: optionalUrl,
  /**
   * Where car searches are answered: `auto` (the default; `memory` means the same) = an in-process
   * columnar index in every catalog process, loaded from the read model (docs/adr/0005, 0014); `postgres`
   * = the read model's own indexes. ELASTICSEARCH_URL overrides both (docs/adr/0002).
   */
  CAR_SEARCH: z.enum(['auto', 'memory', 'postgres']).default('auto'),
  /** Elasticsearch index of the car search documents. */
  ELASTICSEARCH_INDEX: z.string().default('cars'),
  /** Prefix of every Redis key (several deployments or test runs can share one Redis). */
  REDIS_KEY_PREFIX: z.string().default(''),
  /**
   * The site's public origin (`https://cars.example.in`): the only origin of absolute URLs in answers —
   * canonical links, Open Graph and JSON-LD, the sitemap and `/robots.txt`, links in e-mail and SMS, signed
   * upload URLs. Required in production (issue 47); unset in development → each answer's request names it
   * (`publicOrigin`).
   */
  PUBLIC_URL: publicUrl,
  /** Secret for HMAC-signed upload URLs (storage). */
  UPLOAD_SIGNING_SECRET: z.string().min(16).default(DEV_SECRET),
  /**
   * Secret for HMAC-signed one-click unsubscribe links of the buyers' alerts (catalog, issue 24). Unset in
   * production → derived from UPLOAD_SIGNING_SECRET (HMAC-SHA256 of the setting's name), so no deployment
   * runs on the development value.
   */
  ALERT_SIGNING_SECRET: z.string().min(16).default(DEV_SECRET),
  // ---- Storage (issue 6): where uploaded images live. Secrets come only from the environment.
  /** `local`: files under DATA_DIR/storage behind HMAC-signed upload URLs; `s3`: an S3-compatible bucket with presigned PUTs. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** S3 endpoint URL (MinIO, s3rver, R2, …); absent → AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: optionalUrl,
  /** S3 region (any value for most S3-compatible servers). */
  S3_REGION: z.string().default('us-east-1'),
  /** Bucket holding uploads (`uploads/<key>`) and stored images (`images/<key>/…`); required with STORAGE_DRIVER=s3. */
  S3_BUCKET: z.string().optional(),
  /** Access key pair; absent → the AWS SDK's default credential chain (environment, instance role, …). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (`endpoint/bucket/key`), needed by most self-hosted S3 servers. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  // ---- Notifications (issue 7): e-mail over SMTP, SMS through an HTTP gateway; absent → the dev outbox.
  /**
   * SMTP server for e-mail, `smtp://[user:pass@]host[:port]` (STARTTLS when offered) or `smtps://` (TLS from
   * the start); nodemailer options may follow as query parameters (e.g. `?pool=true`). Absent → e-mail is
   * appended to DATA_DIR/outbox/mail.jsonl.
   */
  SMTP_URL: optionalUrl.refine((v) => v === undefined || /^smtps?:$/.test(new URL(v).protocol), {
    error: 'must be an smtp:// or smtps:// URL',
  }),
  /** Sender of every e-mail, an address or `Name <address>`. */
  MAIL_FROM: z.string().trim().min(3).default(`${PRODUCT_NAME} <no-reply@marketplace.local>`),
  /** Where the Contact page's messages go (POST /api/contact). */
  SUPPORT_EMAIL: z.email().default('support@marketplace.local'),
  /**
   * HTTP SMS gateway: each SMS is `POST <url>` with JSON `{ to, text }`; any 2xx is success. Credentials in
   * the URL (`https://user:pass@host/…`) are sent as HTTP Basic auth. Absent → DATA_DIR/outbox/sms.jsonl.
   */
  SMS_GATEWAY_URL: optionalUrl,
  /**
   * Distributed gateway: base URL of the notification service (POST /api/contact), e.g.
   * http://notification:3006; several replicas comma-separated, like every `<NAME>_SERVICE_URL`.
   */
  NOTIFICATION_SERVICE_URL: serviceUrls,
  /** Auth: PEM PKCS#8 private key (ES256) used to sign JWTs; absent in development → a key generated under DATA_DIR/keys. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /**
   * Auth, JWT key rotation: public keys (PEM SPKI, `-----BEGIN PUBLIC KEY-----` blocks, one or more
   * concatenated) of earlier signing keys, published in the JWKS next to the current key (each with its own
   * `kid`, the RFC 7638 thumbprint) so tokens signed before a rotation keep verifying until they expire.
   * Absent or empty → only the current key is published. Only the signing process reads it.
   */
  JWT_PREVIOUS_PUBLIC_KEYS: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.test(v), {
      error: 'must hold one or more PEM public keys (-----BEGIN PUBLIC KEY----- … -----END PUBLIC KEY-----)',
    })
    .optional(),
  /** Services other than auth verify tokens against this JWKS; absent → the in-process auth key (embedded). */
  JWKS_URL: optionalUrl,
  JWT_ISSUER: z.string().default('used-car-marketplace'),
  /** Google sign-in: OAuth client id (the ID token's audience); absent → googleLogin answers 503. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Google's JWKS (ID token signing keys); tests point it at a local server. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Accepted `iss` values of Google ID tokens, comma-separated. */
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  /** Facebook sign-in: app id and secret (for `debug_token`); absent → facebookLogin answers 503. */
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  /** Graph API base URL (with version); tests point it at a local server. */
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  /** First administrator; in development a default one is created when unset (printed at start). */
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  /**
   * Bearer token that `GET /metrics` requires (`Authorization: Bearer <token>`, else 401) on every process;
   * absent or empty → `/metrics` is open (development). Give Prometheus the same value.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /**
   * Proxies whose X-Forwarded-For is believed when finding the client's address (rate limits, logs);
   * default none. See {@link TrustProxy} (issue 20).
   */
  TRUST_PROXY: trustProxy,
  /**
   * Gateway rate limits (issue 47): requests per client IP per minute, by class of request
   * (gateway/src/rate-limit.ts): server-rendered pages (404s included), `/api` reads (GET), `/api` writes
   * (POST, PUT, PATCH, DELETE; uploads too) and the auth service's writes (sign-in, sign-up, OTP, password).
   * Static files, images and cached pages are not counted. Unset → RATE_LIMIT_PER_MINUTE when that is set,
   * else 3000, 2400, 300 and 60 (the gateway's `DEFAULT_RATE_LIMITS`, which gives the reasons).
   */
  RATE_LIMIT_PAGES_PER_MINUTE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /**
   * Superseded by the four settings above (before issue 47, one budget of 600 for everything): when set,
   * the budget of every class not set on its own.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Largest JSON body accepted, in bytes (default 1 MiB). */
  JSON_BODY_LIMIT_BYTES: positiveInt(1_048_576),
  /** Bus retry policy for failing consumers. */
  BUS_MAX_ATTEMPTS: positiveInt(5),
  BUS_RETRY_BASE_MS: positiveInt(1_000),
  BUS_RETRY_MAX_MS: positiveInt(60_000),
  /** How often the outbox relay polls, in ms (it is also woken right after each commit). */
  OUTBOX_POLL_MS: positiveInt(1_000),
  /**
   * Distributed mode: base URL of each service, e.g. http://auth:3001, for the gateway and peer calls; a
   * service with several replicas lists each, comma-separated, and callers take turns over them.
   */
  AUTH_SERVICE_URL: serviceUrls,
  CATALOG_SERVICE_URL: serviceUrls,
  LISTING_SERVICE_URL: serviceUrls,
  TEST_DRIVE_SERVICE_URL: serviceUrls,
  STORAGE_SERVICE_URL: serviceUrls,
  /**
   * How long a process reuses the auth service's answer on whether a session token is still good (the
   * user exists with the token's role; the token is not revoked), in ms; at most 60 000 (issue 20).
   */
  SESSION_CHECK_TTL_MS: z.coerce.number().int().min(1).max(60_000).default(30_000),
  /** Timeout of a synchronous call to another service, in ms (peers.ts). */
  PEER_TIMEOUT_MS: positiveInt(5_000),
  /** Where the built front ends are (embedded static hosting); default: the repository root. */
  WEB_ROOT: z.string().optional(),
  // ---- Front ends (issue 8): where the shell finds each remote, served as GET /federation-manifest.json.
  /** mfe-catalog's `mf-manifest.json`: an http(s) URL or a path on the gateway; default /remotes/catalog/mf-manifest.json. */
  REMOTE_CATALOG_URL: remoteUrl,
  /** mfe-sell's `mf-manifest.json` (default /remotes/sell/mf-manifest.json). */
  REMOTE_SELL_URL: remoteUrl,
  /** mfe-account's `mf-manifest.json` (default /remotes/account/mf-manifest.json). */
  REMOTE_ACCOUNT_URL: remoteUrl,
  /** mfe-admin's `mf-manifest.json` (default /remotes/admin/mf-manifest.json). */
  REMOTE_ADMIN_URL: remoteUrl,
  /**
   * Origins a browser may load a remote from instead of its REMOTE_<NAME>_URL (the `mf-override` entry of
   * that browser, docs/adr/0026-remote-override.md): comma-separated `http(s)://host[:port|:*]`; empty =
   * none. Unset → `http://localhost:*,http://127.0.0.1:*` outside production, none in production. Listed in
   * `GET /federation-manifest.json` and allowed by the CSP.
   */
  REMOTE_OVERRIDE_ORIGINS: overrideOrigins,
  // ---- Server-side rendering of the public pages (issue 21, docs/adr/0012).
  /** `on`: the gateway renders `/`, `/buy-a-car`, car pages, static and not-found pages to HTML; `off`: the browser does. */
  SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
  /** Longest wait for a page's data before its HTML is sent with what is ready (the browser renders the rest), ms. */
  SSR_TIMEOUT_MS: positiveInt(3_000),
  /**
   * Where the gateway loads each remote's server build (`…/server/remoteEntry.js`), when it cannot derive it
   * from REMOTE_<NAME>_URL (default: the folder of that manifest + `server/remoteEntry.js`, on this gateway
   * for a path).
   */
  REMOTE_CATALOG_SERVER_URL: optionalUrl,
  REMOTE_SELL_SERVER_URL: optionalUrl,
  REMOTE_ACCOUNT_SERVER_URL: optionalUrl,
  REMOTE_ADMIN_SERVER_URL: optionalUrl,
});

export type Config = Omit<z.infer<typeof configSchema>, 'REMOTE_OVERRIDE_ORIGINS'> & {
  dataDir: string;
  /** Always known after `loadConfig` (its default depends on NODE_ENV). */
  REMOTE_OVERRIDE_ORIGINS: string[];
};

/** Raised when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Least length of a signing secret in production, in bytes (issue 20). */
export const MIN_SECRET_BYTES = 32;

/** Settings holding HMAC signing secrets: each must be at least MIN_SECRET_BYTES long in production. */
export const SIGNING_SECRETS = ['UPLOAD_SIGNING_SECRET', 'ALERT_SIGNING_SECRET'] as const;

/**
 * Production guardrails (issue 20, point 13), each refusal naming its setting: no development secret; a
 * JWT key or JWKS URL; every signing secret ≥ {@link MIN_SECRET_BYTES} bytes; METRICS_TOKEN set (else
 * `/metrics` would be open); PUBLIC_URL set (issue 47: else absolute links would follow each request's
 * Host); ADMIN_PASSWORD, when given, passing the sign-up password rules (`newPasswordField` of
 * @marketplace/contracts).
 * @throws ConfigError naming the first setting that fails.
 */
function assertProductionReady(config: z.infer<typeof configSchema>): void {
  if (config.UPLOAD_SIGNING_SECRET === DEV_SECRET) {
    throw new ConfigError(
      'UPLOAD_SIGNING_SECRET must be set in production (the development secret is refused)',
    );
  }
  for (const name of SIGNING_SECRETS) {
    const bytes = Buffer.byteLength(config[name], 'utf8');
    if (bytes < MIN_SECRET_BYTES) {
      throw new ConfigError(
        `${name} must be at least ${MIN_SECRET_BYTES} bytes in production (it has ${bytes}); generate one with \`openssl rand -hex 32\``,
      );
    }
  }
  if (!config.JWT_PRIVATE_KEY && !config.JWKS_URL) {
    throw new ConfigError('JWT_PRIVATE_KEY (auth) or JWKS_URL (other services) must be set in production');
  }
  if (!config.METRICS_TOKEN) {
    throw new ConfigError('METRICS_TOKEN must be set in production (else GET /metrics is open to anyone)');
  }
  if (!config.PUBLIC_URL) {
    throw new ConfigError(
      "PUBLIC_URL must be set in production, to the site's origin (e.g. https://cars.example.in): else canonical links, the sitemap, robots.txt and e-mail links would name whatever host a request claims",
    );
  }
  if (config.ADMIN_PASSWORD !== undefined) {
    const checked = newPasswordField('ADMIN_PASSWORD').safeParse(config.ADMIN_PASSWORD);
    if (!checked.success) {
      const rules = checked.error.issues.map((i) => i.message).join('; ');
      throw new ConfigError(`ADMIN_PASSWORD fails the password rules in production: ${rules}`);
    }
  }
}

/**
 * Parses `env` (default `process.env`) into a Config.
 * @throws ConfigError naming each invalid variable, when STORAGE_DRIVER=s3 lacks S3_BUCKET, or when
 *   NODE_ENV=production fails a guardrail (see assertProductionReady: development or short signing
 *   secrets, no JWT_PRIVATE_KEY/JWKS_URL, no METRICS_TOKEN, no PUBLIC_URL, an ADMIN_PASSWORD breaking the
 *   password rules).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) {
    throw new ConfigError('S3_BUCKET must be set when STORAGE_DRIVER=s3');
  }
  if (config.NODE_ENV === 'production' && config.ALERT_SIGNING_SECRET === DEV_SECRET) {
    config.ALERT_SIGNING_SECRET = createHmac('sha256', config.UPLOAD_SIGNING_SECRET)
      .update('ALERT_SIGNING_SECRET')
      .digest('hex');
  }
  if (config.NODE_ENV === 'production') assertProductionReady(config);
  const remoteOverrideOrigins =
    config.REMOTE_OVERRIDE_ORIGINS ??
    (config.NODE_ENV === 'production' ? [] : [...DEV_REMOTE_OVERRIDE_ORIGINS]);
  return {
    ...config,
    REMOTE_OVERRIDE_ORIGINS: remoteOverrideOrigins,
    dataDir: path.resolve(config.DATA_DIR),
  };
}

/**
 * The base URL(s) of every service in `config`, by name: its `<STEM>_SERVICE_URL` (comma-separated
 * replicas), undefined when unset (embedded mode). Read by the peers port and the distributed gateway; a
 * service without its variable in {@link configSchema} fails the type check.
 */
export function serviceUrlsOf(config: Config): Record<ServiceName, string | undefined> {
  return Object.fromEntries(
    serviceNames.map((name) => [name, config[`${envStem(name)}_SERVICE_URL`]]),
  ) as Record<ServiceName, string | undefined>;
}
