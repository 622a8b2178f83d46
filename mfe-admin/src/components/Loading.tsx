/** The loading line of the admin lists. */

/** The loading line shown while a list loads. */
export function Loading() {
  return (
    <p role="status" className="adm:py-6 adm:text-center adm:text-sm adm:text-slate-500">
      Loading…
    </p>
  );
}
