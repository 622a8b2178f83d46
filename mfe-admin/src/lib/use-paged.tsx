/** Small building blocks shared by the admin screens: headings, chips, row actions, paging, toasts. */
import { Button, cn, Pagination, SelectField, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { ConfirmDialog } from '@marketplace/ui/overlays';
import { type ComponentProps, type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { Brand } from './api';

/** Rows per page of the admin lists (hundreds of RTOs and variants). */
export const ADMIN_PAGE_SIZE = 20;

/** Shows a server success message for 5 s (spec §8 "Admin successes show the server's message"). */
export function notifySuccess(message: string): void {
  toast.success(message, { duration: TOAST_AUTO_CLOSE_MS });
}

/** A screen's title row: heading, optional actions on the right. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="adm:mb-5 adm:flex adm:flex-wrap adm:items-center adm:justify-between adm:gap-3">
      <h1 className="adm:text-2xl adm:font-bold adm:text-slate-900 adm:dark:text-white">{title}</h1>
      {children ? <div className="adm:flex adm:flex-wrap adm:items-center adm:gap-2">{children}</div> : null}
    </div>
  );
}

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

/** Edit and delete buttons of a row; `name` makes their accessible names unique (e.g. "Edit KA-01"). */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="adm:flex adm:gap-2">
      {onEdit ? (
        <Button
          variant="secondary"
          className="adm:px-3 adm:py-1"
          onClick={onEdit}
          aria-label={`Edit ${name}`}
        >
          Edit
        </Button>
      ) : null}
      <Button variant="danger" className="adm:px-3 adm:py-1" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}

/**
 * A list slice for the current page, optionally narrowed by a search box (`match`); the page resets to 1
 * when the list's identity `resetKey` or the search text changes.
 */
export function usePaged<T>(rows: T[], resetKey: unknown, match?: (row: T, query: string) => boolean) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const searchId = useId();
  useEffect(() => setPage(1), [resetKey, search]);
  const query = search.trim().toLowerCase();
  const shown = useMemo(
    () => (match && query ? rows.filter((r) => match(r, query)) : rows),
    [rows, match, query],
  );
  const pageCount = Math.ceil(shown.length / ADMIN_PAGE_SIZE);
  const current = Math.min(page, Math.max(1, pageCount));
  const slice = useMemo(
    () => shown.slice((current - 1) * ADMIN_PAGE_SIZE, current * ADMIN_PAGE_SIZE),
    [shown, current],
  );
  /** Rows before this page: the slice's first row is number `offset + 1` (spec §2 "numbered from 1"). */
  const offset = (current - 1) * ADMIN_PAGE_SIZE;
  const searchBox = match ? (
    <div className="adm:flex adm:flex-col adm:gap-1">
      <label
        htmlFor={searchId}
        className="adm:text-sm adm:font-medium adm:text-slate-700 adm:dark:text-slate-200"
      >
        Search this list
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="adm:w-full adm:rounded-lg adm:border adm:border-slate-300 adm:bg-white adm:px-3 adm:py-2 adm:text-sm adm:dark:border-slate-600 adm:dark:bg-slate-800"
      />
    </div>
  ) : null;
  const pager = (
    <div className="adm:mt-4 adm:flex adm:flex-col adm:items-center adm:gap-2 adm:sm:flex-row adm:sm:justify-between">
      <p className="adm:text-sm adm:text-slate-600 adm:dark:text-slate-400">
        {shown.length === 0
          ? 'No records'
          : `Showing ${offset + 1}–${offset + slice.length} of ${shown.length}`}
      </p>
      <Pagination page={current} pageCount={pageCount} onChange={setPage} />
    </div>
  );
  return { slice, offset, pager, searchBox };
}

/** Case-insensitive "contains" over some text fields of a row (for {@link usePaged}'s search). */
export function matchText<T>(fields: (row: T) => Array<string | undefined>) {
  return (row: T, query: string) => fields(row).some((f) => f?.toLowerCase().includes(query));
}

/** Loads a list with `load` whenever `deps` change; `reload` refreshes it after a write. */
export function useList<T>(load: () => Promise<T[]>, deps: unknown[]) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((list) => {
        if (live) setRows(list);
      })
      .catch(() => {
        if (live) setRows([]);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, loading, reload };
}

/**
 * The shared delete confirmation wired to a delete call (spec §4: "Delete always needs confirmation");
 * shows the server's message and calls `onDeleted`.
 */
export function useConfirmDelete(remove: (id: string) => Promise<string>, onDeleted: () => void) {
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      notifySuccess(await remove(target));
      onDeleted();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onClose={() => setTarget(null)}
      onConfirm={() => void confirm()}
      busy={busy}
    />
  );
  return { ask: setTarget, dialog };
}

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

/** The close icon of a form that replaces a list (spec §2: it returns to the list). */
export function CloseButton({ onClick, label = 'Close' }: { onClick(): void; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="adm:rounded-lg adm:p-2 adm:text-slate-500 adm:hover:bg-slate-100 adm:hover:text-slate-900 adm:focus-visible:outline-2 adm:focus-visible:outline-brand-600 adm:dark:hover:bg-slate-800 adm:dark:hover:text-white"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="adm:size-5" fill="currentColor">
        <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
      </svg>
    </button>
  );
}

/** The title bar of a form that replaces a list: heading plus the close icon. */
export function FormHeader({ title, onClose }: { title: string; onClose(): void }) {
  return (
    <div className="adm:mb-5 adm:flex adm:items-center adm:justify-between">
      <h2 className="adm:text-xl adm:font-semibold">{title}</h2>
      <CloseButton onClick={onClose} label={`Close ${title.toLowerCase()} form`} />
    </div>
  );
}

/** The loading line shown while a list loads. */
export function Loading() {
  return (
    <p role="status" className="adm:py-6 adm:text-center adm:text-sm adm:text-slate-500">
      Loading…
    </p>
  );
}

/** The 'Brand' select of the model and variant filters and forms ('Choose a Brand', spec §2). */
export function BrandSelect({
  brands,
  ...rest
}: { brands: Brand[] } & Omit<ComponentProps<typeof SelectField>, 'label' | 'placeholder' | 'options'>) {
  return (
    <SelectField
      label="Brand"
      placeholder="Choose a Brand"
      options={brands.map((b) => ({ value: b._id, label: b.name }))}
      {...rest}
    />
  );
}

/** A 24 px outline icon drawn from one SVG path (`d`), in the current text colour; decorative. */
export function StrokeIcon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="adm:size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
    >
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}
