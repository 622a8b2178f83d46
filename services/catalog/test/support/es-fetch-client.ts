/**
 * A minimal `EsClientLike` over fetch for the conformance suite, so the Elasticsearch variant runs when
 * ELASTICSEARCH_URL is set without the `@elastic/elasticsearch` package (not a dependency yet).
 */
import type { EsClientLike } from '../../src/cars/search';

async function call(base: string, method: string, path: string, body?: unknown, ndjson = false) {
  const res = await fetch(new URL(path, base), {
    method,
    headers:
      body === undefined ? {} : { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' },
    body:
      body === undefined
        ? undefined
        : ndjson
          ? `${(body as unknown[]).map((l) => JSON.stringify(l)).join('\n')}\n`
          : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok && method !== 'HEAD') throw new Error(`Elasticsearch ${method} ${path}: ${res.status} ${text}`);
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A fetch-based client on `baseUrl` (e.g. http://127.0.0.1:9200), plus `deleteIndex` for cleanup. */
export function createFetchEsClient(
  baseUrl: string,
): EsClientLike & { deleteIndex(index: string): Promise<void> } {
  return {
    async bulk({ operations, refresh }) {
      const q = refresh === undefined ? '' : `?refresh=${String(refresh)}`;
      return (await call(baseUrl, 'POST', `/_bulk${q}`, operations, true)).json as Awaited<
        ReturnType<EsClientLike['bulk']>
      >;
    },
    async search({ index, ...body }) {
      return (await call(baseUrl, 'POST', `/${encodeURIComponent(index)}/_search`, body)).json as Awaited<
        ReturnType<EsClientLike['search']>
      >;
    },
    indices: {
      async exists({ index }) {
        return (await call(baseUrl, 'HEAD', `/${encodeURIComponent(index)}`)).status === 200;
      },
      async create({ index, mappings, settings }) {
        return (await call(baseUrl, 'PUT', `/${encodeURIComponent(index)}`, { mappings, settings })).json;
      },
      async putMapping({ index, properties }) {
        return (await call(baseUrl, 'PUT', `/${encodeURIComponent(index)}/_mapping`, { properties })).json;
      },
    },
    async deleteIndex(index) {
      await call(baseUrl, 'DELETE', `/${encodeURIComponent(index)}?ignore_unavailable=true`);
    },
  };
}
