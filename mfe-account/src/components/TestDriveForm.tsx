/**
 * The date-and-time dialog behind 'Book a Test Drive' and 'Update Book a Test Drive' (spec §2, §5: both
 * fields required). Only open slots are offered: the time list comes from `GET /api/testDrive/slots` for
 * the chosen date (plus the booking's own slot when editing it on its own date).
 */
import {
  Button,
  DateInput,
  SelectField,
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_OPENING_TIME,
  todayInIndia,
} from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { type FormEvent, useEffect, useState } from 'react';
import { openSlots } from '../api/test-drives';
import { formatTime12h, lastBookableDate } from '../lib/test-drive-format';

/** Props of {@link TestDriveForm}. */
export interface TestDriveFormProps {
  open: boolean;
  title: string;
  carId: string;
  /** The booking being edited: its date and time are preselected and its slot stays selectable. */
  initial?: { date: string; time: string };
  onClose(): void;
  /** Saves the choice; resolves when done (the dialog closes), rejects to keep it open. */
  onSubmit(date: string, time: string): Promise<void>;
}

type Slots = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; times: string[] };

/** A modal with Appointment Date, Appointment Time (open slots), Cancel and Submit. */
export function TestDriveForm({ open, title, carId, initial, onClose, onSubmit }: TestDriveFormProps) {
  const [date, setDate] = useState(initial?.date ?? '');
  const [time, setTime] = useState(initial?.time ?? '');
  const [slots, setSlots] = useState<Slots>({ state: 'idle' });
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({});
  const [busy, setBusy] = useState(false);
  const initialDate = initial?.date;
  const initialTime = initial?.time;

  useEffect(() => {
    if (!date) {
      setSlots({ state: 'idle' });
      return;
    }
    let live = true;
    setSlots({ state: 'loading' });
    openSlots(carId, date)
      .then((times) => {
        if (!live) return;
        const own = initialDate === date && initialTime && !times.includes(initialTime);
        const all = own ? [...times, initialTime].sort() : times;
        setSlots({ state: 'ready', times: all });
        setTime((current) => (all.includes(current) ? current : ''));
      })
      .catch(() => {
        if (live) setSlots({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [carId, date, initialDate, initialTime]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!date) next.date = 'Please choose a date.';
    if (!time) next.time = 'Please choose a time.';
    setErrors(next);
    if (next.date || next.time) return;
    setBusy(true);
    try {
      await onSubmit(date, time);
    } catch {
      // The API client has shown the server's message; the dialog stays open to pick another slot.
    } finally {
      setBusy(false);
    }
  }

  const times = slots.state === 'ready' ? slots.times : [];
  const placeholder =
    slots.state === 'idle'
      ? 'Choose a date first'
      : slots.state === 'loading'
        ? 'Loading open slots…'
        : slots.state === 'failed'
          ? 'Could not load the open slots'
          : times.length === 0
            ? 'No open slots on this day'
            : 'Choose a time';

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="acc:space-y-4">
        <DateInput
          label="Appointment Date"
          name="appointmentDate"
          required
          min={todayInIndia()}
          max={lastBookableDate()}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setErrors((x) => ({ ...x, date: undefined }));
          }}
          error={errors.date}
        />
        <SelectField
          label="Appointment Time"
          name="appointmentTime"
          required
          disabled={times.length === 0}
          placeholder={placeholder}
          options={times.map((t) => ({ value: t, label: formatTime12h(t) }))}
          value={time}
          onChange={(e) => {
            setTime(e.target.value);
            setErrors((x) => ({ ...x, time: undefined }));
          }}
          error={errors.time}
          hint={`Test drives run every 30 minutes from ${formatTime12h(TEST_DRIVE_OPENING_TIME)} to ${formatTime12h(TEST_DRIVE_CLOSING_TIME)}, India time.`}
        />
        <div className="acc:flex acc:justify-end acc:gap-3 acc:pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Submit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
