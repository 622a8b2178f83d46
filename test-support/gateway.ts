/**
 * A distributed-mode gateway for tests: the gateway's app in proxy mode on a free loopback port, in front
 * of services the test started elsewhere (a standalone service, the processes of the launcher).
 */
import {
  createLogger,
  createMemoryRateLimiters,
  createPeerSecret,
  listen,
  loadConfig,
  type RunningServer,
  trustingPeerCalls,
} from '@marketplace/platform';
import { createGatewayApp } from '../gateway/src/app';

/** Options of {@link startProxyGateway}. */
export interface ProxyGatewayOptions {
  /** Where each service's operations go, by service name. */
  targets: Record<string, string | undefined>;
  /** The gateway's configuration (environment variables); defaults apply to the rest. */
  env?: Record<string, string | undefined>;
  /** Folder holding shell/ and the mfe-* folders (the front ends it serves). */
  webRoot: string;
}

/**
 * Starts the proxy gateway (silent logs, in-memory rate limits, no readiness checks) at the public edge, as
 * gateway/src/main.ts does; `stop()` ends it.
 */
export async function startProxyGateway(opts: ProxyGatewayOptions): Promise<RunningServer> {
  const peerSecret = createPeerSecret();
  const app = createGatewayApp({
    config: loadConfig(opts.env ?? {}),
    logger: createLogger({ level: 'silent' }),
    rateLimiters: createMemoryRateLimiters(),
    readiness: {},
    mode: { kind: 'proxy', targets: opts.targets, peerSecret },
    webRoot: opts.webRoot,
  });
  return listen(app, { port: 0, host: '127.0.0.1', edge: trustingPeerCalls(peerSecret) });
}
