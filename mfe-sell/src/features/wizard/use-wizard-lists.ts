/**
 * The reference lists the sell wizard offers (brands, models, variants, states, RTOs), each loaded when
 * the answers it depends on are there and loaded again when they change.
 */
import type { Brand, Model, Rto, State, Variant } from '@marketplace/contracts';
import { useEffect, useRef, useState } from 'react';
import { fetchBrands, fetchModels, fetchRtos, fetchStates, fetchVariants } from '../../api/reference-data';
import type { Draft } from './draft';

/** A list and whether it is loading. */
export interface LoadedList<T> {
  items: T[];
  loading: boolean;
}

/** Loads a list when `key` changes (null key = nothing to load); quiet about stale answers. */
export function useLoadedList<T>(key: string | null, load: () => Promise<T[]>): LoadedList<T> {
  const [state, setState] = useState<{ key: string | null; items: T[]; loading: boolean }>({
    key: null,
    items: [],
    loading: false,
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) {
      setState({ key, items: [], loading: false });
      return;
    }
    let live = true;
    setState({ key, items: [], loading: true });
    loadRef.current().then(
      (items) => live && setState({ key, items, loading: false }),
      () => live && setState({ key, items: [], loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return { items: state.items, loading: state.loading };
}

/** The wizard's lists. */
export interface WizardLists {
  brands: LoadedList<Brand>;
  models: LoadedList<Model>;
  variants: LoadedList<Variant>;
  states: LoadedList<State>;
  rtos: LoadedList<Rto>;
}

/**
 * The lists for the answers in `draft`: brands once signed in, models of the brand and year, variants of
 * the model, fuel type and transmission, states from the registration step (`step` 4) on, RTOs of the state.
 */
export function useWizardLists(draft: Draft, signedIn: boolean, step: number): WizardLists {
  const brands = useLoadedList<Brand>(signedIn ? 'brands' : null, fetchBrands);
  const models = useLoadedList<Model>(
    draft.brand && draft.year ? `${draft.brand.id}|${draft.year}` : null,
    () => fetchModels(draft.brand?.id ?? '', draft.year ?? 0),
  );
  const variants = useLoadedList<Variant>(
    draft.brand && draft.model && draft.fuelType && draft.transmission
      ? `${draft.model.id}|${draft.fuelType}|${draft.transmission}`
      : null,
    () =>
      fetchVariants({
        brand: draft.brand?.id ?? '',
        model: draft.model?.id ?? '',
        fuelType: draft.fuelType,
        transmission: draft.transmission,
      }),
  );
  const states = useLoadedList<State>(signedIn && step >= 4 ? 'states' : null, fetchStates);
  const rtos = useLoadedList<Rto>(draft.state ? draft.state.id : null, () =>
    fetchRtos(draft.state?.id ?? ''),
  );
  return { brands, models, variants, states, rtos };
}
