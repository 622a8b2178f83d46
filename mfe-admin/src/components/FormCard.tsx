/** The frame of an admin add/edit form that replaces its list (spec §2), and its buttons. */
import { Button } from '@marketplace/ui';
import type { FormEvent, ReactNode } from 'react';
import { Card } from './Card';
import { FormHeader } from './FormHeader';

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
