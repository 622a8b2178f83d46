/**
 * Form fields with a visible label and an inline error: text, text area, native select, and the date
 * and time inputs (`YYYY-MM-DD`, 24-hour `HH:MM`, as the API takes them).
 */
import {
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from './cn';

const control =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: string;
}

function Chrome({
  id,
  label,
  error,
  hint,
  children,
}: FieldChrome & { id: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled `<input>`. */
export function TextField({
  label,
  error,
  hint,
  className,
  ...rest
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Chrome id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(control, className)}
        {...rest}
      />
    </Chrome>
  );
}

/** A labelled `<textarea>`. */
export function TextAreaField({
  label,
  error,
  className,
  ...rest
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Chrome id={id} label={label} error={error}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        className={cn(control, 'min-h-24', className)}
        {...rest}
      />
    </Chrome>
  );
}

/** A labelled native `<select>` (long lists such as RTO codes; keyboard type-ahead for free). */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  className,
  ...rest
}: FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: Array<{ value: string; label: string }>;
    placeholder?: string;
  }) {
  const id = useId();
  return (
    <Chrome id={id} label={label} error={error}>
      <select id={id} aria-invalid={error ? true : undefined} className={cn(control, className)} {...rest}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Chrome>
  );
}

/** A date input giving `YYYY-MM-DD`. */
export function DateInput(props: FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <TextField type="date" {...props} />;
}

/** A time input giving 24-hour `HH:MM`; `step` in seconds (1800 = the 30-minute test-drive slots). */
export function TimeInput(props: FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <TextField type="time" {...props} />;
}
