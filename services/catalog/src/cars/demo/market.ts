/**
 * The fixed facts of the demo inventory (rough figures from Indian used-car listings and pricing guides;
 * plausible demo values, not valuations): brand shares, price bands (rupees) and segments, engine sizes
 * (cc), metro cities, insurance and inspection vocabulary, registration letters.
 */
import type { BodyType, Condition } from '@marketplace/contracts';

/** Share of the used-car market by brand (rough weights: mass-market brands dominate Indian listings). */
export const BRAND_WEIGHT: Record<string, number> = {
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
/** The weight of a brand not in {@link BRAND_WEIGHT}. */
export const DEFAULT_BRAND_WEIGHT = 0.5;

/** Luxury brands: new-car price ₹40 lakh – ₹1.5 crore whatever the body type. */
export const LUXURY_BRANDS = new Set([
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Volvo',
  'Land Rover',
  'Lexus',
  'Mini',
]);
/** Premium mass-market brands: the segment band × 1.15. */
export const PREMIUM_BRANDS = new Set(['Toyota', 'Jeep', 'Skoda', 'Volkswagen', 'BYD', 'Isuzu', 'MG']);

/** New-car (ex-showroom) price band per body type, rupees, mass-market brands. */
export const NEW_PRICE_BAND: Record<BodyType, [number, number]> = {
  Hatchback: [500_000, 900_000],
  Sedan: [800_000, 1_500_000],
  SUV: [900_000, 2_500_000],
  MUV: [900_000, 2_200_000],
  Pickup: [900_000, 1_600_000],
  Coupe: [1_500_000, 3_000_000],
  Convertible: [1_500_000, 3_000_000],
};
/** New-car price band of the luxury brands, rupees. */
export const LUXURY_BAND: [number, number] = [4_000_000, 15_000_000];

/** Typical engine displacements (cc) by fuel and body type; a variant takes one, stable per variant. */
export const ENGINE_CC = {
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
export const METRO_CITY =
  /^(Mumbai|Delhi|Bengaluru|Chennai|Hyderabad|Pune|Kolkata|Ahmedabad|Gurugram|Noida|Thane)\b/;

/** Insurance policies of a car (the first, zero depreciation, only for cars under 5 years). */
export const INSURANCE_TYPES = ['Comprehensive', 'Zero Depreciation', 'Third Party'] as const;
/** What an inspection report says of the tyres. */
export const TYRE_CONDITIONS = ['New', 'Good (70%+ tread)', 'Fair (40-70% tread)', 'Worn, replace soon'];
/** What an inspection report says of the engine. */
export const ENGINE_CONDITIONS = ['Excellent', 'Good, no leaks', 'Minor oil seepage', 'Due for service'];
/** What an inspection report warns of. */
export const WARNINGS = [
  'None',
  'Minor scratches on rear bumper',
  'AC cooling weak',
  'Battery due for replacement',
  'Front brake pads at 30%',
  'Windscreen chip',
  'Dent on left door',
];
/** Registration series letters (I and O are not issued). */
export const SERIES_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Price factor of a car's condition. */
export const CONDITION_FACTOR: Record<Condition, number> = {
  excellent: 1.05,
  good: 1,
  fair: 0.9,
  poor: 0.78,
};
