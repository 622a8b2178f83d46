/**
 * 'Book a Test Drive' (spec §2 "Test drive modal"), exposed as `account/TestDriveModal`. Contract:
 * `TestDriveModalProps` in `@marketplace/ui`. Screens do not mount it themselves: they call
 * `openTestDriveBooking(carId)` from `@marketplace/ui` (a guest gets the login dialog, spec §4) and the
 * shell's TestDriveModalHost renders this modal.
 */
import { type TestDriveModalProps, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { createTestDrive } from '../../api/test-drives';
import { TestDriveForm } from '../../components/TestDriveForm';

/** Books a test drive of `carId` in one of its open slots; toasts 'Test drive created successfully'. */
export function TestDriveModal({ open, carId, onClose, onBooked }: TestDriveModalProps) {
  return (
    <TestDriveForm
      open={open}
      title="Book a Test Drive"
      carId={carId}
      onClose={onClose}
      onSubmit={async (date, time) => {
        const booking = await createTestDrive(carId, date, time);
        toast.success('Test drive created successfully', { duration: TOAST_AUTO_CLOSE_MS });
        onBooked?.(booking._id);
        onClose();
      }}
    />
  );
}
