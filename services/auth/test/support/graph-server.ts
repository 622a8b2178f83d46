/**
 * A local stand-in for the Facebook Graph API: `/debug_token` and `/me` with Graph's answers and errors.
 * Used by the provider unit tests and the auth API tests (point FACEBOOK_GRAPH_URL at `url`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import express, { type Response } from 'express';
import { startLocalServer } from '../../../../test-support/http';

export interface GraphUser {
  id: string;
  name: string;
  email?: string;
  /** Profile picture URL, answered as `picture.data.url`. */
  picture?: string;
}

export interface IssueTokenOptions {
  /** `is_valid` reported by debug_token (default true); an invalid token is also refused by `/me`. */
  valid?: boolean;
  /** The app the token was issued for (default: the stub's app id). */
  appId?: string;
  /** Lifetime from now, in seconds (default 3600); 0 → never expires (`expires_at: 0`). */
  expiresInSec?: number;
  /** The `id` that `/me` answers, when it should differ from `user.id` (mismatch tests). */
  meId?: string;
}

export interface GraphStub {
  /** Base URL, for FACEBOOK_GRAPH_URL (includes a version segment like the real one). */
  url: string;
  appId: string;
  /** Registers a user access token for `user` and returns it. */
  issueToken(user: GraphUser, opts?: IssueTokenOptions): string;
  /** How many requests each endpoint has received, e.g. `{ debug_token: 1, me: 1 }`. */
  requests(): { debug_token: number; me: number };
  /** While set, every endpoint answers this HTTP status with a non-JSON body; `null` restores it. */
  failWith(status: number | null): void;
  /** Closes the server and its open connections. */
  stop(): Promise<void>;
}

interface IssuedToken {
  user: GraphUser;
  valid: boolean;
  appId: string;
  issuedAt: number;
  expiresAt: number;
  meId: string;
}

/** Graph's error body; status 400 as the real API answers for OAuth errors. */
function oauthError(res: Response, message: string, code = 190): void {
  res.status(400).json({ error: { message, type: 'OAuthException', code, fbtrace_id: 'stub' } });
}

/**
 * Starts the stub on 127.0.0.1 with a free port. `/debug_token` requires `access_token=<appId>|<appSecret>`
 * and answers `{ data: { app_id, type, application, is_valid, user_id, issued_at, expires_at, scopes } }`
 * for issued tokens, or a 400 OAuthException (code 190) for unknown ones. `/me` answers the requested
 * `fields` of the token's user and checks `appsecret_proof` when one is sent.
 */
export async function startGraphStub(opts: { appId: string; appSecret: string }): Promise<GraphStub> {
  const tokens = new Map<string, IssuedToken>();
  const counts = { debug_token: 0, me: 0 };
  let failure: number | null = null;
  const nowSec = () => Math.floor(Date.now() / 1000);
  const isLive = (t: IssuedToken) => t.valid && (t.expiresAt === 0 || t.expiresAt > nowSec());
  const query = (value: unknown) => (typeof value === 'string' ? value : '');

  const app = express();
  const router = express.Router();
  router.use((_req, res, next) => {
    if (failure === null) {
      next();
      return;
    }
    res.status(failure).type('text/html').send('<html>Sorry, something went wrong.</html>');
  });

  router.get('/debug_token', (req, res) => {
    counts.debug_token += 1;
    if (query(req.query.access_token) !== `${opts.appId}|${opts.appSecret}`) {
      oauthError(res, 'Invalid OAuth access token signature.');
      return;
    }
    const issued = tokens.get(query(req.query.input_token));
    if (!issued) {
      oauthError(res, 'Invalid OAuth access token - Cannot parse access token');
      return;
    }
    const isValid = isLive(issued);
    res.json({
      data: {
        app_id: issued.appId,
        type: 'USER',
        application: 'Marketplace Test App',
        data_access_expires_at: issued.issuedAt + 90 * 86_400,
        expires_at: issued.expiresAt,
        is_valid: isValid,
        issued_at: issued.issuedAt,
        scopes: ['email', 'public_profile'],
        user_id: issued.user.id,
        ...(isValid
          ? {}
          : {
              error: {
                code: 190,
                message: 'Error validating access token: Session has expired.',
                subcode: 463,
              },
            }),
      },
    });
  });

  router.get('/me', (req, res) => {
    counts.me += 1;
    const token = query(req.query.access_token);
    const issued = tokens.get(token);
    if (!issued || !isLive(issued)) {
      oauthError(res, 'Invalid OAuth access token - Cannot parse access token');
      return;
    }
    const proof = req.query.appsecret_proof;
    if (proof !== undefined && proof !== createHmac('sha256', opts.appSecret).update(token).digest('hex')) {
      oauthError(res, 'Invalid appsecret_proof provided in the API argument', 100);
      return;
    }
    const fields = new Set(query(req.query.fields).split(',').filter(Boolean));
    const body: Record<string, unknown> = { id: issued.meId };
    if (fields.has('name')) body.name = issued.user.name;
    if (fields.has('email') && issued.user.email !== undefined) body.email = issued.user.email;
    if (fields.has('picture') && issued.user.picture !== undefined) {
      body.picture = { data: { height: 50, width: 50, is_silhouette: false, url: issued.user.picture } };
    }
    res.json(body);
  });
  app.use('/v19.0', router);

  const server = await startLocalServer(app);

  return {
    url: `${server.origin}/v19.0`,
    appId: opts.appId,
    issueToken(user, tokenOpts = {}) {
      const token = `EAAT${randomBytes(24).toString('hex')}`;
      const issuedAt = nowSec();
      const lifetime = tokenOpts.expiresInSec ?? 3600;
      tokens.set(token, {
        user,
        valid: tokenOpts.valid ?? true,
        appId: tokenOpts.appId ?? opts.appId,
        issuedAt,
        expiresAt: lifetime === 0 ? 0 : issuedAt + lifetime,
        meId: tokenOpts.meId ?? user.id,
      });
      return token;
    },
    requests: () => ({ ...counts }),
    failWith(status) {
      failure = status;
    },
    stop: server.stop,
  };
}
