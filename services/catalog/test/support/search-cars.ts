/**
 * Search fixtures: ~40 valid cars (contracts `car` schema) across Indian brands, cities, prices (rupees),
 * km, years, fuels and body types, one of them sold; and a reference implementation of the non-text
 * search semantics (filters, sort, paging) to compute the expected answers.
 */
import {
  type BodyType,
  type Car,
  type CarSearchQuery,
  carSearchQuery,
  type FuelType,
  OWNERSHIPS_BY_FILTER,
  type Ownership,
  ownerships,
  type Transmission,
} from '@marketplace/contracts';
import type { CarDocument } from '../../src/cars/search';

/** A deterministic UUID: `kind` (1 brand, 2 model, 3 variant, 4 car, 5 seller) and a sequence number. */
export function fixtureUuid(kind: number, n: number): string {
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

interface ModelSpec {
  brand: (typeof brandNames)[number];
  model: string;
  bodyType: BodyType;
  variant: string;
  fuelType: FuelType;
  transmission: Transmission;
  features: string[];
}

const brandNames = [
  'Maruti Suzuki',
  'Hyundai',
  'Tata',
  'Mahindra',
  'Kia',
  'Toyota',
  'Honda',
  'MG',
  'BMW',
  'Isuzu',
] as const;

/** Brand id of a fixture brand name. */
export function brandId(name: (typeof brandNames)[number]): string {
  return fixtureUuid(1, brandNames.indexOf(name) + 1);
}

const m = (
  brand: (typeof brandNames)[number],
  model: string,
  bodyType: BodyType,
  variant: string,
  fuelType: FuelType,
  transmission: Transmission,
): ModelSpec => ({ brand, model, bodyType, variant, fuelType, transmission, features: ['ABS', 'Airbags'] });

/** Model-variants by short key. */
const specs = {
  swift: m('Maruti Suzuki', 'Swift', 'Hatchback', 'VXi', 'Petrol', 'Manual'),
  swiftAmt: m('Maruti Suzuki', 'Swift', 'Hatchback', 'ZXi Plus AMT', 'Petrol', 'Automatic'),
  baleno: m('Maruti Suzuki', 'Baleno', 'Hatchback', 'Alpha', 'Petrol', 'Manual'),
  dzire: m('Maruti Suzuki', 'Dzire', 'Sedan', 'ZXi CNG', 'Other', 'Manual'),
  ertiga: m('Maruti Suzuki', 'Ertiga', 'MUV', 'VXi', 'Petrol', 'Manual'),
  brezza: m('Maruti Suzuki', 'Brezza', 'SUV', 'ZXi', 'Petrol', 'Automatic'),
  creta: m('Hyundai', 'Creta', 'SUV', 'SX(O) Diesel', 'Diesel', 'Automatic'),
  cretaS: m('Hyundai', 'Creta', 'SUV', 'S Petrol', 'Petrol', 'Manual'),
  i20: m('Hyundai', 'i20', 'Hatchback', 'Asta', 'Petrol', 'Manual'),
  verna: m('Hyundai', 'Verna', 'Sedan', 'SX Turbo', 'Petrol', 'Automatic'),
  nexonEv: m('Tata', 'Nexon EV', 'SUV', 'Fearless', 'Electric', 'Automatic'),
  nexon: m('Tata', 'Nexon', 'SUV', 'Creative', 'Petrol', 'Manual'),
  tiago: m('Tata', 'Tiago', 'Hatchback', 'XZ Plus', 'Petrol', 'Manual'),
  scorpio: m('Mahindra', 'Scorpio-N', 'SUV', 'Z8', 'Diesel', 'Manual'),
  xuv700: m('Mahindra', 'XUV700', 'SUV', 'AX7', 'Diesel', 'Automatic'),
  thar: m('Mahindra', 'Thar', 'SUV', 'LX Hard Top', 'Diesel', 'Manual'),
  seltos: m('Kia', 'Seltos', 'SUV', 'HTX', 'Petrol', 'Manual'),
  sonet: m('Kia', 'Sonet', 'SUV', 'GTX Plus', 'Diesel', 'Automatic'),
  innova: m('Toyota', 'Innova Crysta', 'MUV', 'GX', 'Diesel', 'Manual'),
  fortuner: m('Toyota', 'Fortuner', 'SUV', '4x2 AT', 'Diesel', 'Automatic'),
  city: m('Honda', 'City', 'Sedan', 'ZX', 'Petrol', 'Manual'),
  cityHybrid: m('Honda', 'City', 'Sedan', 'e:HEV ZX', 'Hybrid', 'Automatic'),
  zsEv: m('MG', 'ZS EV', 'SUV', 'Exclusive', 'Electric', 'Automatic'),
  hector: m('MG', 'Hector', 'SUV', 'Sharp Pro', 'Petrol', 'Automatic'),
  bmw3: m('BMW', '3 Series', 'Sedan', '330Li M Sport', 'Petrol', 'Automatic'),
  dmax: m('Isuzu', 'D-Max V-Cross', 'Pickup', 'Z Prestige', 'Diesel', 'Manual'),
} satisfies Record<string, ModelSpec>;
type SpecKey = keyof typeof specs;

const specKeys = Object.keys(specs) as SpecKey[];
const modelNames = [...new Set(specKeys.map((k) => `${specs[k].brand}/${specs[k].model}`))];

/** Model id of a fixture model, e.g. `modelId('Hyundai/Creta')`. @throws Error for an unknown model. */
export function modelId(brandAndModel: string): string {
  const i = modelNames.indexOf(brandAndModel);
  if (i < 0) throw new Error(`no fixture model ${brandAndModel}`);
  return fixtureUuid(2, i + 1);
}

/** Ownership of fixture row `i` (issue 25): every value, more first and second owners; row 16 has none. */
function fixtureOwnership(i: number): Ownership | undefined {
  if (i === 16) return undefined;
  return (['First', 'Second', 'First', 'Third', 'Second', 'Fourth', 'First', 'More than Four'] as const)[
    i % 8
  ];
}

const cityStates: Record<string, string> = {
  Bengaluru: 'Karnataka',
  Pune: 'Maharashtra',
  Mumbai: 'Maharashtra',
  'New Delhi': 'Delhi',
  Chennai: 'Tamil Nadu',
  Hyderabad: 'Telangana',
  Kolkata: 'West Bengal',
  Ahmedabad: 'Gujarat',
  Jaipur: 'Rajasthan',
  Kochi: 'Kerala',
};

/** Listing time of the newest fixture; row `hoursAgo` counts back from it. */
const NEWEST = Date.parse('2025-06-01T10:00:00Z');

/** One fixture row: model-variant, city, price (rupees), km, year, hours before NEWEST, status. */
type Row = [SpecKey, string, number, number, number, number, ('used' | 'sold')?];

// Ties on purpose: rows 3/4 share price, rows 5/6 createdAt, rows 7/8 km.
const rows: Row[] = [
  ['swift', 'Bengaluru', 545000, 32000, 2019, 5],
  ['swiftAmt', 'Bengaluru', 725000, 18000, 2022, 40],
  ['swift', 'Mumbai', 410000, 61000, 2017, 71],
  ['creta', 'Pune', 1450000, 27000, 2021, 2],
  ['cretaS', 'Pune', 1450000, 45000, 2020, 90],
  ['creta', 'Hyderabad', 1675000, 12000, 2023, 30],
  ['i20', 'Chennai', 690000, 38000, 2020, 30],
  ['verna', 'New Delhi', 1050000, 22000, 2022, 55],
  ['nexonEv', 'Mumbai', 1390000, 22000, 2023, 1],
  ['nexonEv', 'Bengaluru', 1225000, 34000, 2022, 66],
  ['nexon', 'Kolkata', 865000, 41000, 2021, 12],
  ['tiago', 'Jaipur', 395000, 52000, 2018, 100],
  ['scorpio', 'Pune', 1925000, 15000, 2023, 8],
  ['xuv700', 'Ahmedabad', 2150000, 25000, 2022, 20],
  ['thar', 'Kochi', 1475000, 30000, 2021, 45],
  ['seltos', 'Hyderabad', 1190000, 36000, 2020, 14],
  ['sonet', 'Chennai', 945000, 29000, 2021, 77],
  ['innova', 'Bengaluru', 1780000, 88000, 2019, 3],
  ['fortuner', 'New Delhi', 3250000, 71000, 2020, 60],
  ['city', 'Mumbai', 865000, 47000, 2019, 25],
  ['cityHybrid', 'Pune', 1595000, 9000, 2023, 11],
  ['zsEv', 'Ahmedabad', 1650000, 21000, 2022, 33],
  ['hector', 'Jaipur', 1375000, 39000, 2021, 50],
  ['bmw3', 'Bengaluru', 4200000, 26000, 2021, 95],
  ['dmax', 'Kochi', 1890000, 58000, 2020, 120],
  ['baleno', 'Kolkata', 615000, 43000, 2019, 70],
  ['dzire', 'New Delhi', 580000, 95000, 2018, 4],
  ['ertiga', 'Jaipur', 840000, 64000, 2020, 36],
  ['brezza', 'Chennai', 985000, 19000, 2022, 18],
  ['swift', 'Pune', 350000, 120000, 2015, 130],
  ['i20', 'Kolkata', 275000, 135000, 2014, 140],
  ['verna', 'Hyderabad', 720000, 76000, 2017, 110],
  ['tiago', 'Kochi', 455000, 28000, 2021, 9],
  ['seltos', 'Mumbai', 1540000, 11000, 2024, 6],
  ['scorpio', 'Bengaluru', 2050000, 33000, 2023, 28],
  ['innova', 'Chennai', 995000, 165000, 2016, 150],
  ['city', 'Ahmedabad', 499000, 82000, 2016, 80],
  ['fortuner', 'Pune', 2650000, 98000, 2018, 115],
  ['hector', 'Kochi', 1120000, 50000, 2020, 65],
  ['creta', 'Mumbai', 1275000, 40000, 2020, 15, 'sold'],
];

/** Fixture row keys and their documents, in row order. */
export interface Fixture {
  key: SpecKey;
  doc: CarDocument;
}

/** Builds the search document of fixture row `i`. */
function build(i: number, [key, cityName, price, km, year, hoursAgo, status = 'used']: Row): Fixture {
  const spec = specs[key];
  const createdAt = new Date(NEWEST - hoursAgo * 3_600_000);
  const modelId = fixtureUuid(2, modelNames.indexOf(`${spec.brand}/${spec.model}`) + 1);
  const variantId = fixtureUuid(3, specKeys.indexOf(key) + 1);
  const id = fixtureUuid(4, i + 1);
  const car: Car = {
    _id: id,
    images: [{ url: `/media/cars/${id}/1.webp`, key: `cars/${id}/1.webp` }],
    brand: { _id: brandId(spec.brand), name: spec.brand },
    model: { _id: modelId, name: spec.model, bodyType: spec.bodyType },
    variant: { _id: variantId, name: spec.variant, features: spec.features },
    fuelType: spec.fuelType,
    transmission: spec.transmission,
    status,
    condition: 'good',
    price,
    description: `${spec.brand} ${spec.model} ${spec.variant}, single owner, serviced at the dealer.`,
    createdAt: createdAt.toISOString(),
    manufacturerYear: year,
    location: { city: cityName, state: cityStates[cityName] },
    specifications: {
      kmDriven: km,
      engineCapacity: spec.fuelType === 'Electric' ? undefined : 1197,
      regNumber: `KA-01-AB-${(1000 + i).toString()}`,
      spareKey: i % 2 === 0,
      ownership: fixtureOwnership(i),
      insurance: { type: 'Comprehensive', validTill: '2026-03-31' },
    },
    inspectionReport: [{ tyreCondition: 'Good', engineCondition: 'Good' }],
    seller: fixtureUuid(5, (i % 5) + 1),
  };
  if (car.specifications.engineCapacity === undefined) delete car.specifications.engineCapacity;
  if (car.specifications.ownership === undefined) delete car.specifications.ownership;
  return {
    key,
    doc: { car, brandId: car.brand._id, modelId, variantId, bodyType: spec.bodyType, createdAt },
  };
}

/** The 40 fixtures (a fresh copy each call). */
export function searchFixtures(): Fixture[] {
  return rows.map((row, i) => build(i, row));
}

/** A parsed search query from query-string values, as the API receives them. */
export function parseQuery(params: Record<string, string> = {}): CarSearchQuery {
  return carSearchQuery.parse(params);
}

function inRange(v: number, r: { min?: number; max?: number } | undefined): boolean {
  return (r?.min === undefined || v >= r.min) && (r?.max === undefined || v <= r.max);
}

/** Whether `ownership` is one of those the `owners` values stand for (contracts OWNERSHIPS_BY_FILTER). */
function ownedBy(owners: CarSearchQuery['owners'], ownership: Ownership | undefined): boolean {
  if (!owners) return true;
  return owners.some((o) => (OWNERSHIPS_BY_FILTER[o] as readonly string[]).includes(ownership ?? ''));
}

/**
 * Reference answer of `q` over `docs` for every filter but `searchTerm` (asserted separately): used cars
 * only, filters, sort with id ascending as tie-breaker, paging.
 */
export function expectedSearch(
  docs: CarDocument[],
  q: CarSearchQuery,
): { ids: string[]; totalLength: number } {
  const matches = docs.filter(({ car, brandId: b, modelId: m, bodyType }) => {
    return (
      car.status === 'used' &&
      (!q.brands || q.brands.includes(b)) &&
      (!q.models || q.models.includes(m)) &&
      ownedBy(q.owners, car.specifications.ownership) &&
      (!q.fuelTypes || q.fuelTypes.includes(car.fuelType)) &&
      (!q.transmissions || q.transmissions.includes(car.transmission)) &&
      (!q.bodyTypes || (bodyType !== undefined && q.bodyTypes.includes(bodyType))) &&
      inRange(car.price, q.price) &&
      inRange(car.specifications.kmDriven, q.kmDriven) &&
      inRange(car.manufacturerYear, q.years) &&
      (q.city === undefined || car.location.city.toLowerCase() === q.city.toLowerCase())
    );
  });
  const key = (d: CarDocument): number => {
    switch (q.sort) {
      case 'price_asc':
        return d.car.price;
      case 'price_desc':
        return -d.car.price;
      case 'km_asc':
        return d.car.specifications.kmDriven;
      default:
        return -d.createdAt.getTime();
    }
  };
  matches.sort((a, b) => key(a) - key(b) || (a.car._id < b.car._id ? -1 : a.car._id > b.car._id ? 1 : 0));
  const from = (q.page - 1) * q.limit;
  return { ids: matches.slice(from, from + q.limit).map((d) => d.car._id), totalLength: matches.length };
}

/** Cities of {@link randomInventory}, the first ones the most frequent. */
const RANDOM_CITIES = [
  'Pune',
  'Mumbai',
  'Kochi',
  'Jaipur',
  'Surat',
  'Indore',
  'Nagpur',
  'Bhopal',
  'Agra',
  'Goa',
];

/**
 * `n` cars (default 3 000) made from `base` with varied price (1–3.05 lakh … 30.5 lakh rupees), km
 * (0–145 000), year (2008–2025), city (skewed), ownership (skewed to First; 5 % without), status (5 %
 * sold) and listing time, so that every filter falls on both sides of the in-memory index's driver
 * threshold. Ids are `fixtureUuid(6, 1…n)`.
 */
export function randomInventory(random: () => number, base: CarDocument[], n = 3_000): CarDocument[] {
  return Array.from({ length: n }, (_, k) => {
    const from = base[k % base.length]!;
    const createdAt = new Date(Date.UTC(2026, 0, 1) - Math.floor(random() * 400) * 3_600_000);
    const { ownership: _from, ...specifications } = from.car.specifications;
    const roll = random();
    const ownership = roll < 0.05 ? undefined : ownerships[Math.floor(roll ** 2 * ownerships.length)];
    const car = {
      ...from.car,
      _id: fixtureUuid(6, k + 1),
      price: 100_000 + Math.floor(random() * 60) * 50_000,
      manufacturerYear: 2008 + Math.floor(random() * 18),
      status: random() < 0.05 ? ('sold' as const) : ('used' as const),
      location: {
        ...from.car.location,
        city: RANDOM_CITIES[Math.floor(random() ** 2 * RANDOM_CITIES.length)]!,
      },
      specifications: {
        ...specifications,
        kmDriven: Math.floor(random() * 30) * 5_000,
        ...(ownership ? { ownership } : {}),
      },
      createdAt: createdAt.toISOString(),
    };
    return { ...from, car, createdAt };
  });
}

/** Query parameters (as `GET /api/cars` takes them) of a random filter combination over `inventory`. */
export function randomSearchParams(random: () => number, inventory: CarDocument[]): Record<string, string> {
  const brandIds = [...new Set(inventory.map((d) => d.brandId))];
  const modelIds = [...new Set(inventory.map((d) => d.modelId))];
  const pickSome = <T>(items: T[], max: number) =>
    items.filter(() => random() < max / items.length).slice(0, max);
  const range = (lo: number, hi: number, step: number) => {
    const a = lo + Math.floor(random() * ((hi - lo) / step)) * step;
    const b = a + Math.floor(random() * ((hi - a) / step)) * step;
    return random() < 0.6 ? `${a}-${b}` : random() < 0.5 ? `-${b}` : `${a}-`;
  };
  const params: Record<string, string> = { page: String(1 + Math.floor(random() * 4)) };
  if (random() < 0.4) params.brands = pickSome(brandIds, 3).join(',') || brandIds[0]!;
  if (random() < 0.25) params.models = pickSome(modelIds, 4).join(',') || modelIds[0]!;
  if (random() < 0.3) params.owners = pickSome(['1', '2', '3+'], 2).join(',') || '3+';
  if (random() < 0.25)
    params.fuelTypes = pickSome(['Petrol', 'Diesel', 'Electric', 'Hybrid'], 2).join(',') || 'Diesel';
  if (random() < 0.2) params.transmissions = random() < 0.5 ? 'Manual' : 'Automatic';
  if (random() < 0.25)
    params.bodyTypes = pickSome(['Hatchback', 'Sedan', 'SUV', 'MUV'], 2).join(',') || 'SUV';
  if (random() < 0.4) params.price = range(100_000, 3_100_000, 50_000);
  if (random() < 0.3) params.kmDriven = range(0, 150_000, 5_000);
  if (random() < 0.3) params.years = range(2008, 2026, 1);
  if (random() < 0.3) params.city = RANDOM_CITIES[Math.floor(random() * RANDOM_CITIES.length)]!;
  params.sort = ['newest', 'price_asc', 'price_desc', 'km_asc'][Math.floor(random() * 4)]!;
  return params;
}
