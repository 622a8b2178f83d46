/**
 * The sell wizard in the browser tests (sell.e2e.test.ts, admin-reference.e2e.test.ts): its current step
 * and choices, a brand, model and variant from the seeded reference data that its steps can pick
 * unambiguously, and a complete saved draft as the wizard restores it after a reload.
 */
import type { Page } from 'playwright-core';
import { karnataka } from '../../test-support/cars';
import type { apiClient } from './app';

/** The wizard's current step (its tab panel), and the button of the choice labelled exactly `text` in it. */
export function wizard(page: Page) {
  const panel = page.getByRole('tabpanel');
  const option = (text: string) =>
    panel
      .getByRole('button')
      .filter({ has: page.getByText(text, { exact: true }) })
      .first();
  return { panel, option };
}

/** A brand, a model and one of its variants, as the reference lists answer them. */
export interface Choice {
  brand: { _id: string; name: string };
  model: { _id: string; name: string; fuelType: string[]; transmission: string[] };
  variant: { _id: string; name: string; fuelType: string; transmission: string };
}

/**
 * A brand, model (sold in 2020) and variant from the seeded reference data, the model's name the start of
 * no other's. The reference lists answer `{ data: [...] }` (`data` is the list, issue 19).
 * @throws Error when the seeded data has none.
 */
export async function seededChoice(api: ReturnType<typeof apiClient>['api']): Promise<Choice> {
  const { data: brands } = await api<{ data: Choice['brand'][] }>('GET', '/api/carbrand');
  const brand = brands.data.find((b) => b.name === 'Maruti Suzuki') ?? brands.data[0];
  if (!brand) throw new Error('no seeded brands');
  const { data: models } = await api<{ data: Choice['model'][] }>(
    'GET',
    `/api/carModel?brand=${brand._id}&year=2020`,
  );
  for (const model of models.data) {
    const { data } = await api<{ data: Choice['variant'][] }>(
      'GET',
      `/api/carVariant?brand=${brand._id}&model=${model._id}`,
    );
    const variant = data.data[0];
    if (variant && models.data.filter((m) => m.name.startsWith(model.name)).length === 1)
      return { brand, model, variant };
  }
  throw new Error('no seeded model with variants');
}

/**
 * The wizard's saved state (`localStorage['sell-wizard-draft']`) with every step answered for `choice`,
 * registered in Karnataka at its first RTO, open at the Images step.
 */
export async function savedDraftAtImages(baseUrl: string, choice: Choice) {
  const { state, rtos } = await karnataka(baseUrl);
  const rto = rtos[0] as { _id: string; code: string; city: string } | undefined;
  return {
    step: 8,
    visited: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    draft: {
      brand: { id: choice.brand._id, name: choice.brand.name },
      year: 2020,
      model: {
        id: choice.model._id,
        name: choice.model.name,
        fuelTypes: choice.model.fuelType,
        transmissions: choice.model.transmission,
      },
      fuelType: choice.variant.fuelType,
      transmission: choice.variant.transmission,
      variant: { id: choice.variant._id, name: choice.variant.name },
      state: { id: state._id, name: 'Karnataka' },
      rto: { id: rto?._id, name: rto?.code, city: rto?.city },
      kmDriven: '88000',
      price: '315000',
      condition: 'fair',
      ownership: 'Third',
      street: '3rd Main, Jayanagar',
      city: rto?.city,
      locationState: 'Karnataka',
      postalCode: '560041',
      regNumber: 'KA-05-MN-1100',
      engineCapacity: '998',
      spareKey: false,
      insuranceType: '',
      validTill: '',
      description: '',
    },
  };
}
