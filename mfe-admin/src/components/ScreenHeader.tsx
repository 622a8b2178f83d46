/** The title row of an admin screen. */
import type { ReactNode } from 'react';

/** A screen's title row: heading, optional actions on the right. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="adm:mb-5 adm:flex adm:flex-wrap adm:items-center adm:justify-between adm:gap-3">
      <h1 className="adm:text-2xl adm:font-bold adm:text-slate-900 adm:dark:text-white">{title}</h1>
      {children ? <div className="adm:flex adm:flex-wrap adm:items-center adm:gap-2">{children}</div> : null}
    </div>
  );
}
