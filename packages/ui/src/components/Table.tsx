/** A data table with numbered rows (spec §2: "Lists are numbered from 1"). */
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
}

export interface TableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string;
  /** Prepends the `No.` column (1-based); default true. */
  numbered?: boolean;
  empty?: ReactNode;
}

/** A responsive table (scrolls sideways on small screens). */
export function Table<T>({
  columns,
  rows,
  rowKey,
  numbered = true,
  empty = 'Nothing here yet.',
}: TableProps<T>) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {numbered ? <th className="px-4 py-3 text-left font-semibold">No.</th> : null}
            {columns.map((c) => (
              <th key={c.header} className="px-4 py-3 text-left font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white dark:divide-slate-800 dark:bg-slate-900">
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length + (numbered ? 1 : 0)}
                className="px-4 py-6 text-center text-slate-500 dark:text-slate-400"
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row)}>
                {numbered ? <td className="px-4 py-3">{i + 1}</td> : null}
                {columns.map((c) => (
                  <td key={c.header} className="px-4 py-3">
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
