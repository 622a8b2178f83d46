/**
 * Bytes kept for long (cached-json.ts `ownedBytes`, `jsonAnswer`): a small slice of Node's shared buffer
 * pool is copied into memory of its own, so a cache of answers keeps no pool alive; bytes that already own
 * their memory are kept as they are; the copy holds the same text.
 */
import { describe, expect, it } from 'vitest';
import { jsonAnswer, ownedBytes } from '../src/cached-json';

const owns = (b: Buffer) => b.byteOffset === 0 && b.buffer.byteLength === b.length;

describe('ownedBytes', () => {
  it('copies a slice of the shared pool into memory of its own', () => {
    const pooled = Buffer.from('{"price":550000}', 'utf8');
    expect(owns(pooled)).toBe(false); // Buffer.from of a short text is a slice of Buffer.poolSize
    const own = ownedBytes(pooled);
    expect(owns(own)).toBe(true);
    expect(own.toString('utf8')).toBe('{"price":550000}');
  });

  it('keeps bytes that already own their memory', () => {
    const own = Buffer.allocUnsafeSlow(4);
    own.write('null');
    expect(ownedBytes(own)).toBe(own);
  });
});

describe('jsonAnswer', () => {
  it('holds its text in bytes of its own, from a string or from pooled bytes', () => {
    for (const json of ['{"data":[]}', Buffer.from('{"data":[1]}', 'utf8')]) {
      const answer = jsonAnswer(json);
      expect(owns(answer.bytes)).toBe(true);
      expect(answer.bytes.toString('utf8')).toBe(json.toString());
      expect(answer.etag).toMatch(/^W\/"/);
    }
  });
});
