/**
 * Listing rules without I/O (issue 6): the messages users see (spec §8 for the create toast), the rate
 * limit of creation, whether brand/model/variant/state/RTO ids fit together (from facts the catalog gave),
 * which image keys still need the storage service's confirmation, and who may change a listing.
 */
import type { CarCreateData, CarImage, FuelType, Transmission } from '@marketplace/contracts';
import type { Principal } from '@marketplace/platform';

/** Rate limit of `POST /api/cars`: attempts that pass the body's validation, per user (a guess: 20 an hour). */
export const limits = {
  createPerUser: { name: 'listing-create-user', points: 20, durationMs: 60 * 60_000 },
} as const;

export const messages = {
  /** Spec §8 fallback toast of the sell wizard. */
  created: 'Car successfully created.',
  updated: 'Car successfully updated.',
  deleted: 'Car successfully deleted.',
  notFound: 'Car not found.',
  notYours: 'Only the seller or an Admin may change this listing.',
  tooMany: 'You have listed too many cars recently. Please try again later.',
} as const;

/** A model as the catalog lists it (`GET /api/carModel?brand=`): years of production and its options. */
export interface ModelFact {
  _id: string;
  name: string;
  /** Launch year. */
  year: number;
  /** Last year on sale; absent while still on sale. */
  yearTo?: number;
  /** Brand id (spec §3). */
  carBrand: string;
  brandName: string;
}

/** A variant as the catalog lists it (`GET /api/carVariant?model=`). */
export interface VariantFact {
  _id: string;
  name: string;
  carModel: { _id: string; name: string };
  /** Brand id (spec §3). */
  carBrand: string;
  fuelType: FuelType;
  transmission: Transmission;
}

/** What the catalog said about the ids of one listing. */
export interface ReferenceFacts {
  /** Models of the body's `brand` (empty when the brand is unknown). */
  models: ModelFact[];
  /** Variants of the body's `model` (empty when the model is unknown). */
  variants: VariantFact[];
  /** Whether a state with the body's `state` id exists. */
  stateExists: boolean;
  /** RTO offices of the body's `state`: their ids. */
  rtoIds: string[];
}

/** The catalog names kept on the listing (spec §3 "Seller car": brand with name). */
export interface ReferenceNames {
  brandName: string;
  modelName: string;
  variantName: string;
}

type ReferenceFields = Pick<
  CarCreateData,
  'brand' | 'model' | 'variant' | 'fuelType' | 'transmission' | 'manufacturerYear' | 'state' | 'rto'
>;

/**
 * Checks that the listing's catalog references fit together: the brand exists, the model is the brand's,
 * the variant is the model's with the body's fuelType and transmission, the model was on sale in
 * `manufacturerYear`, the state exists and the RTO is the state's.
 * @returns the names to keep on the listing, or `{ problem }`: a message naming the first bad field
 *   (`brand: …`, `model: …`, `variant: …`, `fuelType: …`, `transmission: …`, `manufacturerYear: …`,
 *   `state: …`, `rto: …`), for a 400.
 */
export function checkReferences(
  body: ReferenceFields,
  facts: ReferenceFacts,
): { names: ReferenceNames } | { problem: string } {
  if (facts.models.length === 0) return { problem: 'brand: no such brand' };
  const model = facts.models.find((m) => m._id === body.model);
  if (!model) return { problem: 'model: no such model of the chosen brand' };
  const variant = facts.variants.find((v) => v._id === body.variant);
  if (!variant || variant.carModel._id !== model._id || variant.carBrand !== body.brand) {
    return { problem: 'variant: no such variant of the chosen model' };
  }
  if (variant.fuelType !== body.fuelType) {
    return { problem: `fuelType: must be the variant's fuel type (${variant.fuelType})` };
  }
  if (variant.transmission !== body.transmission) {
    return { problem: `transmission: must be the variant's transmission (${variant.transmission})` };
  }
  if (
    body.manufacturerYear < model.year ||
    (model.yearTo !== undefined && body.manufacturerYear > model.yearTo)
  ) {
    const years = model.yearTo !== undefined ? `${model.year} to ${model.yearTo}` : `${model.year} onwards`;
    return { problem: `manufacturerYear: the ${model.name} was made from ${years}` };
  }
  if (!facts.stateExists) return { problem: 'state: no such state' };
  if (!facts.rtoIds.includes(body.rto)) return { problem: 'rto: no such RTO office in the chosen state' };
  return { names: { brandName: model.brandName, modelName: model.name, variantName: variant.name } };
}

/**
 * Splits the keys of an image list sent with an update into those already on the listing (kept as
 * stored, so an Admin can reorder or drop a seller's images) and those to confirm with storage.
 * @returns `toConfirm`: the new keys with their positions in `requested` (for error messages naming
 *   `images[i].key`), without duplicates.
 */
export function imageKeysToConfirm(
  existing: CarImage[],
  requested: Array<{ key: string }>,
): Array<{ key: string; index: number }> {
  const known = new Set(existing.map((i) => i.key));
  const seen = new Set<string>();
  const out: Array<{ key: string; index: number }> = [];
  requested.forEach(({ key }, index) => {
    if (known.has(key) || seen.has(key)) return;
    seen.add(key);
    out.push({ key, index });
  });
  return out;
}

/**
 * The first repeated key of an image list, with its position, or undefined.
 * A listing shows each image once.
 */
export function duplicateImageKey(
  images: Array<{ key: string }>,
): { key: string; index: number } | undefined {
  const seen = new Set<string>();
  for (const [index, { key }] of images.entries()) {
    if (seen.has(key)) return { key, index };
    seen.add(key);
  }
  return undefined;
}

/**
 * Builds the stored image list of `requested` keys in their order from images already stored and newly
 * confirmed ones. @throws Error when a key is in neither (a bug: every key was confirmed first).
 */
export function assembleImages(
  requested: Array<{ key: string }>,
  existing: CarImage[],
  confirmed: CarImage[],
): CarImage[] {
  const byKey = new Map([...existing, ...confirmed].map((i) => [i.key, i]));
  return requested.map(({ key }) => {
    const image = byKey.get(key);
    if (!image) throw new Error(`image ${key} was neither stored nor confirmed`);
    return image;
  });
}

/** Whether `principal` may change or delete a listing of `sellerId`: its seller or an Admin. */
export function mayChange(principal: Pick<Principal, 'id' | 'role'>, sellerId: string): boolean {
  return principal.role === 'Admin' || principal.id === sellerId;
}
