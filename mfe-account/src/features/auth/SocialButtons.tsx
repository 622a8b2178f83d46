/**
 * The Google and Facebook sign-in buttons of the login and sign-up dialogs (spec §2), each shown only when
 * the provider is configured (`GET /api/auth/providers`). Google's button is the one its SDK renders (its
 * branding rules); Facebook's opens the SDK's login dialog. A successful sign-in closes the dialog with
 * 'User login successfully.'; a refused token shows the server's message (API client toast).
 */
import { Button, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { useEffect, useRef, useState } from 'react';
import { facebookLogin, fetchSocialProviders, googleLogin, type SocialProviders } from '../../api/auth';
import { loadFacebook, loadGoogle, userLocale } from './social';

function signedIn(onDone: () => void): void {
  toast.success('User login successfully.', { duration: TOAST_AUTO_CLOSE_MS });
  onDone();
}

function GoogleButton({ clientId, onDone }: { clientId: string; onDone(): void }) {
  const slot = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let live = true;
    loadGoogle()
      .then((google) => {
        if (!live || !slot.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            googleLogin(credential).then(
              () => signedIn(done.current),
              () => undefined, // The API client has shown the server's message.
            );
          },
        });
        google.accounts.id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          width: slot.current.clientWidth || 320,
          locale: userLocale(),
        });
      })
      .catch((error: unknown) => {
        console.error('Google sign-in unavailable', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [clientId]);
  if (failed) return <p className="acc:text-center acc:text-sm">Google sign-in is unavailable right now.</p>;
  return <div ref={slot} className="acc:flex acc:min-h-10 acc:w-full acc:justify-center" />;
}

function FacebookButton({ appId, onDone }: { appId: string; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      const fb = await loadFacebook(appId);
      const token = await new Promise<string | null>((resolve) =>
        fb.login((r) => resolve(r.authResponse?.accessToken ?? null), { scope: 'email' }),
      );
      if (!token) return; // The user closed Facebook's dialog.
      await facebookLogin(token);
      signedIn(onDone);
    } catch (error) {
      console.error('Facebook sign-in failed', error);
      if (!(error instanceof Error && error.name === 'ApiError'))
        toast.error('Facebook sign-in is unavailable right now.', { duration: TOAST_AUTO_CLOSE_MS });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" className="acc:w-full" disabled={busy} onClick={() => void signIn()}>
      Continue with Facebook
    </Button>
  );
}

/** The configured providers' buttons and an "or" divider; nothing while unknown or when none is configured. */
export function SocialButtons({ onDone }: { onDone(): void }) {
  const [providers, setProviders] = useState<SocialProviders | null>(null);
  useEffect(() => {
    let live = true;
    void fetchSocialProviders().then((p) => live && setProviders(p));
    return () => {
      live = false;
    };
  }, []);
  if (!providers || (!providers.google && !providers.facebook)) return null;
  return (
    <div className="acc:space-y-3">
      {providers.google ? <GoogleButton clientId={providers.google.clientId} onDone={onDone} /> : null}
      {providers.facebook ? <FacebookButton appId={providers.facebook.appId} onDone={onDone} /> : null}
      <p className="acc:flex acc:items-center acc:gap-3 acc:text-xs acc:uppercase acc:text-slate-600 acc:dark:text-slate-300">
        <span className="acc:h-px acc:flex-1 acc:bg-slate-200 acc:dark:bg-slate-700" />
        or
        <span className="acc:h-px acc:flex-1 acc:bg-slate-200 acc:dark:bg-slate-700" />
      </p>
    </div>
  );
}
