/** Paging and searching of the admin lists (spec §2: numbered from 1, 'Search this list'). */
import { Pagination } from '@marketplace/ui';
import { useEffect, useId, useMemo, useState } from 'react';

/** Rows per page of the admin lists (hundreds of RTOs and variants). */
export const ADMIN_PAGE_SIZE = 20;

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
