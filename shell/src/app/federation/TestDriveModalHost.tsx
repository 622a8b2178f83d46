/**
 * Mounts mfe-account's 'Book a Test Drive' modal while the test-drive modal store says open. Any screen
 * opens it with `openTestDriveBooking(carId)` from `@marketplace/ui` (guests get the login dialog instead).
 */
import { useTestDriveModalStore } from '@marketplace/ui';
import { RemoteSlot } from './RemoteSlot';

/** The test-drive modal slot (the remote is loaded on first use only). */
export function TestDriveModalHost() {
  const open = useTestDriveModalStore((s) => s.open);
  const carId = useTestDriveModalStore((s) => s.carId);
  const hide = useTestDriveModalStore((s) => s.hide);
  if (!open || !carId) return null;
  return (
    <div className="fixed inset-x-0 top-20 z-50 mx-auto w-full max-w-md px-4">
      <RemoteSlot
        id="account/TestDriveModal"
        label="the test-drive booking"
        variant="inline"
        props={{ open, carId, onClose: hide }}
      />
    </div>
  );
}
