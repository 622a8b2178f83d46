/**
 * Client-side checks of the account forms, matching the auth service's rules (packages/contracts
 * `auth.ts`: name 1–100 characters; password 8–128 characters with a letter and a digit) so a user sees
 * the problem before submitting. The server checks again and its message is shown when it refuses.
 */
import type { RegisterOptions } from 'react-hook-form';

/** react-hook-form rules for a person's name. */
export const nameRules = {
  validate: (v: string) => v.trim().length > 0 || 'Please enter your name.',
  maxLength: { value: 100, message: 'The name can be at most 100 characters.' },
} satisfies RegisterOptions;

/** react-hook-form rules for an e-mail address. */
export const emailRules = {
  required: 'Please enter your e-mail address.',
  pattern: { value: /^\S+@\S+\.\S+$/, message: 'Please enter a valid e-mail address.' },
} satisfies RegisterOptions;

/** react-hook-form rules for a confirmation field that must equal the form's field `field`. */
export function matchesRules<T extends object>(field: keyof T) {
  return {
    validate: (value: string, all: T) => value === all[field] || 'The passwords do not match.',
  };
}

/** react-hook-form rules for a new password. */
export const newPasswordRules = {
  minLength: { value: 8, message: 'The password must be at least 8 characters.' },
  maxLength: { value: 128, message: 'The password can be at most 128 characters.' },
  validate: {
    letter: (v: string) => /[A-Za-z]/.test(v) || 'The password must contain a letter.',
    digit: (v: string) => /\d/.test(v) || 'The password must contain a digit.',
  },
} satisfies RegisterOptions;

/** Shown under new-password fields. */
export const NEW_PASSWORD_HINT = 'At least 8 characters with a letter and a digit';
