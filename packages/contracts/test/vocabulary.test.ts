/**
 * The vocabulary entry (`@marketplace/contracts/vocabulary`, issue 23) is free of zod and of every other
 * import, so a browser bundle can take the product's enumerations and limits from it instead of copying
 * them; the main entry re-exports the same values.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as vocabulary from '@marketplace/contracts/vocabulary';
import { describe, expect, it } from 'vitest';
import * as contracts from '../src/index';

const source = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/vocabulary.ts'),
  'utf8',
);

describe('the vocabulary entry', () => {
  it('imports nothing (no zod in a browser bundle)', () => {
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/\brequire\(/);
  });

  it('holds the enumerations and limits, the same values as the main entry', () => {
    expect(vocabulary.fuelTypes).toEqual(['Petrol', 'Diesel', 'Electric', 'Hybrid', 'LPG', 'Other']);
    const main = new Map(Object.entries(contracts));
    for (const [name, value] of Object.entries(vocabulary)) expect(main.get(name), name).toBe(value);
  });
});
