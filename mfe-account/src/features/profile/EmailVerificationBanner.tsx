/**
 * E-mail verification on /profile (issue 20, point 3): the address counts as the user's only once the
 * e-mailed link is opened. The link is `/profile?verifyEmail=<token>`; {@link useEmailLink} posts the token
 * to `POST /api/auth/email/verify` (so a mail scanner that merely fetches the link verifies nothing),
 * toasts the answer and reloads the profile. The banner shows until the address is verified; "Send the
 * link again" calls `POST /api/auth/email/verification`.
 */
import { Button, loadProfile, TOAST_AUTO_CLOSE_MS, toast, useAuthStore } from '@marketplace/ui';
import { useEffect, useState } from 'react';
import { requestEmailVerification, verifyEmail } from '../../api/profile';

/** Posts the `verifyEmail` token of the page's address once, then drops it from the address bar. */
export function useEmailLink(): void {
  useEffect(() => {
    const url = new URL(globalThis.location.href);
    const token = url.searchParams.get('verifyEmail');
    if (!token) return;
    url.searchParams.delete('verifyEmail');
    globalThis.history.replaceState(globalThis.history.state, '', url.pathname + url.search + url.hash);
    verifyEmail(token)
      .then((message) => {
        toast.success(message, { duration: TOAST_AUTO_CLOSE_MS });
        return loadProfile();
      })
      .catch(() => {
        // The API client has shown the server's message.
      });
  }, []);
}

/** Banner for an unverified address (nothing when it is verified or nobody is signed in). */
export function EmailVerificationBanner() {
  const user = useAuthStore((s) => s.user);
  const [busy, setBusy] = useState(false);
  if (user?.emailVerified !== false) return null;
  const resend = async () => {
    setBusy(true);
    try {
      toast.success(await requestEmailVerification(), { duration: TOAST_AUTO_CLOSE_MS });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="status"
      className="acc:mb-6 acc:flex acc:flex-wrap acc:items-center acc:justify-between acc:gap-3 acc:rounded-2xl acc:border acc:border-amber-300 acc:bg-amber-50 acc:p-4 acc:text-sm acc:text-amber-900 acc:dark:border-amber-700 acc:dark:bg-amber-950 acc:dark:text-amber-100"
    >
      <p>
        Please verify your e-mail address <strong>{user.email}</strong>: open the link we sent you. Until then
        a Google or Facebook sign-in with this address is not linked to your account.
      </p>
      <Button variant="secondary" onClick={resend} disabled={busy}>
        Send the link again
      </Button>
    </div>
  );
}
