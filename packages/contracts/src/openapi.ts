/**
 * The OpenAPI 3.1 document of the API, generated with zod-openapi from {@link apiRoutes}
 * (docs/architecture.md: served by the gateway at `/api/docs`).
 */
import {
  type CreateDocumentOptions,
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { AUTH_COOKIE_NAME } from './common';
import { type ApiRoute, apiRoutes } from './operations/index';

export {
  matchOperation,
  type RequestRouting,
  type RouteTableEntry,
  routeRequest,
  routeTable,
  serviceForRequest,
  servicePrefixes,
} from './routing';

/** Options of {@link buildOpenApiDocument}. */
export interface OpenApiOptions {
  title?: string;
  version?: string;
  /** Base URL of the backend, e.g. `http://localhost:3000`; omitted = same origin. */
  serverUrl?: string;
}

/** The generated OpenAPI document object. */
export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Names of the security schemes: the `auth-token` cookie or an `Authorization: Bearer` JWT. */
export const securitySchemeNames = { cookie: 'cookieAuth', bearer: 'bearerAuth' } as const;

/**
 * Rendering tweaks: responses may gain fields over time, so output objects do not claim
 * `additionalProperties: false`; `.int()` bounds equal to the safe-integer range are dropped as noise.
 */
const tidySchema: CreateDocumentOptions['override'] = ({ jsonSchema, io }) => {
  if (io === 'output' && jsonSchema.type === 'object' && jsonSchema.additionalProperties === false) {
    delete jsonSchema.additionalProperties;
  }
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
};

function toOperation(route: ApiRoute): ZodOpenApiOperationObject {
  const { request } = route;
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, res] of Object.entries(route.responses)) {
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: res.description,
      ...(res.schema ? { content: { 'application/json': { schema: res.schema } } } : {}),
      ...(res.contentTypes
        ? { content: Object.fromEntries(res.contentTypes.map((type) => [type, {}])) }
        : {}),
    };
  }
  const operation: ZodOpenApiOperationObject = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [...route.tags],
    responses,
    'x-service': route.service,
    'x-access': route.access,
  };
  const description = [
    route.description,
    route.access === 'admin' ? 'Requires a signed-in user with role Admin.' : undefined,
    route.access === 'user' ? 'Requires a signed-in user.' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  if (description) operation.description = description;
  if (route.access !== 'public') {
    operation.security = [{ [securitySchemeNames.cookie]: [] }, { [securitySchemeNames.bearer]: [] }];
  }
  if (request?.query || request?.params || request?.headers) {
    operation.requestParams = {
      ...(request.query ? { query: request.query } : {}),
      ...(request.params ? { path: request.params } : {}),
      ...(request.headers ? { header: request.headers } : {}),
    };
  }
  if (request?.body) {
    const types = request.bodyContentTypes ?? ['application/json'];
    const schema = request.body;
    operation.requestBody = {
      required: true,
      content: Object.fromEntries(types.map((type) => [type, { schema }])),
    };
  }
  return operation;
}

/**
 * Builds the OpenAPI 3.1 document from {@link apiRoutes}: one operation per route, request parameters and
 * bodies from the request schemas (input shapes), responses from the response schemas, shared entities
 * (Car, Brand, Model, ...) as components, and per-route security (cookie `auth-token` or bearer JWT) for
 * routes that need a signed-in user. Each operation carries `x-service` and `x-access`.
 */
export function buildOpenApiDocument(opts: OpenApiOptions = {}): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of apiRoutes) {
    paths[route.path] = { ...paths[route.path], [route.method]: toOperation(route) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: opts.title ?? 'Used-car marketplace API',
        version: opts.version ?? '1.0.0',
        description:
          'Used-car marketplace for India. Prices are in rupees, distances in km. Every error body is ' +
          '`{ message }`. Requests send credentials (the auth-token cookie); a Bearer token works too.',
      },
      ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
      tags: [
        { name: 'Auth', description: 'Sign-up, sign-in, session (auth service)' },
        { name: 'Account', description: 'User administration (auth service, Admin)' },
        { name: 'Cars', description: 'Search and details (catalog); listings (listing)' },
        { name: 'Reference data', description: 'States, RTOs, brands, models, variants (catalog)' },
        { name: 'Test drives', description: 'Bookings (test-drive service)' },
        { name: 'Storage', description: 'Image and logo uploads (storage service)' },
        { name: 'Contact', description: 'The Contact page form (notification service)' },
      ],
      paths,
      components: {
        securitySchemes: {
          [securitySchemeNames.cookie]: { type: 'apiKey', in: 'cookie', name: AUTH_COOKIE_NAME },
          [securitySchemeNames.bearer]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    { override: tidySchema },
  );
}
