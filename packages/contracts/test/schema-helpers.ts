/** Helpers of the schema suites (`*-schemas.test.ts`): what a rejected parse says. */
import { expect } from 'vitest';
import type { z } from 'zod';

/** The messages of a failed parse (fails the test when the parse succeeds). */
export function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  expect(r.success, `expected ${JSON.stringify(input)} to be rejected`).toBe(false);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

/** Expects the parse to fail with a message that names `field`. */
export function expectRejected(schema: z.ZodType, input: unknown, field: string): void {
  const msgs = messages(schema, input);
  expect(
    msgs.some((m) => m.includes(field)),
    `messages ${JSON.stringify(msgs)} should name ${field}`,
  ).toBe(true);
}

/** A valid record id. */
export const ID = '7f0c1c6e-4b7a-4e43-9d7d-2c0e0b0a0a01';
