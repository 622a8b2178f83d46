/** The shared delete confirmation (spec §2 "Delete confirmation"): Back and Delete; the backdrop closes it. */
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onClose(): void;
  onConfirm(): void;
  /** Disables Delete while the deletion runs. */
  busy?: boolean;
}

/** 'Are you sure delete?' with the permanent-deletion warning. */
export function ConfirmDialog({ open, onClose, onConfirm, busy }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Are you sure delete?">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        If you continue, this record will be permanently deleted. This cannot be undone.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
