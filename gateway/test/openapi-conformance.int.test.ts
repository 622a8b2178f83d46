/**
 * The OpenAPI document against the running API (issue 19: "a test walks every operation of the OpenAPI
 * document and checks that each documented success response matches what the route really answers"), on
 * the embedded adapters and on the real PostgreSQL, RabbitMQ and Redis.
 *
 * `calls` (openapi-conformance/calls.ts) holds one entry per operation of `buildOpenApiDocument()`, keyed
 * by operationId and run in its order (creates before updates and deletes): each makes a real request that
 * should succeed, setting up what it needs through the API. Every answer is then checked against the document: the status is one of
 * the operation's documented 2xx codes, the content type is one documented for that status, and a JSON
 * body validates (Ajv, JSON Schema 2020-12, formats) against the documented schema, closed: every object
 * schema that lists `properties` gets `additionalProperties: false` unless it says otherwise, so a field
 * the route answers but the document does not name fails as surely as a documented field the route leaves
 * out. Non-JSON answers (images, SVG) are checked by status and content type.
 *
 * The table (openapi-conformance/calls.ts) must match the document exactly: a new route without an entry
 * there, or an entry for an operation the document no longer has, fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocialProviders, startSocialProviders } from '../../services/auth/test/support/auth-api';
import { startTestSystem, systemVariants, type TestSystem } from '../../test-support/system';
import { calls } from './openapi-conformance/calls';
import { operations, problemsWith } from './openapi-conformance/document';
import { openWorld, type World } from './openapi-conformance/world';

const variants = await systemVariants();

describe('the table of calls', () => {
  it('has one call for every operation of the OpenAPI document, and none for anything else', () => {
    const documented = [...operations.keys()];
    const tabled = Object.keys(calls);
    expect({
      withoutCall: documented.filter((id) => !(id in calls)),
      notInDocument: tabled.filter((id) => !operations.has(id)),
    }).toEqual({ withoutCall: [], notInDocument: [] });
    expect(tabled).toHaveLength(operations.size);
  });
});

let variantSeq = 0;

describe.each(variants)('the OpenAPI document against the API on $name', ({ servers, skip }) => {
  const ip = `10.19.${200 + ++variantSeq}.${Math.floor(Math.random() * 250) + 1}`;
  let social: SocialProviders | undefined;
  let t: TestSystem | undefined;
  let w: World;

  beforeAll(async () => {
    if (skip) return;
    // Google and Facebook sign-in against local stubs (as in services/auth/test/api-social.int.test.ts).
    social = await startSocialProviders({ appId: 'fb-conformance', appSecret: 'fb-secret' });
    t = await startTestSystem(social.env, servers);
    w = await openWorld(t, social, ip);
  });
  afterAll(async () => {
    await t?.stop();
    await social?.stop();
  });

  for (const [operationId, run] of Object.entries(calls)) {
    const op = operations.get(operationId);
    const title = op
      ? `${operationId}: ${op.method.toUpperCase()} ${op.path}`
      : `${operationId} (not documented)`;
    it.skipIf(skip)(title, async () => {
      expect(op, `${operationId} is not an operation of the OpenAPI document`).toBeDefined();
      const answers = [await run(w)].flat();
      const problems = answers.flatMap((answer) =>
        problemsWith(op!, answer).map((p) => `${answer.request}: ${p}`),
      );
      expect(problems).toEqual([]);
    });
  }
});
