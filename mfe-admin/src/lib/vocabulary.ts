/** The choices of the admin forms, from the product's vocabulary (spec §9; `@marketplace/contracts/vocabulary`). */
import type { FuelType, Role, Transmission } from '@marketplace/contracts';
import { fuelTypes, roles, transmissions } from '@marketplace/contracts/vocabulary';

/** Fuel types of the model and variant forms (spec §9). */
export const FUEL_TYPES: readonly FuelType[] = fuelTypes;
/** Transmissions (spec §9). */
export const TRANSMISSIONS: readonly Transmission[] = transmissions;
/** Roles an admin can give a new user; the first is the default (spec §9). */
export const ROLES: readonly Role[] = roles;
