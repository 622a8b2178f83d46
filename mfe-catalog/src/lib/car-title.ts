/** A car's name as its page and its structured data show it (spec §2 "Car detail page"). */
import type { Car } from '@marketplace/contracts';

/** Brand, model and variant names, space-separated; a missing one is left out. */
export function carTitle(car: Pick<Car, 'brand' | 'model' | 'variant'>): string {
  return [car.brand?.name, car.model?.name, car.variant?.name].filter(Boolean).join(' ');
}
