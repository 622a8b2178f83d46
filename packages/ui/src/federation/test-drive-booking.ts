/**
 * How any screen asks for the 'Book a Test Drive' modal (mfe-account's `account/TestDriveModal`, rendered by
 * the shell): a shared store, so remotes never import one another (docs/adr/0007).
 */
import { create } from 'zustand';
import { useAuthStore, useLoginDialogStore } from '../stores';

/** Open state of the test-drive modal and the car it books. */
export interface TestDriveModalState {
  open: boolean;
  carId: string | null;
  show(carId: string): void;
  hide(): void;
}

/** The test-drive modal's store; the shell's host mounts the modal while `open`. */
export const useTestDriveModalStore = create<TestDriveModalState>()((set) => ({
  open: false,
  carId: null,
  show: (carId) => set({ open: true, carId }),
  hide: () => set({ open: false, carId: null }),
}));

/**
 * The car page's 'book free test drive' action (spec §4): a guest gets the login dialog, a signed-in user
 * the 'Book a Test Drive' modal for `carId`. Called before the start-up profile load has answered, it waits
 * for it.
 */
export function openTestDriveBooking(carId: string): void {
  if (!useAuthStore.getState().ready) {
    // Right after a page load the session is still being read: decide once it is known.
    const stop = useAuthStore.subscribe((s) => {
      if (!s.ready) return;
      stop();
      openTestDriveBooking(carId);
    });
    return;
  }
  if (!useAuthStore.getState().user) {
    useLoginDialogStore.getState().show();
    return;
  }
  useTestDriveModalStore.getState().show(carId);
}
