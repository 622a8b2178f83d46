/**
 * /appointment (spec §2 "Appointment page"): the signed-in user's test drives — ID (row number), CarName
 * (brand and model linking to the car), Date (long format), Time (12-hour), Status, Options (edit, delete;
 * disabled for Confirmed and Completed, spec §4). Edit opens 'Update Book a Test Drive'; delete asks the
 * shared confirmation first. Signed out, it asks the visitor to sign in.
 */
import type { TestDrive } from '@marketplace/contracts';
import {
  Button,
  cn,
  Spinner,
  TOAST_AUTO_CLOSE_MS,
  toast,
  useAuthStore,
  useLoginDialogStore,
  useTestDriveStore,
} from '@marketplace/ui';
import { ConfirmDialog } from '@marketplace/ui/overlays';
import { Link } from '@marketplace/ui/router';
import { useCallback, useEffect, useState } from 'react';
import { deleteTestDrive, listTestDrives, updateTestDrive } from '../../api/test-drives';
import { TestDriveForm } from '../../components/TestDriveForm';
import { formatLongDate, formatTime12h } from '../../lib/test-drive-format';

const LOCKED = new Set(['Confirmed', 'Completed']);

const statusStyle: Record<string, string> = {
  Pending: 'acc:bg-amber-100 acc:text-amber-900',
  Confirmed: 'acc:bg-emerald-100 acc:text-emerald-900',
  Completed: 'acc:bg-sky-100 acc:text-sky-900',
  Cancelled: 'acc:bg-slate-200 acc:text-slate-800',
};

/** The user's test-drive appointments. */
export function AppointmentsScreen() {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  if (!ready) return <Spinner label="Loading" />;
  if (!user) return <SignedOut />;
  return <Appointments />;
}

function SignedOut() {
  const show = useLoginDialogStore((s) => s.show);
  return (
    <section className="acc:mx-auto acc:max-w-3xl acc:px-4 acc:py-16 acc:text-center">
      <h1 className="acc:text-2xl acc:font-bold">Your test drives</h1>
      <p className="acc:mt-3 acc:text-slate-600 acc:dark:text-slate-300">
        Sign in to see, move or cancel your test-drive appointments.
      </p>
      <Button className="acc:mt-6" onClick={show}>
        Sign in
      </Button>
    </section>
  );
}

function Appointments() {
  const drives = useTestDriveStore((s) => s.testDrives);
  const setDrives = useTestDriveStore((s) => s.setTestDrives);
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState<TestDrive | null>(null);
  const [deleting, setDeleting] = useState<TestDrive | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setDrives(await listTestDrives());
    } catch {
      // Toasted by the API client.
    } finally {
      setLoaded(true);
    }
  }, [setDrives]);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteTestDrive(deleting._id);
      toast.success('Test drive deleted successfully', { duration: TOAST_AUTO_CLOSE_MS });
      setDrives(drives.filter((d) => d._id !== deleting._id));
      setDeleting(null);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="acc:mx-auto acc:max-w-5xl acc:px-4 acc:py-10">
      <h1 className="acc:text-2xl acc:font-bold">Appointment</h1>
      <p className="acc:mt-1 acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
        Your test-drive bookings. Confirmed and completed ones can no longer be changed.
      </p>
      <div className="acc:mt-6 acc:overflow-x-auto acc:rounded-xl acc:border acc:border-slate-200 acc:dark:border-slate-700">
        <table className="acc:min-w-full acc:divide-y acc:divide-slate-200 acc:text-sm acc:dark:divide-slate-700">
          <caption className="acc:sr-only">Your test-drive appointments</caption>
          <thead className="acc:bg-slate-50 acc:dark:bg-slate-800">
            <tr>
              {['ID', 'CarName', 'Date', 'Time', 'Status', 'Options'].map((h) => (
                <th key={h} scope="col" className="acc:px-4 acc:py-3 acc:text-left acc:font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="acc:divide-y acc:divide-slate-100 acc:bg-white acc:dark:divide-slate-800 acc:dark:bg-slate-900">
            {!loaded ? (
              <tr>
                <td colSpan={6} className="acc:px-4 acc:py-6 acc:text-center">
                  <Spinner label="Loading your test drives" />
                </td>
              </tr>
            ) : drives.length === 0 ? (
              <tr>
                <td
                  colSpan={6}
                  className="acc:px-4 acc:py-8 acc:text-center acc:text-slate-600 acc:dark:text-slate-300"
                >
                  No test drives yet.{' '}
                  <Link
                    to="/buy-a-car"
                    className="acc:font-semibold acc:text-brand-600 acc:underline acc:dark:text-brand-200"
                  >
                    Find a car to drive
                  </Link>
                </td>
              </tr>
            ) : (
              drives.map((d, i) => {
                const locked = LOCKED.has(d.status);
                const car = `${d.car.brand.name} ${d.car.model.name}`;
                const why = locked ? `${d.status} bookings cannot be changed` : undefined;
                return (
                  <tr key={d._id}>
                    <td className="acc:px-4 acc:py-3">{i + 1}</td>
                    <td className="acc:px-4 acc:py-3">
                      <Link
                        to={`/car-details/${d.car._id}`}
                        className="acc:font-medium acc:text-brand-600 acc:hover:underline acc:dark:text-brand-200"
                      >
                        {car}
                      </Link>
                    </td>
                    <td className="acc:whitespace-nowrap acc:px-4 acc:py-3">
                      {formatLongDate(d.appointmentDate)}
                    </td>
                    <td className="acc:whitespace-nowrap acc:px-4 acc:py-3">
                      {formatTime12h(d.appointmentTime)}
                    </td>
                    <td className="acc:px-4 acc:py-3">
                      <span
                        className={cn(
                          'acc:rounded-full acc:px-2.5 acc:py-0.5 acc:text-xs acc:font-semibold',
                          statusStyle[d.status] ?? statusStyle.Cancelled,
                        )}
                      >
                        {d.status}
                      </span>
                    </td>
                    <td className="acc:px-4 acc:py-3">
                      <div className="acc:flex acc:gap-2">
                        <Button
                          variant="secondary"
                          className="acc:px-3 acc:py-1.5"
                          disabled={locked}
                          title={why}
                          aria-label={`Edit test drive of ${car} on ${formatLongDate(d.appointmentDate)}`}
                          onClick={() => setEditing(d)}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="danger"
                          className="acc:px-3 acc:py-1.5"
                          disabled={locked}
                          title={why}
                          aria-label={`Delete test drive of ${car} on ${formatLongDate(d.appointmentDate)}`}
                          onClick={() => setDeleting(d)}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {editing ? (
        <TestDriveForm
          open
          title="Update Book a Test Drive"
          carId={editing.car._id}
          initial={{ date: editing.appointmentDate, time: editing.appointmentTime }}
          onClose={() => setEditing(null)}
          onSubmit={async (date, time) => {
            const updated = await updateTestDrive(editing, date, time);
            toast.success('Test drive updated successfully', { duration: TOAST_AUTO_CLOSE_MS });
            setDrives(drives.map((d) => (d._id === updated._id ? updated : d)));
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        busy={busy}
      />
    </section>
  );
}
