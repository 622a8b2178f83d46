/**
 * The 'book free test drive' action (spec §4): a guest gets mfe-account's login dialog, a signed-in user its
 * 'Book a Test Drive' modal. Both go through shared stores in `@marketplace/ui` (docs/adr/0007). The
 * test-drive entry point (`openTestDriveBooking`, issue 10) is looked up at run time so this remote works
 * with a `@marketplace/ui` that does not have it yet; once issue 10 lands, call it directly.
 */
import * as ui from '@marketplace/ui';

/** Opens the login dialog (signed out) or the test-drive modal for `carId` (signed in). */
export function bookTestDrive(carId: string): void {
  const open = (ui as unknown as { openTestDriveBooking?: (carId: string) => void }).openTestDriveBooking;
  if (open) {
    open(carId);
    return;
  }
  if (!ui.useAuthStore.getState().user) ui.useLoginDialogStore.getState().show();
}
