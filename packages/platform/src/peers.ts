/**
 * Peers: synchronous calls from one service to another's public HTTP API. docs/architecture.md allows them
 * only where a user waits on the answer and the data must be current (e.g. listing asks the catalog
 * whether brand/model/variant ids exist, and storage whether image keys were uploaded by the caller).
 *
 * A peer's base URL is its `<NAME>_SERVICE_URL` (distributed mode) or, when that is unset, this
 * process's own address (embedded mode: every service is mounted on the one server). The caller's
 * credentials (Authorization and Cookie headers) are forwarded when `forward` is given, so the peer
 * authorizes the user itself; the request and correlation ids travel as `x-request-id` /
 * `x-correlation-id`. Each call carries `x-peer-call: <this process's peer secret>`, so the embedded
 * gateway can tell its own peer calls from clients' requests (they are not counted against the caller's
 * IP by the global rate limit; the secret is random per process and never leaves it in embedded mode).
 * Services call each other by declared operation (`callOperation`, peer-operations.ts): the declaration
 * gives the method, the path and the service that answers.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PeerOperationId, ServiceName } from '@marketplace/contracts';
import type { Request } from 'express';
import { HttpError } from './errors';
import { currentContext, type Logger } from './logger';
import { type DeclaredOperation, type OperationCallInput, operationRequest } from './peer-operations';

/** Services that answer peer calls (the gateway's route owners). */
export type PeerName = ServiceName;

/** One HTTP call to a peer. */
export interface PeerRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path with its query string, e.g. `/api/carVariant?model=…`. */
  path: string;
  /** JSON body. */
  body?: unknown;
  /** The incoming request whose credentials are forwarded. */
  forward?: Pick<Request, 'headers'>;
}

/** A peer's answer: any status, for the caller to interpret. */
export interface PeerResponse<T> {
  status: number;
  /** Parsed JSON body (undefined when the peer sent none). */
  body: T;
}

/** Header that marks a peer call (value: the calling process's peer secret). */
export const PEER_CALL_HEADER = 'x-peer-call';

/** A new random peer secret (32 bytes, hex). */
export function createPeerSecret(): string {
  return randomBytes(32).toString('hex');
}

/** True when `req` carries {@link PEER_CALL_HEADER} equal to `secret` (constant-time comparison). */
export function isPeerCall(req: Pick<Request, 'headers'>, secret: string): boolean {
  const given = req.headers[PEER_CALL_HEADER];
  if (typeof given !== 'string' || given.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}

/**
 * The public edge's trust (platform http.ts `ListenOptions.edge`): only this process's own calls to itself
 * (they carry `secret`) keep their trace context; a client's is dropped.
 */
export function trustingPeerCalls(secret: string): { trusts(req: Pick<Request, 'headers'>): boolean } {
  return { trusts: (req) => isPeerCall(req, secret) };
}

/** The peers port: a service's synchronous calls to other services. */
export interface Peers {
  /**
   * Calls `peer`; any HTTP status is returned to the caller to interpret.
   * @throws HttpError 503 `{ message: '<peer> service is unavailable' }` when the peer cannot be
   *   reached, times out or answers something that is not JSON.
   */
  call<T = unknown>(peer: PeerName, req: PeerRequest): Promise<PeerResponse<T>>;
  /**
   * Calls the declared operation `operationId` on the service that owns it, with the declared method and
   * path (`input.params` filled in, `input.query` appended) and `input.body` as JSON; the answer's body is
   * for the caller to parse. Same errors as `call`, and Error when a path parameter is missing.
   */
  callOperation<Id extends PeerOperationId>(
    operationId: Id,
    input: OperationCallInput<DeclaredOperation<Id>>,
  ): Promise<PeerResponse<unknown>>;
}

/** A peers port over `call`: `callOperation` resolves the declaration and goes through `call`. */
function peersOver(call: Peers['call']): Peers {
  return {
    call,
    callOperation(operationId, input) {
      const { peer, request } = operationRequest(operationId, input);
      return call(peer, request);
    },
  };
}

/** Options of {@link createPeers}. */
export interface PeersOptions {
  /** Configured base URLs by peer (distributed mode); several replicas comma-separated, used in turn. */
  urls: Partial<Record<PeerName, string | undefined>>;
  /** This process's own base URL, known once it listens; used for peers without a configured URL. */
  selfUrl: () => string | undefined;
  /** Per-call timeout in ms. */
  timeoutMs: number;
  /** This process's peer secret, sent as {@link PEER_CALL_HEADER}. */
  secret: string;
  logger: Logger;
}

/** Creates the peers port. */
export function createPeers(opts: PeersOptions): Peers {
  const rotations = new Map<PeerName, () => string | undefined>();
  const next = (peer: PeerName) => {
    let rotation = rotations.get(peer);
    if (!rotation) {
      rotation = urlRotation(opts.urls[peer]);
      rotations.set(peer, rotation);
    }
    return rotation();
  };
  return peersOver(async <T>(peer: PeerName, req: PeerRequest): Promise<PeerResponse<T>> => {
    const base = next(peer) ?? opts.selfUrl();
    const unavailable = new HttpError(503, `${peer} service is unavailable, please try again.`);
    if (!base) throw unavailable;
    const headers: Record<string, string> = { accept: 'application/json', [PEER_CALL_HEADER]: opts.secret };
    const ctx = currentContext();
    if (ctx) {
      headers['x-request-id'] = ctx.requestId;
      headers['x-correlation-id'] = ctx.correlationId;
    }
    for (const name of ['authorization', 'cookie'] as const) {
      const value = req.forward?.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(new URL(req.path, base), {
        method: req.method ?? 'GET',
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    } catch (err) {
      opts.logger.warn({ err, peer, path: req.path }, 'peer call failed');
      throw unavailable;
    }
  });
}

/**
 * Takes turns over the comma-separated URLs of `urls` (a `<NAME>_SERVICE_URL` with several replicas): each
 * call returns the next one; undefined when `urls` is unset or empty.
 */
export function urlRotation(urls: string | undefined): () => string | undefined {
  const list = (urls ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  let turn = 0;
  return () => (list.length === 0 ? undefined : list[turn++ % list.length]);
}

/**
 * `peers` limited to the services `service` declares it calls (`ServiceModule.calls`).
 * @throws Error from `call` naming both services when the peer is not declared.
 */
export function restrictPeers(peers: Peers, service: string, calls: readonly PeerName[]): Peers {
  return peersOver((peer, req) => {
    if (!calls.includes(peer)) throw new Error(`service ${service} calls ${peer} without declaring it`);
    return peers.call(peer, req);
  });
}
