/**
 * The Sell Your Car wizard (spec §2 "Sell-a-car wizard", §4, §5; issue 11): nine tabbed steps, a tab
 * clickable once visited, a search box on each list, inline alerts that hide after 5 s, and a draft kept
 * in local storage across reloads.
 */
import type { Brand, Model, Rto, State, Variant } from '@marketplace/contracts';
import {
  Button,
  cn,
  DateInput,
  formatRupees,
  SelectField,
  TextAreaField,
  TextField,
  useAuthStore,
  useLoginDialogStore,
} from '@marketplace/ui';
import { useEffect, useRef, useState } from 'react';
import { fetchBrands, fetchModels, fetchRtos, fetchStates, fetchVariants } from './api';
import {
  CONDITIONS,
  type Draft,
  EMPTY_DRAFT,
  kmsStepError,
  loadWizard,
  locationStepError,
  OWNERSHIPS,
  type SavedWizard,
  STEPS,
  saveWizard,
  specificationsStepError,
  yearChoices,
} from './draft';
import { ImagesStep } from './ImagesStep';
import { Chip, InlineAlert, OptionList, StepForm, StepHeading, useInlineAlert } from './parts';

/** Insurance types offered in the Specifications step. */
const INSURANCE_TYPES = ['Comprehensive', 'Third Party', 'Zero Depreciation'];

/** Loads a list when `key` changes (null key = nothing to load); quiet about stale answers. */
function useList<T>(key: string | null, load: () => Promise<T[]>): { items: T[]; loading: boolean } {
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

/** The first step whose answers are missing or invalid, with its alert; null when all are complete. */
function firstIncomplete(d: Draft): { step: number; message: string } | null {
  if (!d.brand) return { step: 0, message: 'Please choose the brand.' };
  if (!d.year) return { step: 1, message: 'Please choose the year.' };
  if (!d.model) return { step: 2, message: 'Please choose the model.' };
  if (!d.fuelType || !d.transmission || !d.variant)
    return { step: 3, message: 'Please choose the fuel type, transmission and variant.' };
  if (!d.state || !d.rto) return { step: 4, message: 'Please choose the registration state and RTO.' };
  const kms = kmsStepError(d);
  if (kms) return { step: 5, message: kms };
  const location = locationStepError(d);
  if (location) return { step: 6, message: location };
  const specs = specificationsStepError(d);
  if (specs) return { step: 7, message: specs };
  return null;
}

/** The wizard; `onListed` runs after a successful listing (the screen navigates home). */
export function SellWizard({ onListed }: { onListed(): void }) {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const showLogin = useLoginDialogStore((s) => s.show);
  const [saved, setSaved] = useState<SavedWizard>(loadWizard);
  const { draft, step, visited } = saved;
  const [alert, setAlert] = useInlineAlert();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => saveWizard(saved), [saved]);

  // On a narrow screen the tab strip scrolls: keep the current step's tab in view.
  useEffect(() => {
    document.getElementById(`sell-tab-${step}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [step]);

  const update = (patch: Partial<Draft>) => setSaved((s) => ({ ...s, draft: { ...s.draft, ...patch } }));
  const goTo = (n: number, focus = true) => {
    setAlert(null);
    setSaved((s) => ({ ...s, step: n, visited: s.visited.includes(n) ? s.visited : [...s.visited, n] }));
    if (focus) requestAnimationFrame(() => panelRef.current?.focus());
  };
  const next = () => goTo(Math.min(step + 1, STEPS.length - 1));
  const reset = () => setSaved({ draft: EMPTY_DRAFT, step: 0, visited: [0] });

  const brands = useList<Brand>(user ? 'brands' : null, fetchBrands);
  const models = useList<Model>(draft.brand && draft.year ? `${draft.brand.id}|${draft.year}` : null, () =>
    fetchModels(draft.brand?.id ?? '', draft.year ?? 0),
  );
  const variants = useList<Variant>(
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
  const states = useList<State>(user && step >= 4 ? 'states' : null, fetchStates);
  const rtos = useList<Rto>(draft.state ? draft.state.id : null, () => fetchRtos(draft.state?.id ?? ''));

  const validateAndNext = (check: (d: Draft) => string | null) => {
    const message = check(draft);
    if (message) setAlert(message);
    else next();
  };

  const panels: Record<(typeof STEPS)[number], React.ReactNode> = {
    Brand: (
      <>
        <StepHeading title="Select your car's brand" />
        {!user ? (
          <div className="sell:flex sell:flex-col sell:items-center sell:gap-3 sell:py-8 sell:text-center">
            <p className="sell:font-medium">Please login</p>
            <p className="sell:text-sm sell:text-slate-500">Sign in to list your car for sale.</p>
            {ready ? <Button onClick={showLogin}>Log In</Button> : null}
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
    ),
    Year: (
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
    ),
    Model: (
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
    ),
    Variant: (
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
    ),
    'Reg. states': (
      <>
        <StepHeading title="Where is the car registered?" />
        {!draft.state ? (
          <OptionList
            searchLabel="Search state"
            options={states.items.map((s) => ({ id: s._id, label: s.state }))}
            selected={null}
            loading={states.loading}
            empty="No states found"
            onSelect={(o) =>
              update({
                state: { id: o.id, name: o.label },
                rto: null,
                locationState: draft.locationState || o.label,
              })
            }
          />
        ) : (
          <div className="sell:flex sell:flex-col sell:gap-4">
            <div className="sell:flex sell:items-center sell:gap-2">
              <span className="sell:text-sm">
                State: <strong>{draft.state.name}</strong>
              </span>
              <button
                type="button"
                aria-label="Change state"
                onClick={() => update({ state: null, rto: null })}
                className="sell:rounded-md sell:p-1.5 sell:text-slate-600 sell:hover:bg-slate-100 sell:focus-visible:outline-2 sell:focus-visible:outline-brand-600 sell:dark:text-slate-300 sell:dark:hover:bg-slate-800"
              >
                <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="sell:size-4">
                  <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-9 9-3.7.9.9-3.7 9-9Z" />
                </svg>
              </button>
            </div>
            <OptionList
              searchLabel="Search RTO"
              options={rtos.items.map((r) => ({ id: r._id, label: r.code, hint: r.city }))}
              selected={draft.rto?.id}
              loading={rtos.loading}
              empty="No RTOs found"
              onSelect={(o) => {
                update({
                  rto: { id: o.id, name: o.label, city: o.hint ?? '' },
                  city: draft.city || (o.hint ?? ''),
                  locationState: draft.locationState || draft.state?.name || '',
                });
                next();
              }}
            />
          </div>
        )}
      </>
    ),
    'Kms Driven': (
      <StepForm title="Kilometres, price and condition" onNext={() => validateAndNext(kmsStepError)}>
        <TextField
          label="Kilometres driven"
          inputMode="numeric"
          value={draft.kmDriven}
          onChange={(e) => update({ kmDriven: e.target.value.replace(/\D/g, '') })}
          placeholder="e.g. 45000"
        />
        <TextField
          label="Price (₹)"
          inputMode="numeric"
          value={draft.price}
          onChange={(e) => update({ price: e.target.value.replace(/\D/g, '') })}
          placeholder="e.g. 575000"
          {...(Number(draft.price) > 0 ? { hint: formatRupees(Number(draft.price)) } : {})}
        />
        <SelectField
          label="Condition"
          value={draft.condition}
          onChange={(e) => update({ condition: e.target.value })}
          options={CONDITIONS.map((c) => ({ value: c, label: c[0]?.toUpperCase() + c.slice(1) }))}
        />
        <SelectField
          label="Ownership"
          value={draft.ownership}
          onChange={(e) => update({ ownership: e.target.value })}
          options={OWNERSHIPS.map((o) => ({ value: o, label: o === 'More than Four' ? o : `${o} owner` }))}
        />
      </StepForm>
    ),
    Location: (
      <StepForm title="Where can buyers see the car?" onNext={() => validateAndNext(locationStepError)}>
        <div className="sell:sm:col-span-2">
          <TextField
            label="Street"
            autoComplete="street-address"
            value={draft.street}
            onChange={(e) => update({ street: e.target.value })}
          />
        </div>
        <TextField
          label="City"
          autoComplete="address-level2"
          value={draft.city}
          onChange={(e) => update({ city: e.target.value })}
        />
        <TextField
          label="State"
          autoComplete="address-level1"
          value={draft.locationState}
          onChange={(e) => update({ locationState: e.target.value })}
        />
        <TextField
          label="PIN code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={draft.postalCode}
          onChange={(e) => update({ postalCode: e.target.value.replace(/\D/g, '') })}
        />
      </StepForm>
    ),
    Specifications: (
      <StepForm title="Specifications" onNext={() => validateAndNext(specificationsStepError)}>
        <TextField
          label="Registration number"
          value={draft.regNumber}
          placeholder={draft.rto ? `${draft.rto.name}-AB-1234` : 'KA-01-AB-1234'}
          onChange={(e) => update({ regNumber: e.target.value.toUpperCase() })}
        />
        <TextField
          label="Engine capacity"
          maxLength={20}
          value={draft.engineCapacity}
          placeholder="e.g. 1197 cc or 1.2 L"
          onChange={(e) => update({ engineCapacity: e.target.value })}
        />
        <SelectField
          label="Spare key"
          value={draft.spareKey ? 'yes' : 'no'}
          onChange={(e) => update({ spareKey: e.target.value === 'yes' })}
          options={[
            { value: 'no', label: 'No' },
            { value: 'yes', label: 'Yes' },
          ]}
        />
        <SelectField
          label="Insurance type"
          value={draft.insuranceType}
          onChange={(e) =>
            update({ insuranceType: e.target.value, ...(e.target.value ? {} : { validTill: '' }) })
          }
          placeholder="No insurance"
          options={INSURANCE_TYPES.map((t) => ({ value: t, label: t }))}
        />
        <DateInput
          label="Insurance valid till"
          value={draft.validTill}
          required={draft.insuranceType !== ''}
          disabled={draft.insuranceType === ''}
          onChange={(e) => update({ validTill: e.target.value })}
        />
        <div className="sell:sm:col-span-2">
          <TextAreaField
            label="Description (optional)"
            value={draft.description}
            maxLength={5000}
            onChange={(e) => update({ description: e.target.value })}
          />
        </div>
      </StepForm>
    ),
    Images: (
      <ImagesStep
        draft={draft}
        setAlert={setAlert}
        checkAnswers={() => {
          const missing = firstIncomplete(draft);
          if (!missing) return true;
          goTo(missing.step);
          setAlert(missing.message);
          return false;
        }}
        onListed={() => {
          reset();
          onListed();
        }}
      />
    ),
  };

  const summary = [
    draft.brand?.name,
    draft.year,
    draft.model?.name,
    draft.variant?.name,
    draft.rto?.name,
  ].filter(Boolean);

  return (
    <div className="sell:rounded-2xl sell:border sell:border-slate-200 sell:bg-white sell:p-4 sell:shadow-sm sell:sm:p-6 sell:dark:border-slate-700 sell:dark:bg-slate-900">
      <h2 id="sell-wizard-title" className="sell:text-xl sell:font-bold sell:sm:text-2xl">
        Sell Your Car
      </h2>
      {summary.length ? (
        <p className="sell:mt-1 sell:text-sm sell:text-slate-600 sell:dark:text-slate-300">
          {summary.join(' · ')}
        </p>
      ) : null}
      <div
        role="tablist"
        aria-labelledby="sell-wizard-title"
        className="sell:mt-4 sell:flex sell:gap-1 sell:overflow-x-auto sell:border-b sell:border-slate-200 sell:dark:border-slate-700"
      >
        {STEPS.map((name, i) => {
          const open = visited.includes(i);
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={`sell-tab-${i}`}
              aria-controls="sell-step-panel"
              aria-selected={step === i}
              disabled={!open}
              tabIndex={step === i ? 0 : -1}
              onClick={() => goTo(i, false)}
              onKeyDown={(e) => {
                if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
                e.preventDefault();
                const dir = e.key === 'ArrowRight' ? 1 : -1;
                for (let j = i + dir; j >= 0 && j < STEPS.length; j += dir) {
                  if (visited.includes(j)) {
                    goTo(j, false);
                    document.getElementById(`sell-tab-${j}`)?.focus();
                    break;
                  }
                }
              }}
              className={cn(
                'sell:-mb-px sell:shrink-0 sell:whitespace-nowrap sell:border-b-2 sell:px-3 sell:py-2 sell:text-sm sell:font-medium sell:focus-visible:outline-2 sell:focus-visible:outline-brand-600',
                step === i
                  ? 'sell:border-brand-600 sell:text-brand-700 sell:dark:text-brand-200'
                  : 'sell:border-transparent sell:text-slate-600 sell:hover:text-slate-900 sell:disabled:cursor-not-allowed sell:disabled:text-slate-400 sell:dark:text-slate-300',
              )}
            >
              <span aria-hidden="true" className="sell:mr-1 sell:text-xs">
                {i + 1}.
              </span>
              {name}
            </button>
          );
        })}
      </div>
      <div
        id="sell-step-panel"
        role="tabpanel"
        ref={panelRef}
        tabIndex={-1}
        aria-labelledby={`sell-tab-${step}`}
        className="sell:flex sell:flex-col sell:gap-4 sell:pt-5 sell:focus:outline-none"
      >
        <InlineAlert message={alert} />
        <div key={step} className="sell:contents">
          {panels[STEPS[step] ?? 'Brand']}
        </div>
      </div>
    </div>
  );
}
