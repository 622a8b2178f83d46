/**
 * The route registry: every call of spec §7 plus the additions of issues 4–7 and 10, with the owning
 * service, who may call it, its request schemas and its responses. The OpenAPI document (`openapi.ts`) and
 * the gateway's route table are generated from it.
 *
 * Status codes: 201 for calls that create a record, 200 otherwise (a choice of this contract; the spec's
 * client accepts any 2xx). Error bodies are always `{ message }` (spec §8). Every route that takes input
 * may answer 400 (the message names the field), every signed-in route 401, every Admin route 403, and
 * every route with a path id 404; these are added by {@link defineRoute}.
 */
import { z } from 'zod';
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
} from './auth';
import {
  carCreateBody,
  carCreateHeaders,
  carDetailResponse,
  carIdParams,
  carSaveResponse,
  carSearchQuery,
  carSearchResponse,
  carUpdateBody,
  sellerCarListResponse,
} from './cars';
import {
  errorResponse,
  idParams,
  messageResponse,
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_MAX_DAYS_AHEAD,
  TEST_DRIVE_OPENING_TIME,
  TEST_DRIVE_SLOT_MINUTES,
  TEST_DRIVE_TIME_ZONE,
  UPLOAD_CONTENT_TYPES,
} from './common';
import { contactBody, contactResponse } from './contact';
import {
  brandCreateBody,
  brandCreateResponse,
  brandDeleteResponse,
  brandListQuery,
  brandListResponse,
  brandUpdateBody,
  brandUpdateResponse,
  modelCreateBody,
  modelDeleteResponse,
  modelListQuery,
  modelListResponse,
  modelSaveResponse,
  modelUpdateBody,
  rtoCreateBody,
  rtoDeleteResponse,
  rtoListQuery,
  rtoListResponse,
  rtoSaveResponse,
  rtoUpdateBody,
  stateListQuery,
  stateListResponse,
  variantCreateBody,
  variantDeleteResponse,
  variantListQuery,
  variantListResponse,
  variantSaveResponse,
  variantUpdateBody,
} from './reference-data';
import {
  confirmImagesBody,
  confirmImagesError,
  confirmImagesResponse,
  storageLimitsResponse,
  uploadBody,
  uploadParams,
  uploadResponse,
  uploadUrlQuery,
  uploadUrlResponse,
} from './storage';
import {
  testDriveCreateBody,
  testDriveCreateResponse,
  testDriveListQuery,
  testDriveListResponse,
  testDriveSlotsQuery,
  testDriveSlotsResponse,
  testDriveStatusBody,
  testDriveStatusResponse,
  testDriveUpdateBody,
  testDriveUpdateResponse,
} from './test-drives';

/** The backend services behind the gateway (ARCHITECTURE.md "Who owns what"). */
export type ServiceName = 'auth' | 'catalog' | 'listing' | 'test-drive' | 'storage' | 'notification';
/** Who may call a route: anyone, any signed-in user, or users with role Admin (spec §6). */
export type Access = 'public' | 'user' | 'admin';
/** HTTP methods used by the API (lower case, as OpenAPI path items). */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** One documented response of a route: `schema` describes a JSON body, `contentTypes` a non-JSON one (images). */
export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** Media types of a non-JSON body (e.g. `image/svg+xml`), documented without a schema. */
  contentTypes?: readonly string[];
}

/** Request schemas of a route. Query and path values arrive as strings; `body` is JSON by default. */
export interface RouteRequest {
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** Request headers the route reads (documented as header parameters), e.g. `Idempotency-Key` (issue 20). */
  headers?: z.ZodObject;
  /** Content types of the body; default `['application/json']`. */
  bodyContentTypes?: readonly string[];
}

/** One API route: method, OpenAPI-style path (`/api/cars/{carId}`), owner, access, schemas, responses. */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  service: ServiceName;
  access: Access;
  request?: RouteRequest;
  responses: Record<number, RouteResponse>;
}

const error = (description: string): RouteResponse => ({ description, schema: errorResponse });

/** Adds the standard error responses (400, 401, 403, 404) that follow from the route's shape. */
function defineRoute(route: ApiRoute): ApiRoute {
  const { request, access, path } = route;
  const auto: Record<number, RouteResponse> = {};
  if (request?.query || request?.body || request?.params) {
    auto[400] = error('Invalid input; the message names the field');
  }
  if (access !== 'public') auto[401] = error('Not signed in, or the session is invalid or revoked');
  if (access === 'admin') auto[403] = error('Role Admin required');
  if (path.includes('{')) auto[404] = error('No such record (or not yours)');
  return { ...route, responses: { ...auto, ...route.responses } };
}

const tooMany = { 429: error('Too many attempts; try again later (issue 4 rate limits)') };

/** The booking rules, in the descriptions of the test-drive routes (issues 7 and 19). */
const TEST_DRIVE_RULES =
  `A test drive lasts ${TEST_DRIVE_SLOT_MINUTES} minutes and may start at any minute from ${TEST_DRIVE_OPENING_TIME} ` +
  `to ${TEST_DRIVE_SLOT_MINUTES} minutes before ${TEST_DRIVE_CLOSING_TIME}, every day (times \`HH:MM\` 24-hour); ` +
  `dates and times are India time (${TEST_DRIVE_TIME_ZONE}). The time must not have passed yet and the date must ` +
  `be at most ${TEST_DRIVE_MAX_DAYS_AHEAD} days after today. No two active (Pending or Confirmed) bookings of a ` +
  'car overlap, nor two of a user (409). The car must be for sale (status used) and not your own.';

const routes: ApiRoute[] = [
  // ------------------------------------------------------------------ auth (spec §7, issue 4)
  {
    method: 'get',
    path: '/api/auth/providers',
    operationId: 'socialProviders',
    summary: 'Which social sign-ins are configured, with the public ids their web SDKs need (issue 10)',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'The configured providers', schema: socialProvidersResponse } },
  },
  {
    method: 'post',
    path: '/api/auth/googleLogin',
    operationId: 'googleLogin',
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
  {
    method: 'post',
    path: '/api/auth/facebookLogin',
    operationId: 'facebookLogin',
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
  {
    method: 'post',
    path: '/api/auth/register',
    operationId: 'register',
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
  {
    method: 'post',
    path: '/api/auth/verifyMobileOtp',
    operationId: 'verifyMobileOtp',
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
  {
    method: 'post',
    path: '/api/auth/resendOtp',
    operationId: 'resendOtp',
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
  {
    method: 'post',
    path: '/api/auth/login',
    operationId: 'login',
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
  {
    method: 'get',
    path: '/api/auth/profile',
    operationId: 'getProfile',
    summary: 'The signed-in user (the user object itself)',
    tags: ['Auth'],
    service: 'auth',
    access: 'user',
    responses: { 200: { description: 'The current user', schema: profileResponse } },
  },
  {
    method: 'patch',
    path: '/api/auth/profile',
    operationId: 'updateProfile',
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
  {
    method: 'post',
    path: '/api/auth/password',
    operationId: 'changePassword',
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
  {
    method: 'post',
    path: '/api/auth/logout',
    operationId: 'logout',
    summary: 'Sign out: clears the cookie and revokes the presented token, if any',
    description: 'Public so that signing out always succeeds, even with an expired session.',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'Signed out', schema: messageResponse } },
  },
  {
    method: 'post',
    path: '/api/auth/email/verification',
    operationId: 'requestEmailVerification',
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
  {
    method: 'post',
    path: '/api/auth/email/verify',
    operationId: 'verifyEmail',
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
  {
    method: 'post',
    path: '/api/auth/logout-all',
    operationId: 'logoutAll',
    summary: 'Sign out everywhere: ends every session of the signed-in user, this one included (issue 20)',
    description:
      'Every token the user holds is refused from now on, on every device; the cookies of this browser are ' +
      'cleared. Signing in again starts a new session.',
    tags: ['Auth'],
    service: 'auth',
    access: 'user',
    responses: { 200: { description: 'Signed out everywhere', schema: messageResponse } },
  },
  {
    method: 'get',
    path: '/api/auth/.well-known/jwks.json',
    operationId: 'getJwks',
    summary: 'Public keys that verify session tokens (issue 4)',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'JSON Web Key Set', schema: jwksResponse } },
  },
  {
    method: 'get',
    path: '/api/auth/avatar/default.svg',
    operationId: 'getDefaultAvatar',
    summary: 'The avatar shown for users without a profile image (SVG)',
    tags: ['Auth'],
    service: 'auth',
    access: 'public',
    responses: { 200: { description: 'The SVG', contentTypes: ['image/svg+xml'] } },
  },
  // ------------------------------------------------------------------ account admin (spec §7, issue 4)
  {
    method: 'get',
    path: '/api/account/getAllUser',
    operationId: 'getAllUsers',
    summary: 'List users, optionally of one role',
    tags: ['Account'],
    service: 'auth',
    access: 'admin',
    request: { query: getAllUserQuery },
    responses: { 200: { description: 'A JSON array of users', schema: userListResponse } },
  },
  {
    method: 'post',
    path: '/api/account/user/new',
    operationId: 'createUser',
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
  {
    method: 'delete',
    path: '/api/account/user/{id}',
    operationId: 'deleteUser',
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
  // ------------------------------------------------------------------ cars (spec §7, issues 5 and 6)
  {
    method: 'get',
    path: '/api/cars',
    operationId: 'searchCars',
    summary: 'Search and filter cars for sale, newest first, 9 per page by default',
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { query: carSearchQuery },
    responses: { 200: { description: 'One page of cars and the total count', schema: carSearchResponse } },
  },
  {
    method: 'get',
    path: '/api/cars/seller',
    operationId: 'listSellerCars',
    summary: "The signed-in seller's cars",
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    responses: { 200: { description: "The seller's cars", schema: sellerCarListResponse } },
  },
  {
    method: 'get',
    path: '/api/cars/{carId}',
    operationId: 'getCar',
    summary: 'One car with all its details',
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { params: carIdParams },
    responses: {
      200: { description: 'The car', schema: carDetailResponse },
      404: error('No such car (unknown or malformed id)'),
    },
  },
  {
    method: 'post',
    path: '/api/cars',
    operationId: 'createCar',
    summary: 'List a car for sale',
    description:
      'A registration number already on an active listing of another seller is refused (409; compared ' +
      'upper-case without spaces and hyphens). With an `Idempotency-Key` header (issue 20), the same key and ' +
      'body from the same user within 24 hours answer the first 201 again (header `Idempotent-Replayed: ' +
      'true`) without a second listing; the same key with another body answers 422.',
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    request: { body: carCreateBody, headers: carCreateHeaders },
    responses: {
      201: {
        description: 'Listed (or the first answer again, for a repeated Idempotency-Key)',
        schema: carSaveResponse,
      },
      409: error(
        "specifications.regNumber is on another seller's active listing, or a request with this Idempotency-Key is still running",
      ),
      422: error('This Idempotency-Key was used with a different body'),
      429: error('Too many listings created by this user; try again later (Retry-After)'),
      503: error('The catalog or storage service could not be asked; try again'),
    },
  },
  {
    method: 'put',
    path: '/api/cars/{carId}',
    operationId: 'updateCar',
    summary: 'Change price, km driven, description, images or status of a listing (seller or Admin)',
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    request: { params: carIdParams, body: carUpdateBody },
    responses: {
      200: { description: 'Updated', schema: carSaveResponse },
      403: error('Only the seller or an Admin may change this listing'),
      409: error(
        "Back on sale (status used), but specifications.regNumber is on another seller's active listing",
      ),
      503: error('The storage service could not be asked about new images; try again'),
    },
  },
  {
    method: 'delete',
    path: '/api/cars/{carId}',
    operationId: 'deleteCar',
    summary: 'Remove a listing (seller or Admin)',
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    request: { params: carIdParams },
    responses: {
      200: { description: 'Deleted', schema: messageResponse },
      403: error('Only the seller or an Admin may delete this listing'),
    },
  },
  // ------------------------------------------------------------------ states and RTO (spec §7, issue 5)
  {
    method: 'get',
    path: '/api/carstate',
    operationId: 'listStates',
    summary: 'States and union territories',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'public',
    request: { query: stateListQuery },
    responses: { 200: { description: 'States', schema: stateListResponse } },
  },
  {
    method: 'get',
    path: '/api/RTO',
    operationId: 'listRtos',
    summary: 'RTO offices, optionally of one state',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'public',
    request: { query: rtoListQuery },
    responses: { 200: { description: 'RTO offices', schema: rtoListResponse } },
  },
  {
    method: 'post',
    path: '/api/RTO',
    operationId: 'createRto',
    summary: 'Add an RTO office',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { body: rtoCreateBody },
    responses: {
      201: { description: 'Created', schema: rtoSaveResponse },
      409: error('The RTO code exists already'),
    },
  },
  {
    method: 'put',
    path: '/api/RTO/{id}',
    operationId: 'updateRto',
    summary: 'Change an RTO office',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams, body: rtoUpdateBody },
    responses: {
      200: { description: 'Updated', schema: rtoSaveResponse },
      409: error('The RTO code exists already'),
    },
  },
  {
    method: 'delete',
    path: '/api/RTO/{id}',
    operationId: 'deleteRto',
    summary: 'Delete an RTO office',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams },
    responses: { 200: { description: 'Deleted; `data` is the deleted record', schema: rtoDeleteResponse } },
  },
  // ------------------------------------------------------------------ brands (spec §7, issue 5)
  {
    method: 'get',
    path: '/api/carbrand',
    operationId: 'listBrands',
    summary: 'Car brands with their models',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'public',
    request: { query: brandListQuery },
    responses: { 200: { description: 'Brands', schema: brandListResponse } },
  },
  {
    method: 'get',
    path: '/api/carbrand/logos/{file}',
    operationId: 'getSeededBrandLogo',
    summary: 'A seeded brand logo (SVG monogram); uploaded logos are served by storage',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'public',
    request: { params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,60}\.svg$/) }) },
    responses: { 200: { description: 'The SVG', contentTypes: ['image/svg+xml'] } },
  },
  {
    method: 'post',
    path: '/api/carbrand',
    operationId: 'createBrand',
    summary: 'Add a brand (logoKey from a logo upload)',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { body: brandCreateBody },
    responses: {
      201: { description: 'Created', schema: brandCreateResponse },
      409: error('A brand with this name exists already'),
    },
  },
  {
    method: 'put',
    path: '/api/carbrand/{id}',
    operationId: 'updateBrand',
    summary: 'Change a brand (logoKey only with a new logo)',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams, body: brandUpdateBody },
    responses: {
      200: { description: 'Updated', schema: brandUpdateResponse },
      409: error('A brand with this name exists already'),
    },
  },
  {
    method: 'delete',
    path: '/api/carbrand/{id}',
    operationId: 'deleteBrand',
    summary: 'Delete a brand that has no models or cars',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams },
    responses: {
      200: { description: 'Deleted; `data` is the deleted record', schema: brandDeleteResponse },
      409: error('The brand still has models or cars'),
    },
  },
  // ------------------------------------------------------------------ models (spec §7, issue 5)
  {
    method: 'get',
    path: '/api/carModel',
    operationId: 'listModels',
    summary: 'Car models, optionally of one brand and year',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'public',
    request: { query: modelListQuery },
    responses: { 200: { description: 'Models', schema: modelListResponse } },
  },
  {
    method: 'post',
    path: '/api/carModel',
    operationId: 'createModel',
    summary: 'Add a model',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { body: modelCreateBody },
    responses: {
      201: { description: 'Created', schema: modelSaveResponse },
      409: error('This brand has a model with this name and year already'),
    },
  },
  {
    method: 'put',
    path: '/api/carModel/{id}',
    operationId: 'updateModel',
    summary: 'Change a model',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams, body: modelUpdateBody },
    responses: {
      200: { description: 'Updated', schema: modelSaveResponse },
      409: error('The change conflicts with an existing model or its variants'),
    },
  },
  {
    method: 'delete',
    path: '/api/carModel/{id}',
    operationId: 'deleteModel',
    summary: 'Delete a model that has no variants or cars',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams },
    responses: {
      200: { description: 'Deleted; `data` is the deleted record', schema: modelDeleteResponse },
      409: error('The model still has variants or cars'),
    },
  },
  // ------------------------------------------------------------------ variants (spec §7, issue 5)
  {
    method: 'get',
    path: '/api/carVariant',
    operationId: 'listVariants',
    summary: 'Car variants, filtered by brand, model, fuel type and transmission',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'public',
    request: { query: variantListQuery },
    responses: { 200: { description: 'Variants', schema: variantListResponse } },
  },
  {
    method: 'post',
    path: '/api/carVariant',
    operationId: 'createVariant',
    summary: "Add a variant (fuel type and transmission among its model's)",
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { body: variantCreateBody },
    responses: {
      201: { description: 'Created', schema: variantSaveResponse },
      409: error('This model has a variant with this name already'),
    },
  },
  {
    method: 'put',
    path: '/api/carVariant/{id}',
    operationId: 'updateVariant',
    summary: 'Change a variant',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams, body: variantUpdateBody },
    responses: {
      200: { description: 'Updated', schema: variantSaveResponse },
      409: error('The change conflicts with an existing variant'),
    },
  },
  {
    method: 'delete',
    path: '/api/carVariant/{id}',
    operationId: 'deleteVariant',
    summary: 'Delete a variant that no car uses (path from issue 5)',
    tags: ['Reference data'],
    service: 'catalog',
    access: 'admin',
    request: { params: idParams },
    responses: {
      200: { description: 'Deleted; `data` is the deleted record', schema: variantDeleteResponse },
      409: error('Cars still use this variant'),
    },
  },
  // ------------------------------------------------------------------ test drives (spec §7, issue 7)
  {
    method: 'post',
    path: '/api/testDrive',
    operationId: 'bookTestDrive',
    summary: 'Book a free test drive',
    description: TEST_DRIVE_RULES,
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { body: testDriveCreateBody },
    responses: {
      201: { description: 'Booked (status Pending)', schema: testDriveCreateResponse },
      400: error(
        'Invalid input: the date is in the past or too far ahead, or the time is outside opening hours or ' +
          'has passed (the message names the field)',
      ),
      403: error('The car is your own'),
      404: error('No such car'),
      409: error(
        'The car is no longer for sale, or is booked at an overlapping time, or you have another booking then',
      ),
      429: error('Too many bookings by this user; try again later'),
    },
  },
  {
    method: 'get',
    path: '/api/testDrive',
    operationId: 'listMyTestDrives',
    summary: "The signed-in user's bookings; keyword matches the car's name",
    description:
      'Ordered by appointment date and time. `keyword` matches brand, model or variant name, ignoring case.',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { query: testDriveListQuery },
    responses: { 200: { description: 'Bookings', schema: testDriveListResponse } },
  },
  {
    method: 'get',
    path: '/api/testDrive/slots',
    operationId: 'listTestDriveSlots',
    summary: 'Open test-drive slots of a car on a date (for the booking form)',
    description:
      `The start times still bookable for \`car\` on \`date\`: every ${TEST_DRIVE_SLOT_MINUTES}-minute slot ` +
      `from ${TEST_DRIVE_OPENING_TIME} to the last one ending by ${TEST_DRIVE_CLOSING_TIME} ` +
      `(${TEST_DRIVE_TIME_ZONE}), minus slots already passed today and slots an active booking of the car ` +
      '(which may start at any minute) overlaps. ' +
      'Public; a date outside the bookable window answers 400 like a booking would.',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'public',
    request: { query: testDriveSlotsQuery },
    responses: {
      200: { description: 'Open slots', schema: testDriveSlotsResponse },
      404: error('No such car'),
      409: error('The car is no longer for sale'),
    },
  },
  {
    method: 'get',
    path: '/api/testDrive/admin',
    operationId: 'listAllTestDrives',
    summary: 'Every booking (Admin; issue 7)',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'admin',
    request: { query: testDriveListQuery },
    responses: { 200: { description: 'Bookings', schema: testDriveListResponse } },
  },
  {
    method: 'get',
    path: '/api/testDrive/seller',
    operationId: 'listSellerTestDrives',
    summary: "Bookings for the signed-in seller's cars (issue 7; path chosen by this contract)",
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { query: testDriveListQuery },
    responses: { 200: { description: 'Bookings', schema: testDriveListResponse } },
  },
  {
    method: 'put',
    path: '/api/testDrive/{id}',
    operationId: 'rescheduleTestDrive',
    summary: 'Change the date and time of a booking (booker or Admin)',
    description:
      'Only date and time change; `id` and `car` (an id or the object a GET returned) may be sent back and ' +
      `are ignored. The same rules as booking apply (the booking itself does not overlap). ${TEST_DRIVE_RULES}`,
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { params: idParams, body: testDriveUpdateBody },
    responses: {
      200: { description: 'The updated booking itself', schema: testDriveUpdateResponse },
      404: error('No such booking, or not yours'),
      409: error(
        'The booking is Confirmed, Completed or Cancelled, the car is booked at an overlapping time, or you ' +
          'have another booking then',
      ),
    },
  },
  {
    method: 'delete',
    path: '/api/testDrive/{id}',
    operationId: 'cancelTestDrive',
    summary: 'Delete a booking (booker or Admin)',
    description:
      'Removes the booking; a Pending one is announced as cancelled (testdrive.cancelled). ' +
      'Confirmed and Completed bookings cannot be deleted (409).',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { params: idParams },
    responses: {
      200: { description: 'Deleted', schema: messageResponse },
      404: error('No such booking, or not yours'),
      409: error('The booking is Confirmed or Completed'),
    },
  },
  {
    method: 'patch',
    path: '/api/testDrive/{id}/status',
    operationId: 'setTestDriveStatus',
    summary: "Confirm, complete or cancel a booking (the car's seller or an Admin; issue 7)",
    description:
      'Allowed: Pending → Confirmed → Completed; Pending or Confirmed → Cancelled. Demo cars have no seller ' +
      'account, so only an Admin changes their bookings.',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { params: idParams, body: testDriveStatusBody },
    responses: {
      200: { description: 'Status changed', schema: testDriveStatusResponse },
      403: error("The caller booked it but is not the car's seller or an Admin"),
      404: error('No such booking (or not visible to the caller)'),
      409: error('The status cannot change that way'),
    },
  },
  // ------------------------------------------------------------------ storage (spec §7, issue 6)
  {
    method: 'post',
    path: '/api/storage/getUrl',
    operationId: 'getUploadUrl',
    summary: 'A signed URL to upload one car image or brand logo',
    tags: ['Storage'],
    service: 'storage',
    access: 'user',
    request: { query: uploadUrlQuery },
    responses: {
      200: { description: 'Upload URL and key', schema: uploadUrlResponse },
      429: error(
        'Too many upload URLs for this user (60 per 10 minutes), or 40 uploaded images not yet used by a listing (issue 20)',
      ),
    },
  },
  {
    method: 'put',
    path: '/api/storage/upload/{key}',
    operationId: 'uploadImage',
    summary: 'Upload the image bytes to a signed URL (no credentials; the signature authorises)',
    description:
      'Clients use uploadUrl exactly as returned: with the local-disk store it is ' +
      '`/api/storage/upload/{key}?type=…&owner=…&expires=…&sig=…` (HMAC-SHA256 over key, type, owner and ' +
      'expiry; 10 minutes; one upload), with the S3 store a presigned PUT to the bucket. ' +
      'The content decides, not the Content-Type (but a JSON content type is refused): JPEG, PNG or WebP, at ' +
      'most 10 MB, 8000 px a side and 40 megapixels. Metadata (EXIF incl. GPS) is dropped; an optimised ' +
      'original and WebP sizes are stored. Each server decodes a few images at a time and queues a few more; ' +
      'when its queue is full it answers 503 with Retry-After (issue 20).',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    request: { params: uploadParams, body: uploadBody, bodyContentTypes: UPLOAD_CONTENT_TYPES },
    responses: {
      200: { description: 'Stored', schema: uploadResponse },
      400: error('Not a JPEG, PNG or WebP image, over 8000 px a side or 40 megapixels, or sent as JSON'),
      403: error('The signature is invalid or expired'),
      409: error('An image was already uploaded with this URL'),
      413: error('Larger than 10 MB'),
      429: error('The owner has 40 uploaded images not yet used by a listing (issue 20)'),
      503: error('Image processing is busy; retry after Retry-After seconds (issue 20)'),
    },
  },
  {
    method: 'get',
    path: '/api/storage/limits',
    operationId: 'getStorageLimits',
    summary:
      'Upload limits: JPEG, PNG or WebP, at most 10 MB, 8000 px a side and 40 megapixels (issues 6, 20)',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    responses: { 200: { description: 'Limits', schema: z.object({ data: storageLimitsResponse }) } },
  },
  {
    method: 'post',
    path: '/api/storage/images/confirm',
    operationId: 'confirmImages',
    summary: 'Check that image keys were uploaded by the caller, and get their stable URLs',
    description:
      "Called by the listing and catalog services (with the user's credentials) before they save keys. " +
      'Every key must exist, have the given type and be uploaded by the caller (an Admin may confirm any ' +
      'logo); with the S3 adapter the object is validated here. Idempotent.',
    tags: ['Storage'],
    service: 'storage',
    access: 'user',
    request: { body: confirmImagesBody },
    responses: {
      200: { description: 'The stored images, in the order of keys', schema: confirmImagesResponse },
      400: {
        description: 'Invalid input, or a key is unknown, not yours, of another type or not a valid image',
        schema: confirmImagesError,
      },
      503: error(
        'An S3 upload must be decoded and image processing is busy; retry after Retry-After seconds',
      ),
    },
  },
  {
    method: 'get',
    path: '/api/storage/images/{key}',
    operationId: 'getImage',
    summary: 'A stored image: the optimised original (JPEG, PNG or WebP, at most 2560 px)',
    description: 'Cache-Control: public, max-age=31536000, immutable; a strong ETag (304 on If-None-Match).',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    request: { params: uploadParams },
    responses: {
      200: { description: 'The image', contentTypes: ['image/jpeg', 'image/png', 'image/webp'] },
    },
  },
  {
    method: 'get',
    path: '/api/storage/images/{key}/{file}',
    operationId: 'getImageSize',
    summary: 'A responsive WebP size of a stored image, `{width}.webp` (width 320, 640 or 1280)',
    description: 'Only widths no wider than the original exist. Cached like the original.',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    request: {
      params: z.object({ key: z.string().min(1), file: z.string().regex(/^\d{1,5}\.webp$/) }),
    },
    responses: { 200: { description: 'The WebP image', contentTypes: ['image/webp'] } },
  },
  // ------------------------------------------------------------------ contact (spec §2 Contact page, issue 7)
  {
    method: 'post',
    path: '/api/contact',
    operationId: 'sendContactMessage',
    summary: 'Send a message from the Contact page to the support team (notification service)',
    description:
      'E-mails the support address (SUPPORT_EMAIL) with the sender as Reply-To. At most 10 messages per ' +
      'client IP per 10 minutes.',
    tags: ['Contact'],
    service: 'notification',
    access: 'public',
    request: { body: contactBody },
    responses: {
      200: { description: 'Sent', schema: contactResponse },
      429: error('Too many messages from this address; try again later'),
      503: error('The message could not be sent right now; try again later'),
    },
  },
];

/** Every route of the API (spec §7; issues 4–7), with the standard error responses added. */
export const apiRoutes: ApiRoute[] = routes.map(defineRoute);
