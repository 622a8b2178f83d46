/**
 * /pages/settings (the user menu's Settings, spec §2): colour theme, and when signed in the password
 * change and "Sign out everywhere" (issue 20: ends every session of the user, on every device).
 */
import {
  Button,
  type ColorMode,
  cn,
  logoutEverywhere,
  TOAST_AUTO_CLOSE_MS,
  toast,
  useAuthStore,
  useColorModeStore,
} from '@marketplace/ui';
import { useState } from 'react';
import { PasswordForm } from '../../components/PasswordForm';

const modes: Array<{ value: ColorMode; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** "Sign out everywhere": one click ends every session; the server's message is toasted. */
function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      toast.success(await logoutEverywhere(), { duration: TOAST_AUTO_CLOSE_MS });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="acc:mt-6 acc:rounded-2xl acc:border acc:border-slate-200 acc:p-5 acc:dark:border-slate-700">
      <h2 className="acc:mb-1 acc:font-semibold">Sessions</h2>
      <p className="acc:mb-3 acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
        Signed in on a device you no longer use? Sign out on every device, this one included.
      </p>
      <Button variant="secondary" onClick={run} disabled={busy}>
        Sign out everywhere
      </Button>
    </section>
  );
}

/** Settings: theme, password, sign out everywhere. */
export function SettingsScreen() {
  const colorMode = useColorModeStore((s) => s.colorMode);
  const setColorMode = useColorModeStore((s) => s.setColorMode);
  const signedIn = useAuthStore((s) => s.user !== null);
  return (
    <section className="acc:mx-auto acc:max-w-3xl acc:px-4 acc:py-10">
      <h1 className="acc:text-2xl acc:font-bold">Settings</h1>
      <fieldset className="acc:mt-6 acc:rounded-2xl acc:border acc:border-slate-200 acc:p-5 acc:dark:border-slate-700">
        <legend className="acc:px-1 acc:font-semibold">Theme</legend>
        <div className="acc:flex acc:gap-3">
          {modes.map((m) => (
            <label
              key={m.value}
              className={cn(
                'acc:flex acc:cursor-pointer acc:items-center acc:gap-2 acc:rounded-lg acc:border acc:px-4 acc:py-2 acc:text-sm',
                colorMode === m.value
                  ? 'acc:border-brand-600 acc:font-semibold'
                  : 'acc:border-slate-300 acc:dark:border-slate-600',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={m.value}
                checked={colorMode === m.value}
                onChange={() => setColorMode(m.value)}
              />
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>
      <section className="acc:mt-6 acc:rounded-2xl acc:border acc:border-slate-200 acc:p-5 acc:dark:border-slate-700">
        <h2 className="acc:mb-3 acc:font-semibold">Password</h2>
        {signedIn ? (
          <PasswordForm />
        ) : (
          <p className="acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
            Sign in to change your password.
          </p>
        )}
      </section>
      {signedIn && <SignOutEverywhere />}
    </section>
  );
}
