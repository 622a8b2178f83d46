/** The delete confirmation of the admin lists. */
import { ConfirmDialog } from '@marketplace/ui/overlays';
import { useState } from 'react';
import { notifySuccess } from './notify';

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
