/**
 * Sign-up, sign-in, sessions and the profile (spec §7 "Auth"; issues 4, 10 and 20) and the Admin's user accounts (spec §7 "Account").
 */
import {
  authSessionResponse,
  changePasswordBody,
  changePasswordResponse,
  createUserBody,
  facebookLoginBody,
  facebookLoginQuery,
  getAllUserQuery,
  googleLoginBody,
  jwksResponse,
  loginBody,
  profileResponse,
  registerBody,
  registerResponse,
  resendOtpBody,
  socialProvidersResponse,
  updateProfileBody,
  updateProfileResponse,
  userIdParams,
  userListResponse,
  userMessageResponse,
  verifyEmailBody,
  verifyMobileOtpBody,
} from '../auth';
import { messageResponse } from '../common';
import { defineOperations, error, tooMany } from './define';

/** Every operation of this area, keyed by operation id, in the order of the API document. */
export const authOperations = defineOperations({
  // auth (spec §7, issue 4)
  socialProviders: {
    method: 'get',
    path: '/api/auth/providers',
    summary: 'Which social sign-ins are configured, with the public ids their web SDKs need (issue 10)',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'The configured providers', schema: socialProvidersResponse } },
  },
  googleLogin: {
    method: 'post',
    path: '/api/auth/googleLogin',
    summary: 'Sign in with a Google ID token',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    request: { body: googleLoginBody },
    responses: {
      200: { description: 'Signed in; sets the auth-token cookie', schema: authSessionResponse },
      401: error('The Google ID token is invalid'),
      ...tooMany,
      503: error('Google sign-in is not configured'),
    },
  },
  facebookLogin: {
    method: 'post',
    path: '/api/auth/facebookLogin',
    summary: 'Sign in with a Facebook access token (in the query, as the spec has it, or in the body)',
    description:
      'The spec\'s client sends `?access_token=`; a client may send `{ "access_token": … }` as the JSON body ' +
      'instead, which keeps the token out of URLs (issue 20). One of the two is required (400 otherwise).',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    request: { query: facebookLoginQuery, body: facebookLoginBody },
    responses: {
      200: { description: 'Signed in; sets the auth-token cookie', schema: authSessionResponse },
      401: error('The Facebook access token is invalid'),
      ...tooMany,
      503: error('Facebook sign-in is not configured'),
    },
  },
  register: {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Sign up; sends a one-time code to the mobile number',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    request: { body: registerBody },
    responses: {
      201: { description: 'Registered, not yet verified', schema: registerResponse },
      409: error('The e-mail, username or phone number is taken (the message names it)'),
      ...tooMany,
    },
  },
  verifyMobileOtp: {
    method: 'post',
    path: '/api/auth/verifyMobileOtp',
    summary: 'Verify the mobile number with the one-time code; signs in',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    request: { body: verifyMobileOtpBody },
    responses: {
      200: { description: 'Verified and signed in; sets the auth-token cookie', schema: authSessionResponse },
      400: error('Invalid input, or the code is wrong, expired or used up'),
      404: error('No pending verification for this phone number'),
      ...tooMany,
    },
  },
  resendOtp: {
    method: 'post',
    path: '/api/auth/resendOtp',
    summary: 'Send a new one-time code (replaces the old one)',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    request: { body: resendOtpBody },
    responses: {
      200: { description: 'A new code was sent', schema: messageResponse },
      404: error('No unverified user with this e-mail and phone number'),
      ...tooMany,
    },
  },
  login: {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with e-mail and password',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    request: { body: loginBody },
    responses: {
      200: { description: 'Signed in; sets the auth-token cookie', schema: authSessionResponse },
      401: error('Wrong e-mail or password (one generic message)'),
      403: error('The mobile number is not verified yet'),
      ...tooMany,
    },
  },
  getProfile: {
    method: 'get',
    path: '/api/auth/profile',
    summary: 'The signed-in user (the user object itself)',
    tags: ['Auth'],
    service: 'auth',
    access: 'user',
    responses: { 200: { description: 'The current user', schema: profileResponse } },
  },
  updateProfile: {
    method: 'patch',
    path: '/api/auth/profile',
    summary: "Change the signed-in user's name and profile photo (issue 10)",
    description:
      'At least one of `name`, `profileKey` (a key of your own upload: `POST /api/storage/getUrl?type=cars`, then ' +
      'the PUT) and `removeProfile: true` (back to the default avatar); other fields are refused. The storage ' +
      'service confirms the key before anything changes.',
    tags: ['Auth'],
    service: 'auth',
    access: 'user',
    request: { body: updateProfileBody },
    responses: {
      200: {
        description: 'Updated; `user` as GET /api/auth/profile answers it',
        schema: updateProfileResponse,
      },
      400: error('Invalid input, or storage refused profileKey (the message names the field)'),
      503: error('The storage service could not be asked; try again'),
    },
  },
  changePassword: {
    method: 'post',
    path: '/api/auth/password',
    summary: "Change the signed-in user's password, given the current one (issue 10)",
    description:
      'The new password follows the sign-up rule. Every other session of the user ends (issue 20); the ' +
      'current one goes on with the new token in the answer and the auth-token cookie (the token the ' +
      'request came with is refused from now on). Accounts that sign in only with Google or Facebook have ' +
      'no password to change (400).',
    tags: ['Auth'],
    service: 'auth',
    access: 'user',
    request: { body: changePasswordBody },
    responses: {
      200: { description: 'Changed; the session goes on with tokenId', schema: changePasswordResponse },
      400: error(
        'Invalid input, currentPassword is incorrect, or the account has no password (the message names the field)',
      ),
      ...tooMany,
    },
  },
  logout: {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out: clears the cookie and revokes the presented token, if any',
    description: 'Public so that signing out always succeeds, even with an expired session.',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'Signed out', schema: messageResponse } },
  },
  requestEmailVerification: {
    method: 'post',
    path: '/api/auth/email/verification',
    summary: "E-mail a link that proves the signed-in user's address is theirs (issue 20)",
    description:
      'The link is valid for 24 hours and replaces any earlier one. Until the address is verified, a ' +
      'Google or Facebook sign-in with the same address is not linked to this account: a verified owner ' +
      'takes the address over.',
    tags: ['Auth'],
    service: 'auth',
    access: 'user',
    responses: {
      200: { description: 'Link sent', schema: messageResponse },
      409: error('The address is verified already'),
      ...tooMany,
    },
  },
  verifyEmail: {
    method: 'post',
    path: '/api/auth/email/verify',
    summary: 'Verify the e-mail address with the token of the e-mailed link (issue 20)',
    description:
      'The link opens /profile?verifyEmail=<token>, and the page posts the token here. A token works once, ' +
      'for 24 hours, and only while the account still has the address it was sent to.',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    request: { body: verifyEmailBody },
    responses: {
      200: { description: 'Verified', schema: messageResponse },
      400: error('token is missing, unknown, used or expired'),
    },
  },
  logoutAll: {
    method: 'post',
    path: '/api/auth/logout-all',
    summary: 'Sign out everywhere: ends every session of the signed-in user, this one included (issue 20)',
    description:
      'Every token the user holds is refused from now on, on every device; the cookies of this browser are ' +
      'cleared. Signing in again starts a new session.',
    tags: ['Auth'],
    service: 'auth',
    access: 'user',
    responses: { 200: { description: 'Signed out everywhere', schema: messageResponse } },
  },
  getJwks: {
    method: 'get',
    path: '/api/auth/.well-known/jwks.json',
    summary: 'Public keys that verify session tokens (issue 4)',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'JSON Web Key Set', schema: jwksResponse } },
  },
  getDefaultAvatar: {
    method: 'get',
    path: '/api/auth/avatar/default.svg',
    summary: 'The avatar shown for users without a profile image (SVG)',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'The SVG', contentTypes: ['image/svg+xml'] } },
  },
  // account admin (spec §7, issue 4)
  getAllUsers: {
    method: 'get',
    path: '/api/account/getAllUser',
    summary: 'List users, optionally of one role',
    tags: ['Account'],
    service: 'auth',
    access: 'admin',
    request: { query: getAllUserQuery },
    responses: { 200: { description: 'A JSON array of users', schema: userListResponse } },
  },
  createUser: {
    method: 'post',
    path: '/api/account/user/new',
    summary: 'Create a user (role defaults to User)',
    tags: ['Account'],
    service: 'auth',
    access: 'admin',
    request: { body: createUserBody },
    responses: {
      201: { description: 'Created', schema: userMessageResponse },
      409: error('The e-mail, username or phone number is taken (the message names it)'),
    },
  },
  deleteUser: {
    method: 'delete',
    path: '/api/account/user/{id}',
    summary: 'Delete a user',
    tags: ['Account'],
    service: 'auth',
    access: 'admin',
    request: { params: userIdParams },
    responses: {
      200: { description: 'Deleted', schema: userMessageResponse },
      404: error('No such user (also for an id that is not a user id)'),
      409: error('An admin cannot delete their own account'),
    },
  },
});
