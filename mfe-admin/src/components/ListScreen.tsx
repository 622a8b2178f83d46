/**
 * An admin list screen (States, RTO, Brand, Model, Variant, Users): the title row with the add button, the
 * filters, the numbered table with its pager and the delete confirmation, or the record's add/edit form;
 * {@link actionColumn} is its Edit/Delete column.
 */
import { Button, type Column, Table } from '@marketplace/ui';
import type { ReactNode } from 'react';
import type { CrudScreen, WithId } from '../lib/crud-screen';
import { Card } from './Card';
import { Loading } from './Loading';
import { RowActions } from './RowActions';
import { ScreenHeader } from './ScreenHeader';

/**
 * The `Action` column: Edit opens the record's form, Delete asks through the confirmation dialog; `name`
 * gives the buttons unique accessible names (e.g. "Edit KA-01 Bengaluru").
 */
export function actionColumn<T extends WithId>(screen: CrudScreen<T>, name: (row: T) => string): Column<T> {
  return {
    header: 'Action',
    cell: (row) => (
      <RowActions
        name={name(row)}
        onEdit={() => screen.edit(row)}
        onDelete={() => screen.askDelete(row._id)}
      />
    ),
  };
}

/** Filter row of most lists: two columns from `sm`, no wider than 2xl. */
const FILTERS = 'adm:mb-4 adm:grid adm:gap-3 adm:sm:grid-cols-2 adm:lg:max-w-2xl';

/** A row numbered in the whole list (spec §2: "Lists are numbered from 1"). */
interface Numbered<T> {
  n: number;
  item: T;
}

/** What an add/edit form gets from its list screen. */
export interface FormProps<T> {
  /** The record being edited; null while adding. */
  record: T | null;
  /** Returns to the list without saving. */
  onClose(): void;
  /** Returns to the list after a save, which reloads it. */
  onSaved(): void;
}

/**
 * An admin list screen: the title with the add button, a card with the filters and the search box, the
 * table numbered from 1 (`No.` then `columns`), the pager, and the delete confirmation. While a record is
 * added or edited, `form` replaces all of it (spec §2), or with `modalForm` opens over it (a dialog).
 */
export function ListScreen<T extends WithId>({
  title,
  addLabel,
  screen,
  filters,
  filtersClassName = FILTERS,
  columns,
  empty,
  form,
  modalForm = false,
}: {
  title: string;
  /** Text of the add button (none on read-only lists). */
  addLabel?: string;
  screen: CrudScreen<T>;
  /** Filter fields, shown before the search box. */
  filters?: ReactNode;
  filtersClassName?: string;
  columns: Column<T>[];
  empty?: ReactNode;
  /** The add/edit form of `screen.editing`. */
  form?: (props: FormProps<T>) => ReactNode;
  modalForm?: boolean;
}) {
  const { editing } = screen;
  const formNode =
    editing && form
      ? form({ record: editing === 'new' ? null : editing, onClose: screen.close, onSaved: screen.saved })
      : null;
  if (formNode && !modalForm) return formNode;
  const rows: Numbered<T>[] = screen.slice.map((item, i) => ({ n: screen.offset + i + 1, item }));
  const toolbar = filters || screen.searchBox;
  return (
    <>
      <ScreenHeader title={title}>
        {addLabel ? <Button onClick={screen.add}>{addLabel}</Button> : null}
      </ScreenHeader>
      <Card>
        {toolbar ? (
          <div className={filtersClassName}>
            {filters}
            {screen.searchBox}
          </div>
        ) : null}
        {screen.loading ? (
          <Loading />
        ) : (
          <>
            <Table<Numbered<T>>
              numbered={false}
              rows={rows}
              rowKey={(r) => r.item._id}
              empty={empty}
              columns={[
                { header: 'No.', cell: (r) => r.n },
                ...columns.map((c) => ({ header: c.header, cell: (r: Numbered<T>) => c.cell(r.item) })),
              ]}
            />
            {screen.pager}
          </>
        )}
      </Card>
      {formNode}
      {screen.deleteDialog}
    </>
  );
}
