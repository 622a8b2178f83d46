import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface StateEntry {
  state: string;
  prefix: string;
  kind: 'state' | 'union territory';
}

interface RtoEntry {
  prefix: string;
  code: string;
  city: string;
}

const dataDir = join(import.meta.dirname, '..', 'data');
const states = JSON.parse(readFileSync(join(dataDir, 'states.json'), 'utf8')) as StateEntry[];
const rtos = JSON.parse(readFileSync(join(dataDir, 'rtos.json'), 'utf8')) as RtoEntry[];

const CODE_PATTERN = /^[A-Z]{2}-\d{1,3}$/;
const MOST_POPULOUS = [
  'Uttar Pradesh',
  'Maharashtra',
  'Bihar',
  'West Bengal',
  'Madhya Pradesh',
  'Tamil Nadu',
  'Rajasthan',
  'Karnataka',
  'Gujarat',
  'Andhra Pradesh',
];

const prefixOf = (name: string): string => {
  const entry = states.find((s) => s.state === name);
  if (!entry) throw new Error(`unknown state ${name}`);
  return entry.prefix;
};

describe('states.json', () => {
  it('has all 28 states and 8 union territories', () => {
    expect(states).toHaveLength(36);
    expect(states.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(states.filter((s) => s.kind === 'union territory')).toHaveLength(8);
    for (const s of states) expect(['state', 'union territory']).toContain(s.kind);
  });

  it('has unique names and two-letter prefixes, sorted by name', () => {
    expect(new Set(states.map((s) => s.state)).size).toBe(36);
    expect(new Set(states.map((s) => s.prefix)).size).toBe(36);
    for (const s of states) expect(s.prefix).toMatch(/^[A-Z]{2}$/);
    const names = states.map((s) => s.state);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('has the known prefixes and kinds', () => {
    expect(prefixOf('Karnataka')).toBe('KA');
    expect(prefixOf('Delhi')).toBe('DL');
    expect(prefixOf('Tamil Nadu')).toBe('TN');
    expect(prefixOf('Maharashtra')).toBe('MH');
    expect(prefixOf('Uttar Pradesh')).toBe('UP');
    expect(prefixOf('Ladakh')).toBe('LA');
    expect(prefixOf('Dadra and Nagar Haveli and Daman and Diu')).toBe('DD');
    const kind = (name: string) => states.find((s) => s.state === name)?.kind;
    expect(kind('Jammu and Kashmir')).toBe('union territory');
    expect(kind('Delhi')).toBe('union territory');
    expect(kind('Karnataka')).toBe('state');
  });
});

describe('rtos.json', () => {
  const statePrefixes = new Set(states.map((s) => s.prefix));

  it('uses a known state prefix and a well-formed code for every office', () => {
    expect(rtos.length).toBeGreaterThan(300);
    for (const r of rtos) {
      expect(statePrefixes.has(r.prefix), r.code).toBe(true);
      expect(r.code, r.code).toMatch(CODE_PATTERN);
      expect(r.code.startsWith(`${r.prefix}-`), r.code).toBe(true);
      expect(r.city.trim().length, r.code).toBeGreaterThan(0);
    }
  });

  it('has unique codes', () => {
    expect(new Set(rtos.map((r) => r.code)).size).toBe(rtos.length);
  });

  it('covers the ten most populous states with at least 10 codes each', () => {
    for (const name of MOST_POPULOUS) {
      const prefix = prefixOf(name);
      expect(rtos.filter((r) => r.prefix === prefix).length, name).toBeGreaterThanOrEqual(10);
    }
  });

  it('has at least one office for every state and union territory', () => {
    for (const s of states) {
      expect(
        rtos.some((r) => r.prefix === s.prefix),
        s.state,
      ).toBe(true);
    }
  });

  it('has the well-known offices with sensible cities', () => {
    const city = (code: string) => rtos.find((r) => r.code === code)?.city ?? '';
    expect(city('KA-01')).toMatch(/Bengaluru/);
    expect(city('MH-01')).toMatch(/Mumbai/);
    expect(city('MH-12')).toMatch(/Pune/);
    expect(city('DL-1')).toMatch(/Delhi/);
    expect(city('TN-01')).toMatch(/Chennai/);
    expect(city('UP-32')).toMatch(/Lucknow/);
  });

  it("follows Delhi's convention of codes without a leading zero", () => {
    for (const r of rtos.filter((x) => x.prefix === 'DL')) expect(r.code).toMatch(/^DL-[1-9]\d*$/);
  });
});
