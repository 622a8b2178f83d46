/**
 * The one list-and-form scaffolding of the admin screens (States, RTO, Brand, Model, Variant, Users):
 * {@link useCrudScreen} loads, searches, pages and deletes a list and tracks which record is being added
 * or edited; {@link ListScreen} draws the title row, the filters, the numbered table with its pager and the
 * delete confirmation; {@link useSave}, {@link FormCard} and {@link FormActions} are the add/edit forms'
 * submit, frame and buttons.
 */
import { Button, type Column, Table } from '@marketplace/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  Card,
  FormHeader,
  Loading,
  notifySuccess,
  RowActions,
  ScreenHeader,
  useConfirmDelete,
  useList,
  usePaged,
} from './ui';

/** A record of an admin list: every one has the server's `_id`. */
export interface WithId {
  _id: string;
}

/** What {@link useCrudScreen} reads and writes. */
export interface CrudOptions<T extends WithId> {
  /** Loads the list for the current filters. */
  load: () => Promise<T[]>;
  /** The filters `load` reads: the list reloads and returns to page 1 when one changes. */
  filters?: unknown[];
  /** Makes the list searchable ("Search this list"); see `matchText`. */
  match?: (row: T, query: string) => boolean;
  /** Deletes a record by id, resolving with the server's message (read-only lists have none). */
  remove?: (id: string) => Promise<string>;
}

/** A list screen's state: the loaded rows, the current page, the record in its form and the delete dialog. */
export interface CrudScreen<T extends WithId> {
  rows: T[];
  loading: boolean;
  /** Loads the list again (after a write). */
  reload(): void;
  /** The rows of the current page and how many rows come before it. */
  slice: T[];
  offset: number;
  pager: ReactNode;
  /** The "Search this list" box, when the list is searchable. */
  searchBox: ReactNode;
  /** The record in the add/edit form: `'new'` while adding, null while the list shows. */
  editing: T | 'new' | null;
  add(): void;
  edit(row: T): void;
  /** Closes the form without saving. */
  close(): void;
  /** Closes the form after a save and reloads the list. */
  saved(): void;
  /** Opens the delete confirmation for a record. */
  askDelete(id: string): void;
  deleteDialog: ReactNode;
}

const noRemove = async (): Promise<string> => '';

/** Loads, searches, pages and deletes an admin list and tracks the record being added or edited. */
export function useCrudScreen<T extends WithId>({
  load,
  filters = [],
  match,
  remove,
}: CrudOptions<T>): CrudScreen<T> {
  const list = useList(load, filters);
  const paged = usePaged(list.rows, filters.join('|'), match);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const confirm = useConfirmDelete(remove ?? noRemove, list.reload);
  return {
    ...list,
    ...paged,
    editing,
    add: () => setEditing('new'),
    edit: setEditing,
    close: () => setEditing(null),
    saved: () => {
      setEditing(null);
      list.reload();
    },
    askDelete: confirm.ask,
    deleteDialog: remove ? confirm.dialog : null,
  };
}

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

/**
 * The submit of an add/edit form: runs `save` (busy meanwhile), shows the message it resolves with as the
 * success toast (spec §8) and calls `onSaved`. `save` resolves with null when it reported a failure
 * itself; a rejected call was already toasted by the API client with the server's message.
 */
export function useSave(save: () => Promise<string | null>, onSaved: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const message = await save();
      if (message === null) return;
      notifySuccess(message);
      onSaved();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit: (e: FormEvent) => void submit(e) };
}

/** Cancel and the submit button of a form; the submit is disabled while `busy`. */
export function FormActions({
  onCancel,
  busy,
  label,
  className = 'adm:flex adm:justify-end adm:gap-3 adm:sm:col-span-2',
}: {
  onCancel(): void;
  busy: boolean;
  label: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </div>
  );
}

/**
 * An add/edit form that replaces its list (spec §2): a card titled 'Add New {noun}' or 'Update {noun}' with
 * the close icon, the fields in two columns from `sm`, then Cancel and Submit (Update when editing;
 * `busyLabel` while saving, if given).
 */
export function FormCard({
  noun,
  editing,
  onClose,
  onSubmit,
  busy,
  busyLabel,
  children,
}: {
  noun: string;
  editing: boolean;
  onClose(): void;
  onSubmit(e: FormEvent): void;
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
}) {
  const label = busy && busyLabel ? busyLabel : editing ? 'Update' : 'Submit';
  return (
    <Card className="adm:max-w-3xl">
      <FormHeader title={editing ? `Update ${noun}` : `Add New ${noun}`} onClose={onClose} />
      <form onSubmit={onSubmit} className="adm:grid adm:gap-4 adm:sm:grid-cols-2">
        {children}
        <FormActions onCancel={onClose} busy={busy} label={label} />
      </form>
    </Card>
  );
}
