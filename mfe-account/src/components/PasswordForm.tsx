/**
 * Password change (issue 10): current password, new password (sign-up's rule), confirmation. Used in the
 * Edit Profile dialog and on /pages/settings. Shows the server's message on success (toast) and on
 * refusal (the API client's toast, e.g. 'currentPassword is incorrect').
 */
import { Button, TextField, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { useForm } from 'react-hook-form';
import { changePassword } from '../api/profile';
import { matchesRules, NEW_PASSWORD_HINT, newPasswordRules } from '../lib/form-rules';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The password change form; `onDone` runs after a successful change. */
export function PasswordForm({ onDone }: { onDone?(): void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const message = await changePassword(values);
      toast.success(message, { duration: TOAST_AUTO_CLOSE_MS });
      reset();
      onDone?.();
    } catch {
      // The API client has shown the server's message.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="acc:space-y-3" aria-label="Change password">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword', { required: 'Please enter your current password.' })}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register('newPassword', {
          ...newPasswordRules,
          validate: {
            ...newPasswordRules.validate,
            changed: (v, all) =>
              v !== all.currentPassword || 'Choose a password different from the current one.',
          },
        })}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', matchesRules<PasswordValues>('newPassword'))}
      />
      <div className="acc:flex acc:justify-end">
        <Button type="submit" disabled={isSubmitting}>
          Change password
        </Button>
      </div>
    </form>
  );
}
