/**
 * The first four steps of the sell wizard (spec §2 "Sell-a-car wizard"): brand (or 'Please login' when
 * signed out), year of manufacture, model, then fuel type, transmission and variant. Choosing an answer
 * clears the answers that depend on it and moves on.
 */
import type { Brand, Model, Variant } from '@marketplace/contracts';
import { Button } from '@marketplace/ui';
import { yearChoices } from './draft';
import { Chip, OptionList, StepHeading } from './parts';
import type { StepProps } from './step-props';
import type { LoadedList } from './use-wizard-lists';

/** Step 1: the brand; a signed-out visitor is asked to log in (the button once the session is known). */
export function BrandStep({
  draft,
  update,
  next,
  brands,
  signedIn,
  ready,
  onLogin,
}: StepProps & { brands: LoadedList<Brand>; signedIn: boolean; ready: boolean; onLogin(): void }) {
  return (
    <>
      <StepHeading title="Select your car's brand" />
      {!signedIn ? (
        <div className="sell:flex sell:flex-col sell:items-center sell:gap-3 sell:py-8 sell:text-center">
          <p className="sell:font-medium">Please login</p>
          <p className="sell:text-sm sell:text-slate-500">Sign in to list your car for sale.</p>
          {ready ? <Button onClick={onLogin}>Log In</Button> : null}
        </div>
      ) : (
        <OptionList
          searchLabel="Search brand"
          options={brands.items.map((b) => ({
            id: b._id,
            label: b.name,
            ...(b.logo?.url ? { image: b.logo.url } : {}),
          }))}
          selected={draft.brand?.id}
          loading={brands.loading}
          empty="No brands found"
          onSelect={(o) => {
            if (draft.brand?.id !== o.id)
              update({
                brand: { id: o.id, name: o.label },
                model: null,
                fuelType: '',
                transmission: '',
                variant: null,
              });
            next();
          }}
        />
      )}
    </>
  );
}

/** Step 2: the year of manufacture (this year down to 1980). */
export function YearStep({ draft, update, next }: StepProps) {
  return (
    <>
      <StepHeading title="Year of manufacture" />
      <OptionList
        searchLabel="Search year"
        options={yearChoices().map((y) => ({ id: String(y), label: String(y) }))}
        selected={draft.year ? String(draft.year) : null}
        empty="No matching year"
        columns="sell:grid-cols-3 sell:sm:grid-cols-5 sell:lg:grid-cols-7"
        onSelect={(o) => {
          if (String(draft.year) !== o.id)
            update({ year: Number(o.id), model: null, fuelType: '', transmission: '', variant: null });
          next();
        }}
      />
    </>
  );
}

/** Step 3: the model of the brand sold in the year; a model with one fuel or transmission presets it. */
export function ModelStep({ draft, update, next, models }: StepProps & { models: LoadedList<Model> }) {
  return (
    <>
      <StepHeading
        title="Select the model"
        {...(draft.brand && draft.year ? { help: `${draft.brand.name} models sold in ${draft.year}` } : {})}
      />
      {!draft.brand || !draft.year ? (
        <p className="sell:text-sm sell:text-slate-500">Choose the brand and year first.</p>
      ) : (
        <OptionList
          searchLabel="Search model"
          options={models.items.map((m) => ({
            id: m._id,
            label: m.name,
            ...(m.bodyType ? { hint: m.bodyType } : {}),
          }))}
          selected={draft.model?.id}
          loading={models.loading}
          empty="No models found"
          onSelect={(o) => {
            const m = models.items.find((x) => x._id === o.id);
            if (!m) return;
            if (draft.model?.id !== m._id)
              update({
                model: { id: m._id, name: m.name, fuelTypes: m.fuelType, transmissions: m.transmission },
                fuelType: m.fuelType.length === 1 ? (m.fuelType[0] ?? '') : '',
                transmission: m.transmission.length === 1 ? (m.transmission[0] ?? '') : '',
                variant: null,
              });
            next();
          }}
        />
      )}
    </>
  );
}

/** Step 4: fuel type and transmission (chips of the model's), then the matching variant. */
export function VariantStep({
  draft,
  update,
  next,
  variants,
}: StepProps & { variants: LoadedList<Variant> }) {
  return (
    <>
      <StepHeading title="Fuel type, transmission and variant" />
      {!draft.model ? (
        <p className="sell:text-sm sell:text-slate-500">Choose the model first.</p>
      ) : (
        <div className="sell:flex sell:flex-col sell:gap-4">
          <fieldset className="sell:flex sell:flex-wrap sell:items-center sell:gap-2">
            <legend className="sell:mb-2 sell:text-sm sell:font-medium">Fuel type</legend>
            {draft.model.fuelTypes.map((f) => (
              <Chip
                key={f}
                label={f}
                pressed={draft.fuelType === f}
                onToggle={() => update({ fuelType: draft.fuelType === f ? '' : f, variant: null })}
              />
            ))}
          </fieldset>
          <fieldset className="sell:flex sell:flex-wrap sell:items-center sell:gap-2">
            <legend className="sell:mb-2 sell:text-sm sell:font-medium">Transmission</legend>
            {draft.model.transmissions.map((t) => (
              <Chip
                key={t}
                label={t}
                pressed={draft.transmission === t}
                onToggle={() => update({ transmission: draft.transmission === t ? '' : t, variant: null })}
              />
            ))}
          </fieldset>
          {draft.fuelType && draft.transmission ? (
            <OptionList
              searchLabel="Search variant"
              options={variants.items.map((v) => ({ id: v._id, label: v.name }))}
              selected={draft.variant?.id}
              loading={variants.loading}
              empty="No variants found"
              onSelect={(o) => {
                update({ variant: { id: o.id, name: o.label } });
                next();
              }}
            />
          ) : (
            <p className="sell:text-sm sell:text-slate-500">
              Choose a fuel type and a transmission to see the variants.
            </p>
          )}
        </div>
      )}
    </>
  );
}
