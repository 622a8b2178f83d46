/**
 * Auth rules and the messages users see (issue 4; spec §8 for the success toasts' wording).
 */

/** A one-time code lives 10 minutes (issue 4), in ms. */
export const OTP_TTL_MS = 10 * 60 * 1000;
/**
 * An account whose mobile number was not verified within 24 h has expired (issue 20, point 4): its
 * e-mail, phone number and username are free again (the row is deleted when someone claims one of them,
 * or when it asks for a new code), in ms.
 */
export const UNVERIFIED_TTL_MS = 24 * 60 * 60 * 1000;
/** An e-mail verification link is valid 24 h (issue 20, point 3), in ms. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Wrong tries after which a code is dead (issue 4). */
export const OTP_MAX_ATTEMPTS = 5;

/**
 * Rate limits (issue 4: per IP on social login, register, verify and resend; issue 10: password).
 * Password logins and code guesses are throttled by their failures instead (issue 20, point 5:
 * `lockout.ts`); the former hard per-account and per-phone walls let anyone lock the owner out.
 */
export const limits = {
  /** Google and Facebook sign-in, per IP. */
  loginPerIp: { name: 'auth-login-ip', points: 30, durationMs: 15 * 60_000 },
  registerPerIp: { name: 'auth-register-ip', points: 10, durationMs: 60 * 60_000 },
  verifyPerIp: { name: 'auth-verify-ip', points: 30, durationMs: 15 * 60_000 },
  resendPerIp: { name: 'auth-resend-ip', points: 20, durationMs: 60 * 60_000 },
  /** Issue 4: at most one resend per 30 s and five per hour per phone. */
  resendPerPhone30s: { name: 'auth-resend-phone-30s', points: 1, durationMs: 30_000 },
  resendPerPhoneHour: { name: 'auth-resend-phone-hour', points: 5, durationMs: 60 * 60_000 },
  /** Password change (issue 10): as login, per IP and per account (user id); success resets the account's. */
  passwordPerIp: { name: 'auth-password-ip', points: 30, durationMs: 15 * 60_000 },
  passwordPerAccount: { name: 'auth-password-account', points: 10, durationMs: 15 * 60_000 },
  /** E-mail verification links (issue 20): five per user per hour. */
  emailLinkPerUser: { name: 'auth-email-link-user', points: 5, durationMs: 60 * 60_000 },
} as const;

/** Messages of the auth routes (success toasts and errors; errors name the field where there is one). */
export const messages = {
  registered: 'Registration successful. Enter the 6-digit code sent to your mobile number.',
  otpResent: 'A new verification code has been sent to your mobile number.',
  badCredentials: 'Invalid email or password.',
  unverified: 'Please verify your mobile number before logging in. We can send you a new code.',
  noOtp: 'No verification code is pending for this number. Please request a new one.',
  otpExpired: 'The verification code has expired. Please request a new one.',
  otpLocked: 'Too many wrong codes. Please request a new one.',
  otpWrong: 'The verification code is incorrect.',
  noUnverifiedAccount: 'No unverified account matches this e-mail and mobile number.',
  loggedOut: 'User logged out successfully.',
  loggedOutEverywhere: 'Signed out on every device.',
  emailLinkSent: 'We have sent a verification link to your e-mail address.',
  emailAlreadyVerified: 'Your e-mail address is verified already.',
  emailVerified: 'Your e-mail address is verified.',
  emailLinkInvalid: 'token: this verification link is invalid, used or expired. Please ask for a new one.',
  adminNotLinked:
    'This e-mail address belongs to an administrator account, which is never linked to Google or Facebook. Sign in with its password.',
  tooMany: 'Too many attempts. Please try again later.',
  userCreated: 'User successfully created.',
  userDeleted: 'User successfully deleted.',
  userNotFound: 'User not found.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  sessionGone: 'Your session has ended. Please log in again.',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  wrongCurrentPassword: 'currentPassword is incorrect',
  noPassword: 'currentPassword: this account has no password to change; it signs in with Google or Facebook',
  taken: (field: 'email' | 'username' | 'phone_number') =>
    ({
      email: 'email is already registered',
      username: 'username is already taken',
      phone_number: 'phone_number is already registered',
    })[field],
} as const;
