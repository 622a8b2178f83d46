import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bodyTypes, currentYear, fuelTypes, MIN_YEAR, transmissions } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

/**
 * Checks of the vehicle seed data (issue 5, "Seed data"): brands, models, variants and brand logos in
 * `services/catalog/data`. Sources and caveats are in `data/SOURCES-vehicles.md`.
 */

interface Brand {
  name: string;
  slug: string;
  country: string;
  founded: number;
  website: string;
}
interface Model {
  brand: string;
  name: string;
  year: number;
  yearTo: number | null;
  bodyType: string;
  fuelType: string[];
  transmission: string[];
}
interface Variant {
  brand: string;
  model: string;
  name: string;
  fuelType: string;
  transmission: string;
  features: string[];
  description: string;
}

const dataDir = join(import.meta.dirname, '..', 'data');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as T;

const brands = readJson<Brand[]>('brands.json');
const models = readJson<Model[]>('models.json');
const variants = readJson<Variant[]>('variants.json');

const modelKey = (brand: string, model: string) => `${brand}\u0000${model}`;
const modelsByKey = new Map(models.map((m) => [modelKey(m.brand, m.name), m]));

const REQUIRED_BRANDS = [
  'Maruti Suzuki',
  'Hyundai',
  'Tata',
  'Mahindra',
  'Kia',
  'Toyota',
  'Honda',
  'MG',
  'Renault',
  'Skoda',
  'Volkswagen',
  'Nissan',
  'Jeep',
  'Citroen',
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Ford',
  'Volvo',
  'BYD',
];

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const v of values) {
    if (seen.has(v)) dupes.push(v);
    seen.add(v);
  }
  return dupes;
}

const isTrimmedNonBlank = (s: unknown) => typeof s === 'string' && s.trim() === s && s.length > 0;

describe('vehicle seed data: counts', () => {
  it('has at least 20 brands, 100 models and 300 variants', () => {
    expect(brands.length).toBeGreaterThanOrEqual(20);
    expect(models.length).toBeGreaterThanOrEqual(100);
    expect(variants.length).toBeGreaterThanOrEqual(300);
  });

  it('includes the brands named in issue 5', () => {
    const names = new Set(brands.map((b) => b.name));
    expect(REQUIRED_BRANDS.filter((n) => !names.has(n))).toEqual([]);
  });
});

describe('vehicle seed data: brands', () => {
  it('has well-formed, unique brands', () => {
    for (const b of brands) {
      expect(isTrimmedNonBlank(b.name), b.name).toBe(true);
      expect(b.slug, b.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(isTrimmedNonBlank(b.country), b.name).toBe(true);
      expect(Number.isInteger(b.founded), b.name).toBe(true);
      expect(b.founded, b.name).toBeGreaterThanOrEqual(1800);
      expect(b.founded, b.name).toBeLessThanOrEqual(currentYear());
      expect(() => new URL(b.website), b.name).not.toThrow();
      expect(b.website, b.name).toMatch(/^https:\/\//);
    }
    expect(duplicates(brands.map((b) => b.name.toLowerCase()))).toEqual([]);
    expect(duplicates(brands.map((b) => b.slug))).toEqual([]);
  });

  it('gives every brand at least two models', () => {
    for (const b of brands) {
      expect(models.filter((m) => m.brand === b.name).length, b.name).toBeGreaterThanOrEqual(2);
    }
  });

  it('has a small, accessible SVG monogram logo for every brand', () => {
    for (const b of brands) {
      const file = join(dataDir, 'logos', `${b.slug}.svg`);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(1024);
      const svg = readFileSync(file, 'utf8').trim();
      expect(svg, file).toMatch(/^<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg, file).toMatch(/<\/svg>$/);
      expect(svg, file).toContain('viewBox="0 0 120 60"');
      expect(svg, file).toContain('role="img"');
      const label = b.name.replaceAll('&', '&amp;');
      expect(svg, file).toContain(`aria-label="${label}"`);
      expect(svg, file).not.toMatch(/<script|<image|href=/i);
    }
  });
});

describe('vehicle seed data: models', () => {
  const brandNames = new Set(brands.map((b) => b.name));

  it('belongs to known brands and is unique per brand', () => {
    expect(models.filter((m) => !brandNames.has(m.brand)).map((m) => `${m.brand} ${m.name}`)).toEqual([]);
    expect(duplicates(models.map((m) => modelKey(m.brand, m.name.toLowerCase())))).toEqual([]);
  });

  it('uses valid names, years and enumerations', () => {
    for (const m of models) {
      const id = `${m.brand} ${m.name}`;
      expect(isTrimmedNonBlank(m.name), id).toBe(true);
      expect(Number.isInteger(m.year), id).toBe(true);
      expect(m.year, id).toBeGreaterThanOrEqual(MIN_YEAR);
      expect(m.year, id).toBeLessThanOrEqual(currentYear());
      if (m.yearTo !== null) {
        expect(Number.isInteger(m.yearTo), id).toBe(true);
        expect(m.yearTo, id).toBeGreaterThanOrEqual(m.year);
        expect(m.yearTo, id).toBeLessThanOrEqual(currentYear());
      }
      expect(bodyTypes, id).toContain(m.bodyType);
      expect(m.fuelType.length, id).toBeGreaterThan(0);
      expect(m.transmission.length, id).toBeGreaterThan(0);
      for (const f of m.fuelType) expect(fuelTypes, id).toContain(f);
      for (const t of m.transmission) expect(transmissions, id).toContain(t);
      expect(duplicates(m.fuelType), id).toEqual([]);
      expect(duplicates(m.transmission), id).toEqual([]);
    }
  });

  it('covers the home page categories (Sedan, SUV, Convertible, Coupe) and pickups', () => {
    const count = (body: string) => models.filter((m) => m.bodyType === body).length;
    expect(count('Sedan')).toBeGreaterThan(0);
    expect(count('SUV')).toBeGreaterThan(0);
    expect(count('Convertible')).toBeGreaterThanOrEqual(2);
    expect(count('Coupe')).toBeGreaterThanOrEqual(2);
    expect(count('Pickup')).toBeGreaterThanOrEqual(2);
  });
});

describe('vehicle seed data: variants', () => {
  it('belongs to a model of its brand, with one of that model’s fuel types and transmissions', () => {
    for (const v of variants) {
      const id = `${v.brand} ${v.model} ${v.name}`;
      const model = modelsByKey.get(modelKey(v.brand, v.model));
      expect(model, id).toBeDefined();
      expect(fuelTypes, id).toContain(v.fuelType);
      expect(transmissions, id).toContain(v.transmission);
      expect(model?.fuelType, id).toContain(v.fuelType);
      expect(model?.transmission, id).toContain(v.transmission);
    }
  });

  it('is unique per model', () => {
    expect(
      duplicates(variants.map((v) => `${modelKey(v.brand, v.model)}\u0000${v.name.toLowerCase()}`)),
    ).toEqual([]);
  });

  it('has a trimmed name and description and 3 to 8 trimmed, non-blank, distinct features', () => {
    for (const v of variants) {
      const id = `${v.brand} ${v.model} ${v.name}`;
      expect(isTrimmedNonBlank(v.name), id).toBe(true);
      expect(isTrimmedNonBlank(v.description), id).toBe(true);
      expect(v.features.length, id).toBeGreaterThanOrEqual(3);
      expect(v.features.length, id).toBeLessThanOrEqual(8);
      for (const f of v.features) expect(isTrimmedNonBlank(f), `${id}: "${f}"`).toBe(true);
      expect(duplicates(v.features), id).toEqual([]);
    }
  });

  it('gives the bulk of models at least two variants and every model at least one', () => {
    const perModel = new Map<string, number>();
    for (const v of variants) {
      const key = modelKey(v.brand, v.model);
      perModel.set(key, (perModel.get(key) ?? 0) + 1);
    }
    const missing = models.filter((m) => !perModel.has(modelKey(m.brand, m.name)));
    expect(missing.map((m) => `${m.brand} ${m.name}`)).toEqual([]);
    const withTwo = models.filter((m) => (perModel.get(modelKey(m.brand, m.name)) ?? 0) >= 2).length;
    expect(withTwo / models.length).toBeGreaterThanOrEqual(0.9);
  });
});
