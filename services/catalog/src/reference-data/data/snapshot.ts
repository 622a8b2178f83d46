/** Every row of the reference data at once: the input of the demo inventory generator (cars/demo/). */
import type { Db } from '@marketplace/platform';
import {
  type BrandRow,
  brands,
  type ModelRow,
  models,
  type RtoRow,
  rtos,
  type StateRow,
  states,
  type VariantRow,
  variants,
} from './tables';

/** All reference rows, by kind, in no particular order. */
export interface ReferenceSnapshot {
  brands: BrandRow[];
  models: ModelRow[];
  variants: VariantRow[];
  rtos: RtoRow[];
  states: StateRow[];
}

/** Reads every brand, model, variant, RTO office and state (five queries in parallel). */
export async function referenceSnapshot(db: Db): Promise<ReferenceSnapshot> {
  const [brandRows, modelRows, variantRows, rtoRows, stateRows] = await Promise.all([
    db.select().from(brands),
    db.select().from(models),
    db.select().from(variants),
    db.select().from(rtos),
    db.select().from(states),
  ]);
  return { brands: brandRows, models: modelRows, variants: variantRows, rtos: rtoRows, states: stateRows };
}
