/**
 * Demo inventory generator (issue 5 "Seed data", last bullet): N realistic used cars as search documents,
 * built from the catalog's real reference data (brands, models, variants, RTO offices). Deterministic for
 * a seed (mulberry32 PRNG), so re-seeding with the same seed rewrites the same car ids; the first k cars of
 * a seed are the same whatever the count (a generator, streamed: nothing is held beyond the current car).
 *
 * Pricing figures are a rule of thumb from Indian used-car pricing guides (ex-showroom bands of the
 * segment, then the common "~15 % in the first year, ~12 % a year after" depreciation curve, adjusted for
 * condition and kilometres); they are plausible demo values, not valuations. The fixed figures are in
 * market.ts, the PRNG and its draws in random.ts, a car's traits drawn from the figures in traits.ts.
 */
import {
  type BodyType,
  type Car,
  DEMO_CAR_IMAGE_KEYS,
  type FuelType,
  IMAGE_WIDTHS,
  type Transmission,
} from '@marketplace/contracts';
import type { BrandRow, ModelRow, RtoRow, StateRow, VariantRow } from '../../reference-data/data/tables';
import type { CarDocument } from '../search/types';
import {
  BRAND_WEIGHT,
  CONDITION_FACTOR,
  DEFAULT_BRAND_WEIGHT,
  ENGINE_CONDITIONS,
  INSURANCE_TYPES,
  LUXURY_BAND,
  LUXURY_BRANDS,
  METRO_CITY,
  NEW_PRICE_BAND,
  PREMIUM_BRANDS,
  TYRE_CONDITIONS,
  WARNINGS,
} from './market';
import { between, cumulative, hashFraction, mulberry32, pick, pickWeighted, randomUuid } from './random';
import { cityOf, conditionOf, engineCapacityOf, ownershipOf, regNumberOf, statedEngineCc } from './traits';

const DAY_MS = 86_400_000;

/** The seller of every demo car (no such user exists in auth; the cars only live in the catalog read model). */
export const DEMO_SELLER_ID = 'de30de30-0000-4000-8000-000000000001';

/** Default seed of the first-start inventory and of `npm run seed`. */
export const DEMO_SEED = 1;

/** What {@link generateCars} draws from, and how many. */
export interface GenerateOptions {
  /** Number of cars to generate. */
  count: number;
  /** PRNG seed (default {@link DEMO_SEED}). */
  seed?: number;
  brands: BrandRow[];
  models: ModelRow[];
  variants: VariantRow[];
  rtos: RtoRow[];
  /** States, to fill `location.state` from an RTO's state (optional). */
  states?: StateRow[];
  /** The reference time: years up to its year, createdAt within the 90 days before it (default: now). */
  now?: Date;
}

/**
 * The demo photo of a car: one of the storage service's seeded illustrations (`DEMO_CAR_IMAGE_KEYS`; key n
 * draws a sedan, hatchback or SUV for n mod 3 = 1, 2, 0) in the shape of its body type, the colour chosen
 * by a hash of the car id (so the random stream, and with it every car id, is unchanged). Served by
 * storage at `/api/storage/images/{key}` (1280×853 JPEG) and `/{key}/{width}.webp`.
 */
export function demoPhotoOf(id: string, bodyType: BodyType | undefined): Car['images'][number] {
  const shape =
    bodyType === 'Hatchback' ? 1 : bodyType === 'SUV' || bodyType === 'MUV' || bodyType === 'Pickup' ? 2 : 0;
  const keys = DEMO_CAR_IMAGE_KEYS.filter((_, i) => i % 3 === shape);
  const key = keys[Math.floor(hashFraction(`photo:${id}`) * keys.length)]!;
  const url = `/api/storage/images/${key}`;
  return { url, key, sizes: IMAGE_WIDTHS.map((width) => ({ width, url: `${url}/${width}.webp` })) };
}

/** `2026-11-25`: the date part of `d` in UTC. */
function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Reference data indexed for generation; the rows are sorted by natural keys so row order does not matter. */
function prepare(opts: GenerateOptions) {
  const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const brands = [...opts.brands].sort(byName);
  const modelsByBrand = new Map<string, ModelRow[]>();
  for (const m of [...opts.models].sort(byName)) {
    const list = modelsByBrand.get(m.brandId) ?? [];
    list.push(m);
    modelsByBrand.set(m.brandId, list);
  }
  const variantsByModel = new Map<string, VariantRow[]>();
  const variantKey = (v: VariantRow) => `${v.name}/${v.fuelType}/${v.transmission}`;
  for (const v of [...opts.variants].sort((a, b) => (variantKey(a) < variantKey(b) ? -1 : 1))) {
    const list = variantsByModel.get(v.modelId) ?? [];
    list.push(v);
    variantsByModel.set(v.modelId, list);
  }
  const nowYear = (opts.now ?? new Date()).getUTCFullYear();
  // Brands with at least one model that has variants; models weighted toward those on sale or recent.
  const usable = brands.flatMap((brand) => {
    const models = (modelsByBrand.get(brand.id) ?? []).filter((m) => variantsByModel.has(m.id));
    if (models.length === 0) return [];
    const modelWeights = models.map((m) => (m.yearTo == null ? 3 : m.yearTo >= nowYear - 6 ? 2 : 1));
    return [{ brand, models, modelCum: cumulative(modelWeights) }];
  });
  // A model's place in its segment's price band: by the largest engine its variants name (a size proxy:
  // 1.0 l at the bottom, 2.5 l+ at the top), else a stable hash of the model in the lower 60 %.
  const bandPosition = new Map<string, number>();
  for (const [modelId, list] of variantsByModel) {
    const cc = Math.max(0, ...list.map((v) => statedEngineCc(v) ?? 0));
    bandPosition.set(
      modelId,
      cc > 0 ? Math.min(1, Math.max(0, (cc - 1000) / 1500)) : 0.6 * hashFraction(`price:${modelId}`),
    );
  }
  const brandCum = cumulative(usable.map((u) => BRAND_WEIGHT[u.brand.name] ?? DEFAULT_BRAND_WEIGHT));
  const rtos = [...opts.rtos].sort((a, b) => (a.code < b.code ? -1 : 1));
  const rtoCum = cumulative(rtos.map((r) => (METRO_CITY.test(r.city) ? 8 : 1)));
  const stateNames = new Map((opts.states ?? []).map((s) => [s.id, s.name]));
  return { usable, brandCum, variantsByModel, bandPosition, rtos, rtoCum, stateNames, nowYear };
}

/**
 * Generates `count` demo cars from the reference rows, deterministically for `seed` (and `now`).
 * @throws Error when there are no models with variants or no RTO offices to draw from.
 */
export function* generateCars(opts: GenerateOptions): Generator<CarDocument> {
  const now = opts.now ?? new Date();
  const random = mulberry32(opts.seed ?? DEMO_SEED);
  const ref = prepare({ ...opts, now });
  if (ref.usable.length === 0 || ref.rtos.length === 0) {
    throw new Error(
      'demo inventory needs brands, models, variants and RTO offices: seed reference data first',
    );
  }
  const { nowYear } = ref;
  for (let n = 0; n < opts.count; n++) {
    const id = randomUuid(random);
    const { brand, models, modelCum } = pickWeighted(random, ref.usable, ref.brandCum);
    const model = pickWeighted(random, models, modelCum);
    const variants = ref.variantsByModel.get(model.id)!;
    const variantIndex = Math.floor(random() * variants.length);
    const variant = variants[variantIndex]!;
    const bodyType = (model.bodyType ?? 'Hatchback') as BodyType;
    const fuelType = variant.fuelType as FuelType;
    const transmission = variant.transmission as Transmission;
    const luxury = LUXURY_BRANDS.has(brand.name);

    // Year: within the model's production years, mostly the last 10; skewed toward newer cars.
    const hi = Math.min(model.yearTo ?? nowYear, nowYear);
    let lo = Math.max(model.year, nowYear - 15);
    if (lo > hi) lo = Math.max(model.year, hi - 4);
    const year = Math.min(hi, lo + Math.floor((hi - lo + 1) * random() ** 0.7));
    const ageYears = Math.max(0.25, nowYear - year + random() * 0.9);

    // Kilometres: 8 000–15 000 a year, with noise.
    const kmDriven = Math.round(ageYears * between(random, 8_000, 15_000) * between(random, 0.75, 1.25));

    const condition = conditionOf(random, ageYears);
    const ownership = ownershipOf(random, ageYears);

    // Price: the model's place in its segment band (see `bandPosition`), trim position, fuel and gearbox
    // premiums; then depreciation ~15 % the first year and 12–15 % a year after; condition and km.
    const [bandLo, bandHi] = luxury ? LUXURY_BAND : NEW_PRICE_BAND[bodyType];
    const trim = variants.length > 1 ? variantIndex / (variants.length - 1) : 0.5;
    let newPrice = bandLo + (bandHi - bandLo) * (0.75 * ref.bandPosition.get(model.id)! + 0.25 * trim);
    if (!luxury) {
      // The luxury band already spans their fuels and gearboxes (almost all automatic).
      if (PREMIUM_BRANDS.has(brand.name)) newPrice *= 1.15;
      if (fuelType === 'Electric') newPrice *= 1.3;
      else if (fuelType === 'Hybrid') newPrice *= 1.2;
      else if (fuelType === 'Diesel') newPrice *= 1.1;
      if (transmission === 'Automatic') newPrice *= 1.08;
    }
    const rate = between(random, 0.12, 0.15);
    const age = nowYear - year;
    let price = newPrice * (age === 0 ? 0.9 : 0.85 * (1 - rate) ** (age - 1));
    price *= CONDITION_FACTOR[condition];
    const expectedKm = Math.max(1, ageYears * 11_500);
    price *= Math.min(1.05, Math.max(0.85, 1 - 0.1 * (kmDriven / expectedKm - 1)));
    price *= between(random, 0.95, 1.05);
    price = Math.max(50_000, Math.round(price / 1_000) * 1_000);

    const rto = pickWeighted(random, ref.rtos, ref.rtoCum);
    const city = cityOf(rto.city);
    const state = ref.stateNames.get(rto.stateId);
    const regNumber = regNumberOf(random, rto.code);

    const createdAt = new Date(now.getTime() - Math.floor(random() * 90 * DAY_MS));
    const insured = random() < 0.93;
    const insuranceType =
      ageYears < 5 ? pick(random, INSURANCE_TYPES) : pick(random, ['Comprehensive', 'Third Party'] as const);
    const validTill = new Date(createdAt.getTime() + Math.floor(between(random, -30, 365)) * DAY_MS);
    const spareKey = random() < 0.72;
    const engineCapacity = engineCapacityOf(fuelType, bodyType, luxury, variant);

    const inspectionReport: Car['inspectionReport'] = [];
    const reports = Math.floor(random() * 4);
    for (let i = 0; i < reports; i++) {
      inspectionReport.push({
        tyreCondition: pick(random, TYRE_CONDITIONS),
        engineCondition: pick(random, ENGINE_CONDITIONS),
        ...(random() < 0.8 ? { warnings: pick(random, WARNINGS) } : {}),
      });
    }
    const sold = random() < 0.03;

    const car: Car = {
      _id: id,
      images: [demoPhotoOf(id, bodyType)],
      brand: { _id: brand.id, name: brand.name },
      model: { _id: model.id, name: model.name, bodyType },
      variant: { _id: variant.id, name: variant.name, features: variant.features },
      fuelType,
      transmission,
      status: sold ? 'sold' : 'used',
      condition,
      price,
      description: `${year} ${brand.name} ${model.name} ${variant.name}, ${ownership.toLowerCase()} owner, ${kmDriven.toLocaleString('en-IN')} km, registered in ${city}.`,
      createdAt: createdAt.toISOString(),
      manufacturerYear: year,
      location: { city, ...(state ? { state } : {}) },
      specifications: {
        kmDriven,
        ...(engineCapacity !== undefined ? { engineCapacity } : {}),
        regNumber,
        spareKey,
        ownership,
        ...(insured ? { insurance: { type: insuranceType, validTill: isoDate(validTill) } } : {}),
      },
      inspectionReport,
      seller: DEMO_SELLER_ID,
    };
    yield { car, brandId: brand.id, modelId: model.id, variantId: variant.id, bodyType, createdAt };
  }
}
