/**
 * Demo inventory generator (issue 5 "Seed data", last bullet): N realistic used cars as search documents,
 * built from the catalog's real reference data (brands, models, variants, RTO offices). Deterministic for
 * a seed (mulberry32 PRNG), so re-seeding with the same seed rewrites the same car ids; the first k cars of
 * a seed are the same whatever the count (a generator, streamed: nothing is held beyond the current car).
 *
 * Pricing figures are a rule of thumb from Indian used-car pricing guides (ex-showroom bands of the
 * segment, then the common "~15 % in the first year, ~12 % a year after" depreciation curve, adjusted for
 * condition and kilometres); they are plausible demo values, not valuations.
 */
import {
  type BodyType,
  type Car,
  type Condition,
  DEMO_CAR_IMAGE_KEYS,
  type FuelType,
  IMAGE_WIDTHS,
  type Ownership,
  type Transmission,
} from '@marketplace/contracts';
import type { CarDocument } from '../search/types';
import type { BrandRow, ModelRow, RtoRow, StateRow, VariantRow } from '../store';

/** The seller of every demo car (no such user exists in auth; the cars only live in the catalog read model). */
export const DEMO_SELLER_ID = 'de30de30-0000-4000-8000-000000000001';

/** Default seed of the first-start inventory and of `npm run seed`. */
export const DEMO_SEED = 1;

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

/** A PRNG returning floats in [0, 1). */
export type Random = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG (public domain, Tommy Ettinger), good enough for demo data. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID (version 4 layout) from 128 bits of `random`. */
export function randomUuid(random: Random): string {
  let hex = '';
  for (let i = 0; i < 4; i++)
    hex += Math.floor(random() * 4294967296)
      .toString(16)
      .padStart(8, '0');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** FNV-1a 32-bit hash of `s`: stable per-model/variant choices independent of the PRNG stream. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A fraction in [0, 1) derived from `s`. */
function hashFraction(s: string): number {
  return hash(s) / 4294967296;
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

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Cumulative weights for {@link pickWeighted}. */
function cumulative(weights: number[]): number[] {
  let sum = 0;
  return weights.map((w) => {
    sum += w;
    return sum;
  });
}

function pickWeighted<T>(random: Random, items: readonly T[], cum: number[]): T {
  const x = random() * cum[cum.length - 1]!;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return items[lo]!;
}

/** Share of the used-car market by brand (rough weights: mass-market brands dominate Indian listings). */
const BRAND_WEIGHT: Record<string, number> = {
  'Maruti Suzuki': 40,
  Hyundai: 16,
  Tata: 10,
  Mahindra: 9,
  Honda: 6,
  Toyota: 6,
  Kia: 4,
  Renault: 3,
  Ford: 3,
  Volkswagen: 2.5,
  Skoda: 2,
  MG: 2,
  Chevrolet: 1.5,
  Nissan: 1.5,
  Datsun: 1,
  'Mercedes-Benz': 1,
  BMW: 1,
  Audi: 1,
};
const DEFAULT_BRAND_WEIGHT = 0.5;

/** Luxury brands: new-car price ₹40 lakh – ₹1.5 crore whatever the body type. */
const LUXURY_BRANDS = new Set(['BMW', 'Mercedes-Benz', 'Audi', 'Volvo', 'Land Rover', 'Lexus', 'Mini']);
/** Premium mass-market brands: the segment band × 1.15. */
const PREMIUM_BRANDS = new Set(['Toyota', 'Jeep', 'Skoda', 'Volkswagen', 'BYD', 'Isuzu', 'MG']);

/** New-car (ex-showroom) price band per body type, rupees, mass-market brands. */
const NEW_PRICE_BAND: Record<BodyType, [number, number]> = {
  Hatchback: [500_000, 900_000],
  Sedan: [800_000, 1_500_000],
  SUV: [900_000, 2_500_000],
  MUV: [900_000, 2_200_000],
  Pickup: [900_000, 1_600_000],
  Coupe: [1_500_000, 3_000_000],
  Convertible: [1_500_000, 3_000_000],
};
const LUXURY_BAND: [number, number] = [4_000_000, 15_000_000];

/** Typical engine displacements (cc) by fuel and body type; a variant takes one, stable per variant. */
const ENGINE_CC = {
  petrol: {
    Hatchback: [796, 998, 1197, 1199, 1086],
    Sedan: [1197, 1199, 1462, 1497, 1498],
    SUV: [1197, 1199, 1462, 1482, 1497, 1998, 2184],
    MUV: [1462, 1497, 1498, 1987, 2694],
    other: [1197, 1498, 1998],
  },
  diesel: {
    Hatchback: [1186, 1248, 1493],
    Sedan: [1248, 1493, 1498],
    SUV: [1493, 1497, 1956, 2184, 2198, 2393, 2755],
    MUV: [1493, 1497, 2184, 2393],
    other: [1998, 2184, 2499],
  },
  hybrid: [1490, 1798, 1987, 2487],
  luxury: [1984, 1998, 2993, 2995, 2998, 3982],
} as const;

/** Cities with the most listings get more cars (the others share the rest evenly). */
const METRO_CITY =
  /^(Mumbai|Delhi|Bengaluru|Chennai|Hyderabad|Pune|Kolkata|Ahmedabad|Gurugram|Noida|Thane)\b/;

const INSURANCE_TYPES = ['Comprehensive', 'Zero Depreciation', 'Third Party'] as const;
const TYRE_CONDITIONS = ['New', 'Good (70%+ tread)', 'Fair (40-70% tread)', 'Worn, replace soon'];
const ENGINE_CONDITIONS = ['Excellent', 'Good, no leaks', 'Minor oil seepage', 'Due for service'];
const WARNINGS = [
  'None',
  'Minor scratches on rear bumper',
  'AC cooling weak',
  'Battery due for replacement',
  'Front brake pads at 30%',
  'Windscreen chip',
  'Dent on left door',
];
/** Registration series letters (I and O are not issued). */
const SERIES_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

const DAY_MS = 86_400_000;

/** `Kakinada (East Godavari)` → `Kakinada`. */
export function cityOf(rtoCity: string): string {
  return rtoCity.replace(/\s*\(.*?\)\s*/g, ' ').trim();
}

/** `KA-01` + random series → `KA-01-AB-1234`; Delhi's car category letter → `DL-3C-AB-1234`. */
function regNumberOf(random: Random, rtoCode: string): string {
  const series =
    random() < 0.9
      ? pick(random, [...SERIES_LETTERS]) + pick(random, [...SERIES_LETTERS])
      : pick(random, [...SERIES_LETTERS]);
  const digits = String(1 + Math.floor(random() * 9999)).padStart(4, '0');
  const code = rtoCode.startsWith('DL-') ? `${rtoCode}C` : rtoCode;
  return `${code}-${series}-${digits}`;
}

function ownershipOf(random: Random, age: number): Ownership {
  const table: [Ownership, number][] =
    age < 3
      ? [
          ['First', 92],
          ['Second', 8],
        ]
      : age < 8
        ? [
            ['First', 68],
            ['Second', 26],
            ['Third', 6],
          ]
        : age < 13
          ? [
              ['First', 45],
              ['Second', 38],
              ['Third', 13],
              ['Fourth', 4],
            ]
          : [
              ['First', 25],
              ['Second', 40],
              ['Third', 24],
              ['Fourth', 8],
              ['More than Four', 3],
            ];
  return pickWeighted(
    random,
    table.map((t) => t[0]),
    cumulative(table.map((t) => t[1])),
  );
}

function conditionOf(random: Random, age: number): Condition {
  const weights = age < 3 ? [55, 40, 5, 0] : age < 8 ? [20, 55, 22, 3] : [6, 40, 40, 14];
  return pickWeighted(random, ['excellent', 'good', 'fair', 'poor'] as const, cumulative(weights));
}

const CONDITION_FACTOR: Record<Condition, number> = { excellent: 1.05, good: 1, fair: 0.9, poor: 0.78 };

const LITRES = /\b(\d\.\d)[- ]?(?:litre|liter|l)\b/i;

/** Engine displacement (cc) named by a variant's name, features or description (`1.5-litre …`), if any. */
export function statedEngineCc(
  variant: Pick<VariantRow, 'name' | 'features' | 'description'>,
): number | undefined {
  const m = LITRES.exec([variant.name, ...variant.features, variant.description ?? ''].join(' '));
  return m ? Math.round(Number(m[1]) * 1000) - 2 : undefined;
}

function engineCapacityOf(
  fuel: FuelType,
  body: BodyType,
  luxury: boolean,
  variant: VariantRow,
): number | undefined {
  if (fuel === 'Electric') return undefined;
  const stated = statedEngineCc(variant);
  if (stated !== undefined) return stated;
  const h = hash(`cc:${variant.id}`);
  if (luxury) return ENGINE_CC.luxury[h % ENGINE_CC.luxury.length];
  if (fuel === 'Hybrid') return ENGINE_CC.hybrid[h % ENGINE_CC.hybrid.length];
  const table = fuel === 'Diesel' ? ENGINE_CC.diesel : ENGINE_CC.petrol;
  const list: readonly number[] =
    body === 'Hatchback' || body === 'Sedan' || body === 'SUV' || body === 'MUV' ? table[body] : table.other;
  return list[h % list.length];
}

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
