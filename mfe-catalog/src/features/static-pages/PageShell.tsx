/** Common frame of the static pages: a heading band and a readable column. */
import type { ReactNode } from 'react';

/** A static page with its `<h1>` and an optional lead paragraph. */
export function PageShell({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div>
      <div className="cat:bg-slate-100 cat:dark:bg-slate-900">
        <div className="cat:mx-auto cat:max-w-5xl cat:px-4 cat:py-12 cat:sm:px-6 cat:lg:px-8">
          <h1 className="cat:text-3xl cat:font-black cat:tracking-tight cat:sm:text-4xl">{title}</h1>
          {lead ? (
            <p className="cat:mt-3 cat:max-w-2xl cat:text-lg cat:text-slate-600 cat:dark:text-slate-300">
              {lead}
            </p>
          ) : null}
        </div>
      </div>
      <div className="cat:mx-auto cat:max-w-5xl cat:px-4 cat:py-10 cat:sm:px-6 cat:lg:px-8">{children}</div>
    </div>
  );
}
