/**
 * Edit Profile (spec §2 "Profile": Name, Email, Password, Profile file). The auth service has no endpoint to
 * change a profile or a password yet (only `GET /api/auth/profile`), so the dialog shows the current values
 * and says that saving is not available, instead of pretending to save. Issue 10 remains open for it.
 */
import { Button, TextField, useAuthStore } from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';

/** Props of {@link EditProfileDialog}. */
export interface EditProfileDialogProps {
  onClose(): void;
}

/** The Edit Profile modal. */
export function EditProfileDialog({ onClose }: EditProfileDialogProps) {
  const user = useAuthStore((s) => s.user);
  return (
    <Dialog open onClose={onClose} title="Edit Profile">
      <form onSubmit={(e) => e.preventDefault()} className="acc:space-y-4">
        <p
          role="note"
          className="acc:rounded-lg acc:bg-amber-50 acc:p-3 acc:text-sm acc:text-amber-900 acc:dark:bg-amber-950 acc:dark:text-amber-100"
        >
          Changing your name, photo or password is coming soon. Your current details are shown below.
        </p>
        <TextField label="Name" name="name" defaultValue={user?.name ?? ''} readOnly />
        <TextField label="Email" name="email" type="email" defaultValue={user?.email ?? ''} readOnly />
        <div className="acc:flex acc:justify-end acc:gap-3 acc:pt-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
