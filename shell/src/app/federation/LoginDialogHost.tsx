/**
 * Mounts mfe-account's login dialog while the login-dialog store says open (header's Log In button, or a
 * screen asking for a sign-in). The remote is loaded on first use only.
 */
import { useLoginDialogStore } from '@marketplace/ui';
import { RemoteSlot } from './RemoteSlot';

/** The login dialog slot. */
export function LoginDialogHost() {
  const open = useLoginDialogStore((s) => s.open);
  const hide = useLoginDialogStore((s) => s.hide);
  if (!open) return null;
  return (
    <div className="fixed inset-x-0 top-20 z-50 mx-auto w-full max-w-md px-4">
      <RemoteSlot
        id="account/LoginDialog"
        label="the sign-in dialog"
        variant="inline"
        props={{ open, onClose: hide }}
      />
    </div>
  );
}
