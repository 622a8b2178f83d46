/**
 * Sign-in with e-mail and password — a first working dialog until the login, sign-up and verification
 * dialogs of issue #10 land. Calls `POST /api/auth/login` through the shared client (errors toast the
 * server's message); on success it says so (spec §8) and closes.
 */
import { Button, type LoginDialogProps, login, TextField, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { type FormEvent, useState } from 'react';

/** The sign-in dialog. */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
      toast.success('User login successfully.', { duration: TOAST_AUTO_CLOSE_MS });
      onClose();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} title="Log in to CarBazaar">
      <form onSubmit={submit} className="acc:space-y-4">
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="acc:flex acc:justify-end acc:gap-3 acc:pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Log In
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
