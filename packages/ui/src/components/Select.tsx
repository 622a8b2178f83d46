/** Accessible select (Headless UI Listbox) for short option lists, with a visible label. */
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { cn } from './cn';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectProps<T extends string> {
  label: string;
  value: T | '';
  onChange(value: T): void;
  options: SelectOption<T>[];
  /** Shown while nothing is chosen (e.g. 'Choose a Brand'). */
  placeholder?: string;
  className?: string;
}

/** A labelled single-choice dropdown. */
export function Select<T extends string>({
  label,
  value,
  onChange,
  options,
  placeholder,
  className,
}: SelectProps<T>) {
  const current = options.find((o) => o.value === value);
  return (
    <Field className={cn('flex flex-col gap-1', className)}>
      <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</Label>
      <Listbox value={value as T} onChange={onChange}>
        <ListboxButton className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm dark:border-slate-600 dark:bg-slate-800">
          {current?.label ?? <span className="text-slate-400">{placeholder ?? 'Choose…'}</span>}
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-40 mt-1 max-h-60 w-(--button-width) overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {options.map((o) => (
            <ListboxOption
              key={o.value}
              value={o.value}
              className="cursor-pointer px-3 py-2 text-sm data-focus:bg-slate-100 data-selected:font-semibold dark:data-focus:bg-slate-800"
            >
              {o.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
