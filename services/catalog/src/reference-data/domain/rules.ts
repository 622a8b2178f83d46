/**
 * Reference data rules without I/O (spec §5, §7): an RTO code carries its state's prefix, a model's last
 * year is not before its launch year, a variant's fuel and gearbox are among its model's, features are
 * stored trimmed, and which file names a seeded logo may have. A broken rule is the 400 naming the field.
 */
import { badRequest } from '@marketplace/platform';

/** @throws HttpError 400 when `code` does not carry the prefix of `state` (or carries one it has none of). */
export function assertCodeMatchesState(code: string, prefix: string | null): void {
  if (prefix ? !code.startsWith(`${prefix}-`) : code.includes('-')) {
    throw badRequest(
      prefix
        ? `code must start with ${prefix}- (the prefix of the chosen state)`
        : 'code must be digits only: the chosen state has no RTO prefix',
    );
  }
}

/** @throws HttpError 400 when a model's last year on sale (`yearTo`, if any) is before its launch `year`. */
export function assertYears(year: number, yearTo: number | null | undefined): void {
  if (yearTo !== null && yearTo !== undefined && yearTo < year)
    throw badRequest('yearTo must not be before year');
}

/** @throws HttpError 400 when a variant's `fuelType` or `transmission` is not one of its `model`'s. */
export function assertOfModel(
  fuelType: string,
  transmission: string,
  model: { fuelTypes: string[]; transmissions: string[] },
): void {
  if (!model.fuelTypes.includes(fuelType))
    throw badRequest(`fuelType must be one of the model's: ${model.fuelTypes.join(', ')}`);
  if (!model.transmissions.includes(transmission)) {
    throw badRequest(`transmission must be one of the model's: ${model.transmissions.join(', ')}`);
  }
}

/** Features as stored: trimmed, blanks dropped (spec §5). */
export function cleanFeatures(features: string[] | undefined): string[] {
  return (features ?? []).map((f) => f.trim()).filter((f) => f.length > 0);
}

const LOGO_FILE = /^[a-z0-9-]{1,60}\.svg$/;

/** True when `file` may name a seeded logo (`maruti-suzuki.svg`: lower-case letters, digits, hyphens). */
export function isLogoFileName(file: string): boolean {
  return LOGO_FILE.test(file);
}
