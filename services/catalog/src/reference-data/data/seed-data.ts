/**
 * The versioned seed data files of services/catalog/data (sources in data/SOURCES-*.md), validated on load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bodyTypes, fuelTypes, transmissions } from '@marketplace/contracts';
import { z } from 'zod';

const stateFile = z.array(
  z.object({
    state: z.string().min(1),
    prefix: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .optional(),
    kind: z.enum(['state', 'union territory']),
  }),
);
const rtoFile = z.array(
  z.object({ prefix: z.string().regex(/^[A-Z]{2}$/), code: z.string(), city: z.string().min(1) }),
);
const brandFile = z.array(
  z.object({
    name: z.string().min(1),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    country: z.string().min(1),
    founded: z.number().int(),
    website: z.string().url().optional(),
  }),
);
const modelFile = z.array(
  z.object({
    brand: z.string(),
    name: z.string().min(1),
    year: z.number().int(),
    yearTo: z.number().int().nullable().optional(),
    bodyType: z.enum(bodyTypes),
    fuelType: z.array(z.enum(fuelTypes)).min(1),
    transmission: z.array(z.enum(transmissions)).min(1),
  }),
);
const variantFile = z.array(
  z.object({
    brand: z.string(),
    model: z.string(),
    name: z.string().min(1),
    fuelType: z.enum(fuelTypes),
    transmission: z.enum(transmissions),
    features: z.array(z.string()),
    description: z.string().optional(),
  }),
);

/** The validated contents of the seed files, by kind (rows as in the files: parents named, not ids). */
export interface SeedData {
  states: z.infer<typeof stateFile>;
  rtos: z.infer<typeof rtoFile>;
  brands: z.infer<typeof brandFile>;
  models: z.infer<typeof modelFile>;
  variants: z.infer<typeof variantFile>;
}

/** Reads and validates every seed file in `dir`; a missing file counts as empty. @throws ZodError on a malformed file. */
export function loadSeedData(dir: string): SeedData {
  const read = <T>(file: string, schema: z.ZodType<T>): T => {
    const p = path.join(dir, file);
    return schema.parse(fs.existsSync(p) ? JSON.parse(fs.readFileSync(p, 'utf8')) : []);
  };
  return {
    states: read('states.json', stateFile),
    rtos: read('rtos.json', rtoFile),
    brands: read('brands.json', brandFile),
    models: read('models.json', modelFile),
    variants: read('variants.json', variantFile),
  };
}
