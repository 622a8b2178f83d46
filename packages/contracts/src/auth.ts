/**
 * Authentication and account calls (spec §7 "Authentication and account", §3 "Auth user", §5; issue 4).
 */
import { z } from 'zod';
import {
  DEFAULTS,
  enumField,
  fieldError,
  idParams,
  numberFromForm,
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

/** A user's display name: trimmed, 1–100 characters (issue 4; sign-up, admin creation and profile edit). */
export function userNameField(field = 'name') {
  return textField(field, 100);
}

/**
 * A password the user already has (login, password change): any non-empty string of at most 128
 * characters; its format is not checked (older passwords may predate the rules).
 */
export function existingPasswordField(field = 'password') {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .min(1, `${field} is required`)
    .max(128, `${field} must be at most 128 characters`);
}

/**
 * The one-time code: the six digits joined and sent as a number (spec §5), so 012345 arrives as 12345; the
 * same digits as a string are read as that number too (forms post strings, issue 19).
 */
export const otpField = z.preprocess(
  numberFromForm,
  z
    .number({ error: fieldError('otp', 'otp must be a 6-digit number') })
    .int('otp must be a 6-digit number')
    .min(0, 'otp must be a 6-digit number')
    .max(999_999, 'otp must be a 6-digit number'),
);

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
    emailVerified: z.boolean().optional().meta({
      description:
        'Whether the e-mail address is proven to be the user’s (a link sent to it, a provider, or an admin; issue 20)',
    }),
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
    name: userNameField(),
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
export const loginBody = z.object({ email: emailField(), password: existingPasswordField() });

/** `POST /api/auth/googleLogin` body: `{ tokenId }`, a Google ID token (spec §7, issue 4). */
export const googleLoginBody = z.object({ tokenId: textField('tokenId', 8192) });

/**
 * `POST /api/auth/facebookLogin?access_token=` query (spec §7, issue 4). The token may come in the body
 * instead ({@link facebookLoginBody}), which keeps it out of access logs and proxies (issue 20, point 7);
 * one of the two is required.
 */
export const facebookLoginQuery = z.object({ access_token: textField('access_token', 4096).optional() });

/** `POST /api/auth/facebookLogin` body: `{ access_token }`, the same token as the query's (issue 20). */
export const facebookLoginBody = z.object({ access_token: textField('access_token', 4096).optional() });

/**
 * `GET /api/auth/providers` answer (issue 10): which social sign-ins are configured, with the public ids
 * the providers' web SDKs need (`GOOGLE_CLIENT_ID`, `FACEBOOK_APP_ID`; never a secret). `null` when the
 * provider is off, and the front end then shows no button for it.
 */
export const socialProvidersResponse = z
  .object({
    google: z.object({ clientId: z.string() }).nullable(),
    facebook: z.object({ appId: z.string() }).nullable(),
  })
  .meta({ id: 'SocialProviders' });
/** Inferred type of {@link socialProvidersResponse}. */
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponse>;

/** `GET /api/auth/profile` answer: the user object itself at the top level (issue 4). */
export const profileResponse = user;

/** Shape of a storage key (see contracts `uploadParams`): 1–100 of lower-case letters, digits and `-`. */
const STORAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The fields `PATCH /api/auth/profile` accepts. */
export const updateProfileFields = ['name', 'profileKey', 'removeProfile'] as const;

/** Error of a strict body: names the unknown field(s), or says the body is no JSON object. */
function strictBodyError(allowed: readonly string[]) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `unknown field ${(issue.keys ?? []).join(', ')} (allowed: ${allowed.join(', ')})`
      : 'body must be a JSON object';
}

/**
 * `PATCH /api/auth/profile` body (issue 10, Edit Profile), at least one field, no other fields:
 * - `name`: the new display name, same rule as sign-up (trimmed, 1–100 characters);
 * - `profileKey`: the key of a profile photo the signed-in user uploaded through the storage flow
 *   (`POST /api/storage/getUrl?type=cars`, then the `PUT` to `uploadUrl`); the auth service has storage
 *   confirm it (it must be this user's upload of type `cars` and a valid image) before it is used;
 * - `removeProfile: true`: back to the default avatar (not together with `profileKey`).
 */
export const updateProfileBody = z
  .strictObject(
    {
      name: userNameField().optional(),
      profileKey: z
        .string({ error: 'profileKey must be a string' })
        .regex(STORAGE_KEY_PATTERN, 'profileKey must be a storage key from POST /api/storage/getUrl')
        .optional(),
      removeProfile: z
        .literal(true, { error: 'removeProfile must be true (leave it out to keep the photo)' })
        .optional(),
    },
    { error: strictBodyError(updateProfileFields) },
  )
  .refine((b) => updateProfileFields.some((f) => b[f] !== undefined), {
    message: `body must contain at least one of ${updateProfileFields.join(', ')}`,
  })
  .refine((b) => !(b.profileKey !== undefined && b.removeProfile), {
    path: ['removeProfile'],
    message: 'removeProfile cannot be combined with profileKey',
  })
  .meta({ id: 'UpdateProfileBody' });
/** Input type of {@link updateProfileBody}. */
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** `PATCH /api/auth/profile` answer: `{ message, user }`, `user` as `GET /api/auth/profile` answers it. */
export const updateProfileResponse = z.object({ message: z.string(), user });
/** Inferred type of {@link updateProfileResponse}. */
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

const changePasswordFields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * `POST /api/auth/password` body (issue 10): `currentPassword` (the password the user signs in with),
 * `newPassword` (sign-up's rule: 8–128 characters with a letter and a digit, and not the current one),
 * `confirmPassword` (equal to `newPassword`). No other fields.
 */
export const changePasswordBody = z
  .strictObject(
    {
      currentPassword: existingPasswordField('currentPassword'),
      newPassword: newPasswordField('newPassword'),
      confirmPassword: z.string({
        error: fieldError('confirmPassword', 'confirmPassword must be a string'),
      }),
    },
    { error: strictBodyError(changePasswordFields) },
  )
  .refine((b) => b.newPassword === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'confirmPassword must match newPassword',
  })
  .refine((b) => b.newPassword !== b.currentPassword, {
    path: ['newPassword'],
    message: 'newPassword must differ from currentPassword',
  })
  .meta({ id: 'ChangePasswordBody' });
/** Input type of {@link changePasswordBody}. */
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/**
 * `POST /api/auth/password` answer (issue 20, point 2): `{ message, tokenId }`. The change ends every
 * other session of the user; the current one goes on with `tokenId`, a new token also set as the
 * `auth-token` cookie (the token the request came with is refused from now on).
 */
export const changePasswordResponse = z
  .object({ message: z.string(), tokenId: z.string() })
  .meta({ id: 'ChangePasswordResponse' });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/**
 * `POST /api/auth/email/verify` body (issue 20, point 3): `token` from the e-mailed link
 * (`/profile?verifyEmail=<token>`; the page posts it, so a mail scanner opening the link verifies nothing).
 */
export const verifyEmailBody = z.object({ token: textField('token', 200) });

/**
 * The internal `checkSession` answer (operations/internal.ts; ADR 11): the session token's user, role and
 * token id, read from the auth record at the time of the call.
 */
export const sessionCheckResponse = z.object({ id: z.string(), role: roleSchema, jti: z.string() });
/** Inferred type of {@link sessionCheckResponse}. */
export type SessionCheckResponse = z.infer<typeof sessionCheckResponse>;

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
  name: userNameField(),
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
export const userMessageResponse = z.object({ message: z.string(), data: user });

/** `DELETE /api/account/user/{id}` path parameters. */
export const userIdParams = idParams;
