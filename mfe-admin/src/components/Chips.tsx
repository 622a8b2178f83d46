/** Pills for short values of a table cell. */

/** Small pills for fuel types and transmissions. */
export function Chips({ values }: { values: readonly string[] }) {
  return (
    <ul className="adm:flex adm:flex-wrap adm:gap-1">
      {values.map((v) => (
        <li
          key={v}
          className="adm:rounded-full adm:bg-brand-50 adm:px-2 adm:py-0.5 adm:text-xs adm:font-medium adm:text-brand-700 adm:dark:bg-slate-800 adm:dark:text-brand-200"
        >
          {v}
        </li>
      ))}
    </ul>
  );
}
