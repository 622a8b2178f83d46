/**
 * Authentication and account calls (spec §7 "Authentication and account", §3 "Auth user", §5; issue 4).
 */
import { z } from 'zod';
import {
  DEFAULTS,
  enumField,
  fieldError,
  idParams,
  objectId,
  queryEnum,
  roleSchema,
  roles,
  textField,
} from './common';

// ---------------------------------------------------------------------------------------------------
// Field rules (issue 4)
// ---------------------------------------------------------------------------------------------------

/** Indian mobile number: 10 digits starting 6–9, optionally prefixed by `+91` (issue 4). */
export const INDIAN_MOBILE_PATTERN = /^(?:\+91[\s-]?)?[6-9]\d{9}$/;
/** Username: 3–30 of a–z, 0–9, `_` and `.` (issue 4). */
export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;

/** Strips an optional `+91` prefix, giving the bare 10-digit number used as the canonical form. */
export function normalizeIndianMobile(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/**
 * An Indian mobile number field; accepts `9876543210`, `+919876543210` or `+91 98765 43210`-style
 * prefix and yields the canonical bare 10 digits (so `+91…` and the bare form find the same user).
 */
export function indianMobileField(field = 'phone_number') {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .regex(INDIAN_MOBILE_PATTERN, `${field} must be an Indian mobile number: 10 digits, optionally +91`)
    .transform(normalizeIndianMobile);
}

/** An e-mail field, lower-cased (issue 4: valid e-mail). */
export function emailField(field = 'email') {
  return z
    .email({ error: fieldError(field, `${field} must be a valid e-mail address`) })
    .max(254, `${field} must be at most 254 characters`)
    .toLowerCase();
}

/** A username field: 3–30 of a–z, 0–9, `_`, `.` (issue 4). */
export function usernameField(field = 'username') {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .regex(USERNAME_PATTERN, `${field} must be 3–30 characters of a–z, 0–9, _ and .`);
}

/** A new password: at least 8 characters with a letter and a digit (issue 4); at most 128. */
export function newPasswordField(field = 'password') {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .min(8, `${field} must be at least 8 characters`)
    .max(128, `${field} must be at most 128 characters`)
    .regex(/[A-Za-z]/, `${field} must contain a letter`)
    .regex(/\d/, `${field} must contain a digit`);
}

/** The one-time code: the six digits joined and sent as a number (spec §5), so 012345 arrives as 12345. */
export const otpField = z
  .number({ error: fieldError('otp', 'otp must be a 6-digit number') })
  .int('otp must be a 6-digit number')
  .min(0, 'otp must be a 6-digit number')
  .max(999_999, 'otp must be a 6-digit number');

// ---------------------------------------------------------------------------------------------------
// Entity
// ---------------------------------------------------------------------------------------------------

/**
 * A user as returned by the API (spec §3 "Auth user"; issue 4). Never carries a password or OTP hash.
 * `profile` is an image URL (a default avatar URL when the user has none). `phone_number` and `username`
 * are absent for users created by Google/Facebook sign-in until they add them (guess).
 */
export const user = z
  .object({
    _id: objectId,
    name: z.string(),
    role: roleSchema,
    profile: z.string().meta({ description: 'Avatar image URL; a default avatar when absent' }),
    email: z.email(),
    phone_number: z.string().optional().meta({ description: 'Bare 10-digit Indian mobile number' }),
    username: z.string().optional(),
    createdAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'User', description: 'A user account (spec §3)' });
/** Inferred type of {@link user}. */
export type User = z.infer<typeof user>;

/** Sign-in answer: `{ user, tokenId }`; `tokenId` is the session JWT, also set as cookie `auth-token`. */
export const authSessionResponse = z
  .object({
    user,
    tokenId: z.string().meta({ description: 'Session JWT (also set as the auth-token cookie)' }),
  })
  .meta({ id: 'AuthSession' });
/** Inferred type of {@link authSessionResponse}. */
export type AuthSessionResponse = z.infer<typeof authSessionResponse>;

// ---------------------------------------------------------------------------------------------------
// Requests and responses
// ---------------------------------------------------------------------------------------------------

/** `POST /api/auth/register` body (spec §3 "Sign-up payload", issue 4 rules). */
export const registerBody = z
  .object({
    name: textField('name', 100),
    username: usernameField(),
    email: emailField(),
    phone_number: indianMobileField(),
    password: newPasswordField(),
    confirm_password: z.string({
      error: fieldError('confirm_password', 'confirm_password must be a string'),
    }),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'confirm_password must match password',
  })
  .meta({ id: 'RegisterBody' });
/** Input type of {@link registerBody}. */
export type RegisterBody = z.input<typeof registerBody>;

/** `POST /api/auth/register` answer: `{ data: { phone_number, email }, message }` (spec §7, issue 4). */
export const registerResponse = z.object({
  data: z.object({ phone_number: z.string(), email: z.email() }),
  message: z.string(),
});

/** `POST /api/auth/verifyMobileOtp` body: `{ phone_number, otp }` (spec §3, §7). */
export const verifyMobileOtpBody = z.object({ phone_number: indianMobileField(), otp: otpField });

/** `POST /api/auth/resendOtp` body: `{ email, phone_number }` (spec §7). */
export const resendOtpBody = z.object({ email: emailField(), phone_number: indianMobileField() });

/** `POST /api/auth/login` body: `{ email, password }` (spec §3). The password format is not checked here. */
export const loginBody = z.object({
  email: emailField(),
  password: z
    .string({ error: fieldError('password', 'password must be a string') })
    .min(1, 'password is required')
    .max(128, 'password must be at most 128 characters'),
});

/** `POST /api/auth/googleLogin` body: `{ tokenId }`, a Google ID token (spec §7, issue 4). */
export const googleLoginBody = z.object({ tokenId: textField('tokenId', 8192) });

/** `POST /api/auth/facebookLogin?access_token=` query (spec §7, issue 4). */
export const facebookLoginQuery = z.object({ access_token: textField('access_token', 4096) });

/** `GET /api/auth/profile` answer: the user object itself at the top level (issue 4). */
export const profileResponse = user;

/** `GET /api/auth/.well-known/jwks.json` answer: the public JSON Web Key Set of the auth service (issue 4). */
export const jwksResponse = z
  .object({
    keys: z.array(
      z.looseObject({
        kty: z.string(),
        kid: z.string().optional(),
        alg: z.string().optional(),
        use: z.string().optional(),
        crv: z.string().optional(),
        x: z.string().optional(),
        y: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'Jwks', description: 'JSON Web Key Set (RFC 7517)' });

/** `GET /api/account/getAllUser?userType=` query; omitted or empty = all users (spec §7, issue 4). */
export const getAllUserQuery = z.object({ userType: queryEnum('userType', roles) });

/** `GET /api/account/getAllUser` answer: a JSON array of users (issue 4: the client maps over the body). */
export const userListResponse = z.array(user);

/** `POST /api/account/user/new` body (spec §7; role defaults to User, phone_number optional; issue 4). */
export const createUserBody = z.object({
  name: textField('name', 100),
  username: usernameField(),
  email: emailField(),
  password: newPasswordField(),
  role: enumField('role', roles).default(DEFAULTS.role),
  phone_number: z
    .literal('')
    .transform(() => undefined)
    .or(indianMobileField())
    .optional()
    .meta({ description: 'Optional Indian mobile number; an empty string counts as absent' }),
});
/** Input type of {@link createUserBody}. */
export type CreateUserBody = z.input<typeof createUserBody>;

/** `POST /api/account/user/new` and `DELETE /api/account/user/{id}` answer: `{ message, data }` (issue 4). */
export const userMessageResponse = z.object({ message: z.string(), data: user.optional() });

/** `DELETE /api/account/user/{id}` path parameters. */
export const userIdParams = idParams;
