/** A header dropdown (spec §2 "Admin layout"): a button and a panel that closes on outside click or Escape. */
import { cn } from '@marketplace/ui';
import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useDismiss } from './useDismiss';

/** `label` names the button; `children` gets `close` so links inside can close the panel. */
export function Dropdown({
  label,
  button,
  badge,
  children,
  panelClassName,
}: {
  label: string;
  button: ReactNode;
  badge?: number;
  children(close: () => void): ReactNode;
  panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  const refs = useMemo(() => [root], []);
  useDismiss(open, close, refs, trigger);
  return (
    <div ref={root} className="adm:relative">
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="adm:relative adm:flex adm:items-center adm:gap-2 adm:rounded-full adm:p-2 adm:text-slate-600 adm:hover:bg-slate-100 adm:focus-visible:outline-2 adm:focus-visible:outline-brand-600 adm:dark:text-slate-300 adm:dark:hover:bg-slate-800"
      >
        {button}
        {badge ? (
          <span
            className="adm:absolute adm:top-1 adm:right-1 adm:size-2 adm:rounded-full adm:bg-brand-600"
            aria-hidden="true"
          />
        ) : null}
      </button>
      {open ? (
        <div
          id={id}
          className={cn(
            'adm:absolute adm:right-0 adm:z-40 adm:mt-2 adm:w-72 adm:max-w-[calc(100vw-2rem)] adm:rounded-xl adm:border adm:border-slate-200 adm:bg-white adm:py-2 adm:text-sm adm:shadow-lg adm:dark:border-slate-700 adm:dark:bg-slate-900',
            panelClassName,
          )}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
