/** Small building blocks of the wizard's steps: the searchable option list, chips and the inline alert. */
import { Button, cn, Spinner } from '@marketplace/ui';
import { type ReactNode, useEffect, useId, useState } from 'react';

/** Inline alerts hide after 5 s (spec §5, §9). */
export const ALERT_AUTO_HIDE_MS = 5000;

/**
 * An alert message that clears itself `ALERT_AUTO_HIDE_MS` after it was set. Returns the current message
 * and a setter; setting the same text again restarts the timer.
 */
export function useInlineAlert(): [string | null, (message: string | null) => void] {
  const [alert, setAlert] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => setAlert(null), ALERT_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [alert]);
  return [alert?.text ?? null, (text) => setAlert(text ? { text, at: Date.now() } : null)];
}

/** The wizard's inline alert (announced to screen readers). */
export function InlineAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="sell:rounded-lg sell:border sell:border-red-200 sell:bg-red-50 sell:px-4 sell:py-3 sell:text-sm sell:font-medium sell:text-red-700 sell:dark:border-red-900 sell:dark:bg-red-950 sell:dark:text-red-200"
    >
      {message}
    </p>
  );
}

/** A labelled search box filtering a step's list. */
export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
}) {
  const id = useId();
  return (
    <div className="sell:flex sell:flex-col sell:gap-1">
      <label htmlFor={id} className="sell:sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={label}
        onChange={(e) => onChange(e.target.value)}
        className="sell:w-full sell:rounded-lg sell:border sell:border-slate-300 sell:bg-white sell:px-3 sell:py-2 sell:text-sm sell:text-slate-900 sell:focus:border-brand-500 sell:focus:outline-none sell:focus:ring-2 sell:focus:ring-brand-200 sell:dark:border-slate-600 sell:dark:bg-slate-800 sell:dark:text-slate-100"
      />
    </div>
  );
}

/** One choice of an option list. */
export interface Option {
  id: string;
  label: string;
  hint?: string;
  image?: string;
}

/**
 * A step's list: a search box (case-insensitive substring) and a grid of choice buttons; the chosen one
 * is pressed. Shows `empty` when nothing matches and a spinner while `loading`.
 */
export function OptionList({
  searchLabel,
  options,
  selected,
  onSelect,
  empty,
  loading,
  columns = 'sell:grid-cols-2 sell:sm:grid-cols-3 sell:lg:grid-cols-4',
}: {
  searchLabel: string;
  options: Option[];
  selected: string | null | undefined;
  onSelect(option: Option): void;
  empty: ReactNode;
  loading?: boolean;
  columns?: string;
}) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  return (
    <div className="sell:flex sell:flex-col sell:gap-4">
      <SearchBox label={searchLabel} value={query} onChange={setQuery} />
      {loading ? (
        <div className="sell:flex sell:justify-center sell:py-8">
          <Spinner />
        </div>
      ) : shown.length === 0 ? (
        <p className="sell:py-6 sell:text-center sell:text-sm sell:text-slate-500 sell:dark:text-slate-400">
          {empty}
        </p>
      ) : (
        <ul className={cn('sell:grid sell:max-h-96 sell:gap-2 sell:overflow-y-auto sell:p-1', columns)}>
          {shown.map((o) => (
            <li key={o.id}>
              <button
                type="button"
                aria-pressed={selected === o.id}
                onClick={() => onSelect(o)}
                className={cn(
                  'sell:flex sell:w-full sell:items-center sell:gap-3 sell:rounded-lg sell:border sell:px-3 sell:py-2 sell:text-left sell:text-sm sell:transition-colors sell:focus-visible:outline-2 sell:focus-visible:outline-offset-2 sell:focus-visible:outline-brand-600',
                  selected === o.id
                    ? 'sell:border-brand-600 sell:bg-brand-50 sell:font-semibold sell:text-brand-700 sell:dark:bg-slate-800 sell:dark:text-brand-100'
                    : 'sell:border-slate-200 sell:bg-white sell:text-slate-800 sell:hover:border-brand-400 sell:dark:border-slate-700 sell:dark:bg-slate-900 sell:dark:text-slate-100',
                )}
              >
                {o.image ? (
                  <img
                    src={o.image}
                    alt=""
                    className="sell:size-8 sell:shrink-0 sell:object-contain"
                    loading="lazy"
                  />
                ) : null}
                <span className="sell:flex sell:flex-col">
                  <span>{o.label}</span>
                  {o.hint ? (
                    <span className="sell:text-xs sell:font-normal sell:text-slate-500">{o.hint}</span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A toggle chip (fuel type, transmission): pressed when chosen; clicking a chosen chip deselects it. */
export function Chip({ label, pressed, onToggle }: { label: string; pressed: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(
        'sell:rounded-full sell:border sell:px-4 sell:py-1.5 sell:text-sm sell:font-medium sell:transition-colors sell:focus-visible:outline-2 sell:focus-visible:outline-offset-2 sell:focus-visible:outline-brand-600',
        pressed
          ? 'sell:border-brand-600 sell:bg-brand-600 sell:text-white'
          : 'sell:border-slate-300 sell:bg-white sell:text-slate-700 sell:hover:border-brand-400 sell:dark:border-slate-600 sell:dark:bg-slate-800 sell:dark:text-slate-100',
      )}
    >
      {label}
    </button>
  );
}

/** A step's heading and short help text. */
export function StepHeading({ title, help }: { title: string; help?: string }) {
  return (
    <div className="sell:mb-4">
      <h3 className="sell:text-lg sell:font-semibold sell:text-slate-900 sell:dark:text-slate-100">
        {title}
      </h3>
      {help ? <p className="sell:text-sm sell:text-slate-500 sell:dark:text-slate-400">{help}</p> : null}
    </div>
  );
}

/**
 * The frame of a form step (Kms Driven, Location, Specifications): a two-column grid under its heading
 * with the Next button; submitting calls `onNext` (the step's own check decides whether it moves on).
 */
export function StepForm({
  title,
  onNext,
  children,
}: {
  title: string;
  onNext(): void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
      className="sell:grid sell:gap-4 sell:sm:grid-cols-2"
    >
      <div className="sell:sm:col-span-2">
        <StepHeading title={title} />
      </div>
      {children}
      <div className="sell:sm:col-span-2">
        <Button type="submit">Next</Button>
      </div>
    </form>
  );
}
