/**
 * Edit Profile (spec §2 "Profile", made real by issue 10): the name, the profile photo (uploaded through
 * the storage flow, then `PATCH /api/auth/profile` with its key; or removed, back to the default avatar)
 * and, in its own form, the password. The e-mail is shown but cannot be changed (it is the sign-in
 * identity). Saved changes show at once in the header and on /profile, and survive a reload.
 */
import {
  Button,
  isUploadableImage,
  TextField,
  TOAST_AUTO_CLOSE_MS,
  toast,
  UPLOAD_CONTENT_TYPES,
  uploadImage,
  useAuthStore,
} from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ProfileChange, updateProfile } from '../../api/profile';
import { PasswordForm } from '../../components/PasswordForm';
import { nameRules } from '../../lib/form-rules';

/** Props of {@link EditProfileDialog}. */
export interface EditProfileDialogProps {
  onClose(): void;
}

interface ProfileValues {
  name: string;
}

/** The Edit Profile modal. */
export function EditProfileDialog({ onClose }: EditProfileDialogProps) {
  const user = useAuthStore((s) => s.user);
  const photoId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ defaultValues: { name: user?.name ?? '' } });

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  if (!user) return null;

  const choosePhoto = (file: File | undefined) => {
    setPhotoError(undefined);
    if (!file) return setPhoto(null);
    if (!isUploadableImage(file)) {
      setPhoto(null);
      setPhotoError('Choose a JPEG, PNG or WebP image up to 10 MB.');
      return;
    }
    setRemovePhoto(false);
    setPhoto(file);
  };

  const save = handleSubmit(async (values) => {
    const body: ProfileChange = {};
    const name = values.name.trim();
    if (name !== user.name) body.name = name;
    if (photo) {
      const uploaded = await uploadImage('cars', photo, { what: 'photo' });
      if (!uploaded.success) {
        setPhotoError(uploaded.message);
        toast.error(uploaded.message, { duration: TOAST_AUTO_CLOSE_MS });
        return;
      }
      body.profileKey = uploaded.key;
    } else if (removePhoto) {
      body.removeProfile = true;
    }
    if (Object.keys(body).length === 0) {
      toast.info('Nothing to save: your profile is unchanged.', { duration: TOAST_AUTO_CLOSE_MS });
      return;
    }
    try {
      const { message } = await updateProfile(body);
      toast.success(message, { duration: TOAST_AUTO_CLOSE_MS });
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  });

  return (
    <Dialog open onClose={onClose} title="Edit Profile">
      <form onSubmit={save} noValidate className="acc:space-y-4" aria-label="Profile details">
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name', nameRules)}
        />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          hint="Your e-mail address signs you in and cannot be changed here."
        />
        <div className="acc:flex acc:items-center acc:gap-4">
          <img
            src={preview ?? (removePhoto ? '/api/auth/avatar/default.svg' : user.profile)}
            alt="Your avatar as others will see it"
            className="acc:size-16 acc:rounded-full acc:bg-slate-200 acc:object-cover"
          />
          <div className="acc:flex-1 acc:space-y-2">
            <label htmlFor={photoId} className="acc:block acc:text-sm acc:font-medium">
              Profile photo
            </label>
            <input
              id={photoId}
              type="file"
              accept={UPLOAD_CONTENT_TYPES.join(',')}
              aria-describedby={photoError ? `${photoId}-error` : undefined}
              onChange={(e) => choosePhoto(e.target.files?.[0])}
              className="acc:block acc:w-full acc:text-sm acc:file:mr-3 acc:file:rounded-lg acc:file:border-0 acc:file:bg-slate-100 acc:file:px-3 acc:file:py-2 acc:dark:file:bg-slate-800"
            />
            <label className="acc:flex acc:items-center acc:gap-2 acc:text-sm">
              <input
                type="checkbox"
                checked={removePhoto}
                onChange={(e) => {
                  setRemovePhoto(e.target.checked);
                  if (e.target.checked) setPhoto(null);
                }}
              />
              Remove my photo (use the default avatar)
            </label>
            {photoError ? (
              <p
                id={`${photoId}-error`}
                role="alert"
                className="acc:text-sm acc:text-red-700 acc:dark:text-red-300"
              >
                {photoError}
              </p>
            ) : null}
          </div>
        </div>
        <div className="acc:flex acc:justify-end acc:gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </form>
      <section className="acc:mt-6 acc:border-t acc:border-slate-200 acc:pt-4 acc:dark:border-slate-700">
        <h3 className="acc:mb-3 acc:font-semibold">Password</h3>
        <PasswordForm />
      </section>
    </Dialog>
  );
}
