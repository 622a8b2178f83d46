/**
 * The Sell Your Car wizard (spec §2 "Sell-a-car wizard", §4, §5; issue 11): nine tabbed steps, a tab
 * clickable once visited, a search box on each list, inline alerts that hide after 5 s, and a draft kept
 * in local storage across reloads. The steps are in VehicleSteps, RegistrationStep, DetailSteps and
 * ImagesStep; the tab strip in WizardTabs; the lists in use-wizard-lists.
 */
import { useAuthStore, useLoginDialogStore } from '@marketplace/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { KmsStep, LocationStep, SpecificationsStep } from './DetailSteps';
import {
  type Draft,
  EMPTY_DRAFT,
  firstIncomplete,
  kmsStepError,
  loadWizard,
  locationStepError,
  type SavedWizard,
  STEPS,
  type StepName,
  saveWizard,
  specificationsStepError,
} from './draft';
import { ImagesStep } from './ImagesStep';
import { InlineAlert, useInlineAlert } from './parts';
import { RegistrationStep } from './RegistrationStep';
import { useWizardLists } from './use-wizard-lists';
import { BrandStep, ModelStep, VariantStep, YearStep } from './VehicleSteps';
import { WizardTabs } from './WizardTabs';

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

  const { brands, models, variants, states, rtos } = useWizardLists(draft, Boolean(user), step);

  const validateAndNext = (check: (d: Draft) => string | null) => () => {
    const message = check(draft);
    if (message) setAlert(message);
    else next();
  };

  const choice = { draft, update, next };
  const form = { draft, update };
  const panels: Record<StepName, ReactNode> = {
    Brand: (
      <BrandStep {...choice} brands={brands} signedIn={Boolean(user)} ready={ready} onLogin={showLogin} />
    ),
    Year: <YearStep {...choice} />,
    Model: <ModelStep {...choice} models={models} />,
    Variant: <VariantStep {...choice} variants={variants} />,
    'Reg. states': <RegistrationStep {...choice} states={states} rtos={rtos} />,
    'Kms Driven': <KmsStep {...form} onNext={validateAndNext(kmsStepError)} />,
    Location: <LocationStep {...form} onNext={validateAndNext(locationStepError)} />,
    Specifications: <SpecificationsStep {...form} onNext={validateAndNext(specificationsStepError)} />,
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
      <WizardTabs step={step} visited={visited} goTo={goTo} />
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
