/** Dashboard home (spec §2): four stat cards with placeholder figures (spec §1). */

const stats = [
  { label: 'Total views', value: '3.456K' },
  { label: 'Total Profit', value: '₹45.2K' },
  { label: 'Total Product', value: '2.450' },
  { label: 'Total Users', value: '3.456' },
];

/** The four stat cards. */
export function Overview() {
  return (
    <div className="adm:grid adm:gap-4 adm:sm:grid-cols-2 adm:xl:grid-cols-4">
      {stats.map((s) => (
        <div
          key={s.label}
          className="adm:rounded-xl adm:bg-white adm:p-6 adm:shadow-sm adm:dark:bg-slate-900"
        >
          <p className="adm:text-2xl adm:font-bold">{s.value}</p>
          <p className="adm:mt-1 adm:text-sm adm:text-slate-500">{s.label}</p>
        </div>
      ))}
    </div>
  );
}
