/** A group of checkboxes of the admin forms. */

/** A group of checkboxes in a fieldset with a legend (fuel types, transmissions). */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: T[];
  onChange(next: T[]): void;
}) {
  return (
    <fieldset className="adm:flex adm:flex-col adm:gap-2">
      <legend className="adm:mb-1 adm:text-sm adm:font-medium adm:text-slate-700 adm:dark:text-slate-200">
        {legend}
      </legend>
      <div className="adm:flex adm:flex-wrap adm:gap-x-4 adm:gap-y-2">
        {options.map((o) => (
          <label key={o} className="adm:flex adm:items-center adm:gap-2 adm:text-sm">
            <input
              type="checkbox"
              className="adm:size-4 adm:accent-brand-600"
              checked={value.includes(o)}
              onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((v) => v !== o))}
            />
            {o}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
