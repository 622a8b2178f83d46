/** A placeholder screen for routes whose feature has not landed yet (the remotes' first screens). */
import type { ReactNode } from 'react';

export interface ComingSoonProps {
  title: string;
  /** What the finished screen will do. */
  description: ReactNode;
  /** Which issue brings it (e.g. '#9'). */
  issue?: string;
  children?: ReactNode;
}

/** A titled card saying what will be here. */
export function ComingSoon({ title, description, issue, children }: ComingSoonProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        <p>{description}</p>
        {issue ? <p className="mt-2 text-sm text-slate-400">Arrives with issue {issue}.</p> : null}
        {children}
      </div>
    </section>
  );
}
