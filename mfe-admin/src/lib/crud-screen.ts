/**
 * The list-and-form state of the admin screens (States, RTO, Brand, Model, Variant, Users):
 * {@link useCrudScreen} loads, searches, pages and deletes a list and tracks which record is being added
 * or edited; `ListScreen` (components) draws it.
 */
import { type ReactNode, useState } from 'react';
import { useConfirmDelete } from './use-confirm-delete';
import { useList } from './use-list';
import { usePaged } from './use-paged';

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
