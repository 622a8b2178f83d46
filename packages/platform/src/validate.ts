/**
 * Request validation with zod schemas from packages/contracts: a failure becomes a 400 `{ message }`
 * naming the field (the first issue's path and message), and nothing is changed.
 */
import type { ZodType } from 'zod';
import { badRequest } from './errors';

/**
 * Parses `input` with `schema`.
 * @throws HttpError 400 whose message names the offending field, e.g. "email: must be a valid e-mail address".
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? 'Invalid input';
  throw badRequest(field && !message.includes(field) ? `${field}: ${message}` : message);
}
