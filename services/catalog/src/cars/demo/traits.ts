/**
 * A demo car's traits drawn from the market facts (market.ts): its city and registration number from an
 * RTO office, its ownership and condition by age (years), its engine displacement (cc) by variant.
 */
import type { BodyType, Condition, FuelType, Ownership } from '@marketplace/contracts';
import type { VariantRow } from '../../reference-data/data/tables';
import { ENGINE_CC, SERIES_LETTERS } from './market';
import { cumulative, hash, pick, pickWeighted, type Random } from './random';

/** `Kakinada (East Godavari)` → `Kakinada`. */
export function cityOf(rtoCity: string): string {
  return rtoCity.replace(/\s*\(.*?\)\s*/g, ' ').trim();
}

/** `KA-01` + random series → `KA-01-AB-1234`; Delhi's car category letter → `DL-3C-AB-1234`. */
export function regNumberOf(random: Random, rtoCode: string): string {
  const series =
    random() < 0.9
      ? pick(random, [...SERIES_LETTERS]) + pick(random, [...SERIES_LETTERS])
      : pick(random, [...SERIES_LETTERS]);
  const digits = String(1 + Math.floor(random() * 9999)).padStart(4, '0');
  const code = rtoCode.startsWith('DL-') ? `${rtoCode}C` : rtoCode;
  return `${code}-${series}-${digits}`;
}

/** The number of owners of a car `age` years old (older cars have changed hands more). */
export function ownershipOf(random: Random, age: number): Ownership {
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

/** The condition of a car `age` years old. */
export function conditionOf(random: Random, age: number): Condition {
  const weights = age < 3 ? [55, 40, 5, 0] : age < 8 ? [20, 55, 22, 3] : [6, 40, 40, 14];
  return pickWeighted(random, ['excellent', 'good', 'fair', 'poor'] as const, cumulative(weights));
}

const LITRES = /\b(\d\.\d)[- ]?(?:litre|liter|l)\b/i;

/** Engine displacement (cc) named by a variant's name, features or description (`1.5-litre …`), if any. */
export function statedEngineCc(
  variant: Pick<VariantRow, 'name' | 'features' | 'description'>,
): number | undefined {
  const m = LITRES.exec([variant.name, ...variant.features, variant.description ?? ''].join(' '));
  return m ? Math.round(Number(m[1]) * 1000) - 2 : undefined;
}

/**
 * The engine displacement (cc) of a car of `variant`: none for an electric car, the size the variant names,
 * else one typical of its fuel and body (luxury brands: their own sizes), stable per variant.
 */
export function engineCapacityOf(
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
