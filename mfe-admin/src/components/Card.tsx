/** The white card around an admin screen's content. */
import { cn } from '@marketplace/ui';
import type { ReactNode } from 'react';

/** A white card around a screen's content. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      className={cn(
        'adm:rounded-xl adm:bg-white adm:p-4 adm:shadow-sm adm:sm:p-6 adm:dark:bg-slate-900',
        className,
      )}
    >
      {children}
    </section>
  );
}
