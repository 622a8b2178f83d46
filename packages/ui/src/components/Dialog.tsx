/**
 * Accessible modal dialog (Headless UI: focus trap, Escape, scroll lock, labelled by its title); a
 * click on the backdrop closes it.
 */
import { DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  /** Width class of the panel (default `max-w-md`). */
  size?: string;
}

/** A centred modal with a title. */
export function Dialog({ open, onClose, title, children, size = 'max-w-md' }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" data-testid="dialog-backdrop" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={cn(
            'w-full rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900 dark:text-slate-100',
            size,
          )}
        >
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
