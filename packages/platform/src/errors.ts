/**
 * The one error type for HTTP answers, and the Express handlers that render every error as `{ message }`.
 * No stack trace or internal detail ever reaches a client; unexpected errors are logged and answered 500.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** An error with an HTTP status whose message is safe to show to the client. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Response headers that go with the answer, e.g. `retry-after`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 429 with `Retry-After` in whole seconds (at least 1) from `retryAfterMs`. */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/** Answers JSON 404 for any `/api` path no router handled. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` });
};

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/**
 * Renders errors: HttpError → its status and message; body-parser errors → 400 (malformed JSON) or 413
 * (too large); anything else → 500 'Internal server error' (logged with its stack).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      res.status(err.status).json({ message: err.message });
      return;
    }
    const bodyErr = err as BodyParserError;
    if (bodyErr?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'The request body is not valid JSON.' });
      return;
    }
    if (bodyErr?.type === 'entity.too.large') {
      res.status(413).json({ message: 'The request body is too large.' });
      return;
    }
    if (bodyErr?.expose && typeof bodyErr.status === 'number' && bodyErr.status < 500) {
      res.status(bodyErr.status).json({ message: (err as Error).message });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}
