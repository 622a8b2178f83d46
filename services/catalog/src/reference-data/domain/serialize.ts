/**
 * API shapes of the reference data (spec §3; packages/contracts reference-data.ts): a model's and a
 * variant's `carBrand` is the brand id with the name beside it in `brandName`, a variant's `carModel` is
 * `{ _id, name }` (issue 19).
 */
import type {
  BodyType,
  Brand,
  FuelType,
  Model,
  Rto,
  State,
  Transmission,
  Variant,
} from '@marketplace/contracts';
import type { BrandRow, ModelRow, RtoRow, StateRow, VariantRow } from '../data/tables';

/** URL of a brand's logo: seeded logos are served by the catalog, uploaded ones by storage (issue 6). */
export function logoUrl(logoKey: string | null): string | undefined {
  if (!logoKey) return undefined;
  if (logoKey.startsWith('seed:')) return `/api/carbrand/logos/${logoKey.slice(5)}`;
  return `/api/storage/images/${encodeURIComponent(logoKey)}`;
}

/** A state as the API answers it (`prefix` absent when it has none). */
export const toApiState = (s: StateRow): State => ({
  _id: s.id,
  state: s.name,
  ...(s.prefix ? { prefix: s.prefix } : {}),
});

/** An RTO office as the API answers it (`state` is the state's id). */
export const toApiRto = (r: RtoRow): Rto => ({ _id: r.id, state: r.stateId, city: r.city, code: r.code });

/** A brand without its models (events). */
export function toApiBrandCore(b: BrandRow): Omit<Brand, 'models'> {
  const url = logoUrl(b.logoKey);
  return {
    _id: b.id,
    name: b.name,
    country: b.country,
    founded: b.founded,
    ...(b.website ? { website: b.website } : {}),
    ...(url ? { logo: { url } } : {}),
  };
}

/** A brand with its `models` (each `{ _id, name, fuelType, transmission }`, in the order given). */
export function toApiBrand(b: BrandRow, models: ModelRow[]): Brand {
  return {
    ...toApiBrandCore(b),
    models: models.map((m) => ({
      _id: m.id,
      name: m.name,
      fuelType: m.fuelTypes as FuelType[],
      transmission: m.transmissions as Transmission[],
    })),
  };
}

/** A model with its brand's id in `carBrand` and its name in `brandName`. */
export function toApiModel(m: ModelRow, brand: { id: string; name: string }): Model {
  return {
    _id: m.id,
    name: m.name,
    year: m.year,
    ...(m.yearTo ? { yearTo: m.yearTo } : {}),
    fuelType: m.fuelTypes as FuelType[],
    transmission: m.transmissions as Transmission[],
    carBrand: brand.id,
    brandName: brand.name,
    ...(m.bodyType ? { bodyType: m.bodyType as BodyType } : {}),
  };
}

/** A variant with `carModel` as `{ _id, name }`, its brand's id in `carBrand` and name in `brandName`. */
export function toApiVariant(
  v: VariantRow,
  model: { id: string; name: string },
  brand: { id: string; name: string },
): Variant {
  return {
    _id: v.id,
    name: v.name,
    carModel: { _id: model.id, name: model.name },
    carBrand: brand.id,
    brandName: brand.name,
    fuelType: v.fuelType as FuelType,
    transmission: v.transmission as Transmission,
    features: v.features,
    ...(v.description ? { description: v.description } : {}),
  };
}
