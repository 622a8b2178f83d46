/**
 * The cars an in-memory index holds as JSON (memory/held-cars.ts): a read gives the car back equal, not
 * the object stored (a caller's change cannot reach the index); a car read again is the same object while
 * it stays parsed, and a new one once pushed out; its JSON for a page is the held bytes, never serialised
 * again; the bytes kept are not slices of a shared pool; replacing and emptying a slot hold.
 */
import { describe, expect, it, vi } from 'vitest';
import { carJsonOf } from '../src/cars/search/car-json';
import { HeldCars } from '../src/cars/search/memory/held-cars';
import { searchFixtures } from './support/search-cars';

const [first, second, third] = searchFixtures().map((f) => f.doc.car);

describe('HeldCars', () => {
  it('gives back an equal copy, the same object while it stays parsed, and its bytes for pages', () => {
    const held = new HeldCars<number>(new Map(), 1);
    held.set(0, first!);
    held.set(1, second!);
    const read = held.get(0)!;
    expect(read).toEqual(first);
    expect(read).not.toBe(first);
    read.price = 1; // a caller's change does not reach the index once the object is pushed out
    expect(held.get(0)).toBe(read);

    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(carJsonOf(read).toString('utf8')).toBe(JSON.stringify(first));
      expect(stringify).toHaveBeenCalledTimes(1); // the expectation's own call only
    } finally {
      stringify.mockRestore();
    }

    expect(held.get(1)).toEqual(second); // pushes slot 0 out of the parsed cars (1)
    const again = held.get(0)!;
    expect(again).not.toBe(read);
    expect(again).toEqual(first);
  });

  it('parses a car at every read when none stays parsed', () => {
    const held = new HeldCars<string>(new Map(), 0);
    held.set('a', first!);
    const read = held.get('a')!;
    expect(read).toEqual(first);
    expect(held.get('a')).not.toBe(read);
    expect(held.get('a')).toEqual(first);
  });

  it('keeps bytes that own their memory, not slices of a shared pool', () => {
    const bytes = new Map<number, Buffer>();
    const held = new HeldCars<number>(bytes);
    held.set(0, first!);
    held.set(1, second!);
    for (const b of bytes.values()) expect(b.buffer.byteLength).toBe(b.length);
  });

  it('replaces and empties a slot', () => {
    const held = new HeldCars<number>();
    held.set(0, first!);
    expect(held.get(0)).toEqual(first);
    held.set(0, third!);
    expect(held.get(0)).toEqual(third);
    held.delete(0);
    expect(held.get(0)).toBeUndefined();
    expect(held.get(7)).toBeUndefined();
  });
});
