/**
 * The OpenAPI document as the conformance test reads it (openapi-conformance.int.test.ts): every operation
 * with its documented success responses, and how a real answer differs from them — the status one of the
 * operation's documented 2xx codes, the content type one documented for that status, and a JSON body
 * validating (Ajv, JSON Schema 2020-12, formats) against the documented schema, closed: every object schema
 * that lists `properties` gets `additionalProperties: false` unless it says otherwise.
 */
import { buildOpenApiDocument } from '@marketplace/contracts';
import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface MediaType {
  schema?: unknown;
}
interface DocumentedResponse {
  content?: Record<string, MediaType>;
}
/** One operation of the document. */
export interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
  /** The documented 2xx responses by status code. */
  success: Record<string, DocumentedResponse>;
}

const document = buildOpenApiDocument() as unknown as {
  paths: Record<
    string,
    Record<string, { operationId?: string; responses?: Record<string, DocumentedResponse> }>
  >;
  components?: { schemas?: Record<string, unknown> };
};

/** Every operation of the document (all paths × methods), by operationId. */
export const operations = new Map<string, DocumentedOperation>();
for (const [path, item] of Object.entries(document.paths)) {
  for (const method of HTTP_METHODS) {
    const op = item[method];
    if (!op) continue;
    const operationId = op.operationId ?? `${method.toUpperCase()} ${path}`;
    const success = Object.fromEntries(
      Object.entries(op.responses ?? {}).filter(([code]) => /^2/.test(code)),
    );
    operations.set(operationId, { method, path, operationId, success });
  }
}

/** Where the component schemas live for Ajv: `#/components/schemas/X` becomes `${COMPONENTS}#/$defs/X`. */
const COMPONENTS = 'urn:openapi:components';

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas (JSON Schema 2020-12). */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
]);
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * A copy of `schema` that refuses undocumented fields: every object schema listing `properties` gets
 * `additionalProperties: false` unless it sets `additionalProperties` or `unevaluatedProperties` itself;
 * component `$ref`s point at {@link COMPONENTS}. Only schema positions are rewritten, never data (`const`,
 * `enum`, `examples`, `default`). (Object schemas merged with `allOf` would need `unevaluatedProperties`
 * instead; the document has none.)
 */
function closed(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') {
      out[key] = value.replace(/^#\/components\/schemas\//, `${COMPONENTS}#/$defs/`);
    } else if (SCHEMA_KEYWORDS.has(key)) {
      out[key] = closed(value);
    } else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
      out[key] = value.map(closed);
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, closed(s)]));
    } else {
      out[key] = value;
    }
  }
  if ('properties' in out && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
    out.additionalProperties = false;
  }
  return out;
}

/** Every strict-mode check on (a malformed document fails to compile); every error; errors carry the value. */
const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
addFormats(ajv);
ajv.addSchema({ $id: COMPONENTS, ...(closed({ $defs: document.components?.schemas ?? {} }) as Json) });

const validators = new Map<string, ValidateFunction>();
/** The compiled, closed schema of one documented response body (compiled once). */
function validatorFor(op: DocumentedOperation, status: string, mediaType: string, schema: unknown) {
  const id = `${op.operationId} ${status} ${mediaType}`;
  let validate = validators.get(id);
  if (!validate) {
    validate = ajv.compile(closed(schema) as AnySchema);
    validators.set(id, validate);
  }
  return validate;
}

/** A short JSON rendering of `value` for messages. */
function excerpt(value: unknown, max = 160): string {
  const text = value instanceof Uint8Array ? `<${value.byteLength} bytes>` : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > max ? `${text.slice(0, max)}…` : text;
}

/** One Ajv error as a line: where, what, and the value found there. */
function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(body)';
  const field = error.keyword === 'additionalProperties' ? ` "${error.params.additionalProperty}"` : '';
  return `${where} ${error.message}${field} (found ${excerpt(error.data, 100)})`;
}

/** One real answer of the API. */
export interface Answer {
  /** What was asked, e.g. `GET /api/cars?limit=50`, for messages. */
  request: string;
  status: number;
  contentType: string;
  /** The parsed JSON, the text, or the bytes of a non-JSON answer; `''` when there was none. */
  body: unknown;
}

/** A JSON media type (`application/json`, `application/problem+json`, …). */
export const isJson = (mediaType: string) => /^application\/(?:[\w.-]+\+)?json$/.test(mediaType);

/**
 * How `answer` differs from the documented success responses of `op`: `[]` when the status is a documented
 * 2xx, the content type one documented for it, and a JSON body validates against its closed schema.
 */
export function problemsWith(op: DocumentedOperation, answer: Answer): string[] {
  const documented = Object.keys(op.success).join(', ') || 'none';
  const response = op.success[String(answer.status)];
  if (!response) {
    return [`answered ${answer.status} ${excerpt(answer.body)}; documented 2xx: ${documented}`];
  }
  const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
  if (!response.content) {
    return answer.body === '' ? [] : [`answered a body (${mediaType}) where the document has none`];
  }
  const media = response.content[mediaType];
  if (!media) {
    const types = Object.keys(response.content).join(', ');
    return [`answered ${answer.status} as "${mediaType}"; documented: ${types}`];
  }
  if (!isJson(mediaType) || media.schema === undefined) return [];
  const validate = validatorFor(op, String(answer.status), mediaType, media.schema);
  if (validate(answer.body)) return [];
  return (validate.errors ?? []).map(describeError);
}
