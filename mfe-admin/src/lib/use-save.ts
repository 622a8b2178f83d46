/** The submit of the admin add/edit forms. */
import { type FormEvent, useState } from 'react';
import { notifySuccess } from './notify';

/**
 * The submit of an add/edit form: runs `save` (busy meanwhile), shows the message it resolves with as the
 * success toast (spec §8) and calls `onSaved`. `save` resolves with null when it reported a failure
 * itself; a rejected call was already toasted by the API client with the server's message.
 */
export function useSave(save: () => Promise<string | null>, onSaved: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const message = await save();
      if (message === null) return;
      notifySuccess(message);
      onSaved();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit: (e: FormEvent) => void submit(e) };
}
