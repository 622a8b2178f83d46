/**
 * The sell wizard's tab strip (spec §2): one tab per step, numbered; a tab is clickable once its step was
 * visited, and the arrow keys move between visited tabs. On a phone the nine tabs do not fit: the strip
 * scrolls sideways (SellWizard keeps the current step's tab in view), and a line above it says which step of
 * how many this is, with a progress bar (hidden from 640 px, where every tab shows).
 */
import { cn } from '@marketplace/ui';
import { STEPS } from './draft';

/** The tabs; `goTo` switches steps without moving the focus to the panel. */
export function WizardTabs({
  step,
  visited,
  goTo,
}: {
  step: number;
  visited: number[];
  goTo(step: number, focus: boolean): void;
}) {
  return (
    <>
      <div className="sell:mt-4 sell:sm:hidden">
        <p className="sell:text-sm sell:font-medium sell:text-slate-700 sell:dark:text-slate-200">
          Step {step + 1} of {STEPS.length}: {STEPS[step]}
        </p>
        <div
          aria-hidden="true"
          className="sell:mt-2 sell:h-1.5 sell:rounded-full sell:bg-slate-200 sell:dark:bg-slate-700"
        >
          <div
            className="sell:h-full sell:rounded-full sell:bg-brand-600 sell:transition-[width]"
            style={{ width: `${((step + 1) / STEPS.length) * 100}%` }}
          />
        </div>
      </div>
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
    </>
  );
}
