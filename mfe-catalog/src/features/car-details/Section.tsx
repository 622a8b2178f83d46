/** A titled card of the car page (KNOW YOUR CAR, Specifications, the price insight, the EMI calculator…). */
import type { ReactNode } from 'react';

/** The section, labelled by its heading; `id` (also the heading's id prefix) is a link target. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id ?? title}-h`}
      id={id}
      className="cat:scroll-mt-24 cat:rounded-2xl cat:border cat:border-slate-200 cat:bg-white cat:p-6 cat:dark:border-slate-700 cat:dark:bg-slate-900"
    >
      <h2 id={`${id ?? title}-h`} className="cat:mb-4 cat:text-xl cat:font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
