/**
 * "Save this search" (issue 24): a dialog with the search's name (prefilled from the filters), the alert
 * channels (e-mail, SMS) and the frequency (at once, or a daily digest at 9 AM India time); it posts
 * `createSavedSearch` with the listing's query string. The server's refusals are toasted by the API client.
 * Loaded lazily: the listing downloads it on the first click.
 */
import {
  ALERT_DIGEST_TIME,
  Button,
  SAVED_SEARCH_NAME_MAX,
  TextField,
  TOAST_AUTO_CLOSE_MS,
  toast,
} from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { useForm } from 'react-hook-form';
import { createSavedSearch, type SavedSearchBody } from '../../api/saved-searches';

/** Props of {@link SaveSearchDialog}. */
export interface SaveSearchDialogProps {
  /** The listing's query string of the filters (no sort, no page). */
  query: string;
  /** The name offered. */
  suggestedName: string;
  onClose(): void;
}

interface Values {
  name: string;
  email: boolean;
  sms: boolean;
  frequency: SavedSearchBody['frequency'];
}

const digestTime = (() => {
  const [h = 9, m = 0] = ALERT_DIGEST_TIME.split(':').map(Number);
  return `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
})();

const choice =
  'cat:flex cat:min-h-11 cat:cursor-pointer cat:items-center cat:gap-3 cat:rounded-lg cat:border cat:border-slate-200 cat:px-3 cat:text-sm cat:has-checked:border-brand-600 cat:has-checked:bg-brand-50 cat:dark:border-slate-700 cat:dark:has-checked:bg-slate-800';

/** The save-search dialog, open while mounted. */
export default function SaveSearchDialog({ query, suggestedName, onClose }: SaveSearchDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { name: suggestedName, email: true, sms: false, frequency: 'instant' },
  });

  const save = handleSubmit(async (values) => {
    const channels: SavedSearchBody['channels'] = [];
    if (values.email) channels.push('email');
    if (values.sms) channels.push('sms');
    if (!channels.length) {
      setError('email', { message: 'Choose at least one way to be told.' });
      return;
    }
    try {
      const { message } = await createSavedSearch({
        name: values.name.trim(),
        query,
        channels,
        frequency: values.frequency,
      });
      toast.success(message || 'Search saved', { duration: TOAST_AUTO_CLOSE_MS });
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  });

  return (
    <Dialog open onClose={onClose} title="Save this search">
      <form onSubmit={save} noValidate aria-label="Save this search" className="cat:space-y-5">
        <TextField
          label="Name"
          maxLength={SAVED_SEARCH_NAME_MAX}
          error={errors.name?.message}
          {...register('name', {
            validate: (v) => v.trim().length > 0 || 'Give the search a name.',
          })}
        />
        <fieldset aria-describedby={errors.email ? 'save-search-channels-error' : undefined}>
          <legend className="cat:text-sm cat:font-medium">Tell me by</legend>
          <div className="cat:mt-2 cat:grid cat:gap-2 cat:sm:grid-cols-2">
            <label className={choice}>
              <input type="checkbox" className="cat:size-4 cat:accent-brand-600" {...register('email')} />
              E-mail
            </label>
            <label className={choice}>
              <input type="checkbox" className="cat:size-4 cat:accent-brand-600" {...register('sms')} />
              SMS
            </label>
          </div>
          {errors.email ? (
            <p id="save-search-channels-error" role="alert" className="cat:mt-1 cat:text-xs cat:text-red-600">
              {errors.email.message}
            </p>
          ) : null}
        </fieldset>
        <fieldset>
          <legend className="cat:text-sm cat:font-medium">How often</legend>
          <div className="cat:mt-2 cat:grid cat:gap-2">
            <label className={choice}>
              <input
                type="radio"
                value="instant"
                className="cat:size-4 cat:accent-brand-600"
                {...register('frequency')}
              />
              As soon as a matching car is listed
            </label>
            <label className={choice}>
              <input
                type="radio"
                value="daily"
                className="cat:size-4 cat:accent-brand-600"
                {...register('frequency')}
              />
              Daily digest at {digestTime}
            </label>
          </div>
        </fieldset>
        <div className="cat:flex cat:justify-end cat:gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            Save search
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
