/**
 * Step 5 of the sell wizard (spec §2): the state the car is registered in, then its RTO. Choosing the RTO
 * fills the location's city and state when the seller has not typed them yet, and moves on.
 */
import type { Rto, State } from '@marketplace/contracts';
import { OptionList, StepHeading } from './parts';
import type { StepProps } from './step-props';
import type { LoadedList } from './use-wizard-lists';

/** The registration state and RTO; the pencil button goes back to choosing the state. */
export function RegistrationStep({
  draft,
  update,
  next,
  states,
  rtos,
}: StepProps & { states: LoadedList<State>; rtos: LoadedList<Rto> }) {
  return (
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
  );
}
