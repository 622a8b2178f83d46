/** The admin screens' success toast. */
import { TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';

/** Shows a server success message for 5 s (spec §8 "Admin successes show the server's message"). */
export function notifySuccess(message: string): void {
  toast.success(message, { duration: TOAST_AUTO_CLOSE_MS });
}
