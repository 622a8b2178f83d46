/**
 * The login, sign-up and mobile-verification dialogs (spec §2, §4, §5, §8) — one Headless UI dialog whose
 * content switches between the three, so there is only ever one modal and one focus trap. Exposed as
 * `account/LoginDialog`; the shell mounts it while the login-dialog store is open.
 */
import {
  Button,
  INDIAN_MOBILE_PATTERN,
  type LoginDialogProps,
  login,
  OTP_LENGTH,
  TextField,
  TOAST_AUTO_CLOSE_MS,
  toast,
  USERNAME_PATTERN,
  useAuthStore,
} from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { register as registerUser, resendOtp, verifyOtp } from '../../api/auth';
import {
  emailRules,
  matchesRules,
  NEW_PASSWORD_HINT,
  nameRules,
  newPasswordRules,
} from '../../lib/form-rules';
import { OtpBoxes } from './OtpBoxes';
import { SocialButtons } from './SocialButtons';

type Mode = 'login' | 'signup' | 'otp';

const titles: Record<Mode, string> = {
  login: 'Log in to CarBazaar',
  signup: 'Create your CarBazaar account',
  otp: 'Verify your mobile number',
};

/** The sign-in dialog with its sign-up and verification steps. */
export function AuthDialog({ open, onClose }: LoginDialogProps) {
  const [mode, setMode] = useState<Mode>('login');
  return (
    <Dialog open={open} onClose={onClose} title={titles[mode]}>
      {mode === 'login' ? <LoginForm onDone={onClose} onSignup={() => setMode('signup')} /> : null}
      {mode === 'signup' ? (
        <SignupForm onRegistered={() => setMode('otp')} onLogin={() => setMode('login')} onDone={onClose} />
      ) : null}
      {mode === 'otp' ? <OtpForm onDone={onClose} onBack={() => setMode('signup')} /> : null}
    </Dialog>
  );
}

function Switch({ question, action, onClick }: { question: string; action: string; onClick(): void }) {
  return (
    <p className="acc:pt-2 acc:text-center acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
      {question}{' '}
      <button
        type="button"
        onClick={onClick}
        className="acc:font-semibold acc:text-brand-600 acc:underline-offset-2 acc:hover:underline acc:dark:text-brand-200"
      >
        {action}
      </button>
    </p>
  );
}

interface LoginValues {
  email: string;
  password: string;
}

function LoginForm({ onDone, onSignup }: { onDone(): void; onSignup(): void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const submit = handleSubmit(async (values) => {
    try {
      await login({ email: values.email.trim(), password: values.password });
      toast.success('User login successfully.', { duration: TOAST_AUTO_CLOSE_MS });
      onDone();
    } catch {
      // The API client has shown the server's message (e.g. a wrong password).
    }
  });
  return (
    <form onSubmit={submit} noValidate className="acc:space-y-4">
      <SocialButtons onDone={onDone} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email', emailRules)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', {
          required: 'Please enter your password.',
          maxLength: { value: 128, message: 'The password can be at most 128 characters.' },
        })}
      />
      <Button type="submit" disabled={isSubmitting} className="acc:w-full">
        Log In
      </Button>
      <Switch question="New to CarBazaar?" action="Create an account" onClick={onSignup} />
    </form>
  );
}

interface SignupValues {
  name: string;
  username: string;
  email: string;
  phone_number: string;
  password: string;
  confirm_password: string;
}

function SignupForm({
  onRegistered,
  onLogin,
  onDone,
}: {
  onRegistered(): void;
  onLogin(): void;
  onDone(): void;
}) {
  const setSignup = useAuthStore((s) => s.setSignup);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({
    defaultValues: {
      name: '',
      username: '',
      email: '',
      phone_number: '',
      password: '',
      confirm_password: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const pending = await registerUser({
        ...values,
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        phone_number: values.phone_number.trim(),
      });
      setSignup({ phone_number: pending.phone_number, email: pending.email });
      toast.success(pending.message, { duration: TOAST_AUTO_CLOSE_MS });
      onRegistered();
    } catch {
      // The API client has shown the server's message (e.g. e-mail already registered).
    }
  });
  return (
    <form onSubmit={submit} noValidate className="acc:space-y-3">
      <SocialButtons onDone={onDone} />
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name', nameRules)}
      />
      <TextField
        label="Username"
        autoComplete="username"
        hint="3–30 characters: a–z, 0–9, _ and ."
        error={errors.username?.message}
        {...register('username', {
          validate: (v) =>
            USERNAME_PATTERN.test(v.trim()) || 'Use 3–30 characters: lower-case letters, digits, _ and .',
        })}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email', emailRules)}
      />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="10-digit Indian mobile number; we send a code to it"
        error={errors.phone_number?.message}
        {...register('phone_number', {
          validate: (v) =>
            INDIAN_MOBILE_PATTERN.test(v.trim()) || 'Enter a 10-digit Indian mobile number (optionally +91).',
        })}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.password?.message}
        {...register('password', newPasswordRules)}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password', matchesRules<SignupValues>('password'))}
      />
      <Button type="submit" disabled={isSubmitting} className="acc:w-full">
        Sign Up
      </Button>
      <Switch question="Already have an account?" action="Back to login" onClick={onLogin} />
    </form>
  );
}

function OtpForm({ onDone, onBack }: { onDone(): void; onBack(): void }) {
  const signup = useAuthStore((s) => s.signup);
  const setSignup = useAuthStore((s) => s.setSignup);
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length: OTP_LENGTH }, () => ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!signup) {
    return (
      <div className="acc:space-y-4">
        <p className="acc:text-sm">Your sign-up has expired. Please sign up again.</p>
        <Button onClick={onBack}>Back to sign-up</Button>
      </div>
    );
  }
  const pending = signup;
  const complete = digits.every((d) => /^\d$/.test(d));

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (!complete) {
      setError(`Please enter all ${OTP_LENGTH} digits of the code.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyOtp(pending.phone_number, digits.join(''));
      setSignup(null);
      toast.success('Welcome! Your registration was successful!', { duration: TOAST_AUTO_CLOSE_MS });
      onDone();
    } catch {
      // The API client has shown the server's message (wrong or expired code).
      setError('That code did not work. Check it or ask for a new one.');
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    try {
      const message = await resendOtp(pending.email, pending.phone_number);
      toast.success(message, { duration: TOAST_AUTO_CLOSE_MS });
      setDigits(Array.from({ length: OTP_LENGTH }, () => ''));
    } catch {
      // The API client has shown the server's message (e.g. asked again too soon).
    }
  }

  return (
    <form onSubmit={verify} noValidate className="acc:space-y-5">
      <p className="acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
        Enter the {OTP_LENGTH}-digit code we sent by SMS to your mobile number ending in{' '}
        <strong className="acc:font-semibold acc:text-slate-900 acc:dark:text-white">
          {pending.phone_number.slice(-4)}
        </strong>
        .
      </p>
      <OtpBoxes value={digits} onChange={setDigits} invalid={Boolean(error)} />
      {error ? (
        <p role="alert" className="acc:text-center acc:text-sm acc:text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="acc:w-full">
        Verify Account
      </Button>
      <Switch question="Didn't get the code?" action="Resend" onClick={() => void resend()} />
    </form>
  );
}
