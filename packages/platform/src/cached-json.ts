/**
 * Sending a JSON answer that a cache keeps (a search page, a car's similar cars, a price insight: the same
 * bytes for every visitor) without serialising, hashing or compressing it again for every request (ADR 20).
 *
 * `res.send(text)` behind the gateway's `compression` middleware made a Brotli stream per request: about a
 * fifth of the CPU time of a cached answer, and objects that outlived young-generation collections (the
 * tail of bench:price-insight, bench/README.md). A {@link JsonAnswer} holds the answer's UTF-8 bytes (outside
 * the JavaScript heap: the heap every young-generation collection pays for stays small, bench/README.md
 * "tenth session") and its ETag, both made once; the compressed forms are made once per distinct answer
 * and kept in a bounded LRU of this process, keyed by encoding and ETag, so a repeated answer costs one
 * lookup. The `compression` middleware leaves an answer that already has a `Content-Encoding` as it is.
 * {@link sendJson} sends an answer made for one request by the same rules, compressed without being kept.
 */
import zlib from 'node:zlib';
import etag from 'etag';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

/** Answers shorter than this many bytes go uncompressed, here and in the gateway's `compression`: 1 KiB. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality of every compressed answer, here and in the gateway's `compression`: 4, near gzip's
 * speed with smaller output (zlib docs: quality 0–11, default 11 is meant for ahead-of-time compression).
 * Also made once per text here: an answer asked for once (a page evicted from its cache before it came
 * back) costs no more than through the middleware.
 */
export const BROTLI_QUALITY = 4;
/** The compressed forms kept, in bytes: 32 MiB (a 10 KB search page compresses to about 1.5 KB). */
const COMPRESSED_MAX_BYTES = 32 * 1024 * 1024;

/**
 * `json` as bytes safe to keep for long: UTF-8 written straight into memory of their own (a text), `bytes`
 * itself when it is the whole of its memory, else a copy that is. Node 24's `Buffer.from`, `Buffer.concat`
 * and zlib's sync functions hand out slices of a shared pool of `Buffer.poolSize` (64 KiB) for anything under
 * half of it, and a kept slice keeps its whole pool alive. Caches of such slices, bounded by their lengths, held many times their bounds: a catalog replica's
 * 176 MB of caches (cars, pages, insights, compressed forms) kept 1.3 GB outside the heap, past its 768 MiB
 * limit, and that growth started a full collection every 2 s; 240–265 MB with copies (bench/README.md,
 * thirteenth session). The copy costs one small allocation.
 */
export function ownedBytes(json: string | Buffer): Buffer {
  if (typeof json === 'string') {
    const own = Buffer.allocUnsafeSlow(Buffer.byteLength(json, 'utf8'));
    own.write(json, 'utf8');
    return own;
  }
  if (json.byteOffset === 0 && json.byteLength === json.buffer.byteLength) return json;
  const own = Buffer.allocUnsafeSlow(json.length);
  json.copy(own);
  return own;
}

type Encoding = 'br' | 'gzip';

/** Brotli's options for a text of `bytes` bytes: {@link BROTLI_QUALITY}, text mode, the size as a hint. */
export function brotliTextOptions(bytes: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}

const compressors: Record<Encoding, (text: Buffer) => Buffer> = {
  br: (text) => zlib.brotliCompressSync(text, brotliTextOptions(text.length)),
  gzip: (text) => zlib.gzipSync(text),
};

const compressed = new LRUCache<string, Buffer>({
  maxSize: COMPRESSED_MAX_BYTES,
  sizeCalculation: (body) => body.length || 1,
});

/** A JSON answer ready to be sent many times: its bytes and its ETag, made once ({@link jsonAnswer}). */
export interface JsonAnswer {
  /** The JSON text, UTF-8. */
  readonly bytes: Buffer;
  /** Its weak ETag, as Express's default `etag fn` makes it (`W/"<length>-<sha1>"`, package `etag`). */
  readonly etag: string;
}

/** The {@link JsonAnswer} of `json` (JSON text, or its UTF-8 bytes), its bytes {@link ownedBytes}. */
export function jsonAnswer(json: string | Buffer): JsonAnswer {
  const bytes = ownedBytes(json);
  return { bytes, etag: etag(bytes, { weak: true }) };
}

/**
 * Sends `answer` as `res.send` of its text would: `Content-Type: application/json`, its ETag, 304 without
 * a body when the request's `If-None-Match` matches, no body for HEAD. At least
 * {@link COMPRESS_THRESHOLD_BYTES} long, it goes Brotli- or gzip-compressed as `Accept-Encoding` allows
 * (`Vary: Accept-Encoding`), from the process's LRU of compressed forms. Headers already set (e.g.
 * `Cache-Control`) stay. Status 200 unless set before.
 */
export function sendJsonAnswer(req: Request, res: Response, answer: JsonAnswer): void {
  sendJsonBytes(req, res, answer.bytes, answer.etag, (encoding, raw) => {
    const key = `${encoding}:${answer.etag}`;
    let packed = compressed.get(key);
    if (!packed) {
      packed = ownedBytes(compressors[encoding](raw));
      compressed.set(key, packed);
    }
    return packed;
  });
}

/**
 * Sends `value` as JSON for this request alone (an operation's answer, made per request), as
 * {@link sendJsonAnswer} sends a kept one — the same headers, ETag, 304, HEAD and compression rules — but
 * compressed here once and not kept: one visitor's answer never enters the process's shared LRU.
 *
 * Every JSON answer of an operation leaves its service this way (`operationRouter`), so no JSON answer of
 * the API needs the gateway's `compression` middleware, whose wrapping of each response made a quarter of
 * the gateway's per-request garbage outlive its young-generation collections (docs/adr/0027).
 */
export function sendJson(req: Request, res: Response, value: unknown): void {
  const raw = Buffer.from(JSON.stringify(value) ?? '', 'utf8');
  sendJsonBytes(req, res, raw, etag(raw, { weak: true }), (encoding) => compressors[encoding](raw));
}

/** The sending both share: `compress(encoding, raw)` gives the compressed form when one is wanted. */
function sendJsonBytes(
  req: Request,
  res: Response,
  raw: Buffer,
  tag: string,
  compress: (encoding: Encoding, raw: Buffer) => Buffer,
): void {
  res.type('json');
  res.vary('Accept-Encoding');
  res.setHeader('ETag', tag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  let body: Buffer = raw;
  // Brotli whenever accepted, whatever order the client lists them in (browsers send `gzip, deflate, br`).
  const encoding =
    raw.length >= COMPRESS_THRESHOLD_BYTES
      ? ((req.acceptsEncodings('br') || req.acceptsEncodings('gzip')) as Encoding | false)
      : false;
  if (encoding) {
    const packed = compress(encoding, raw);
    if (packed.length < raw.length) {
      body = packed;
      res.setHeader('Content-Encoding', encoding);
    }
  }
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
