/** Keeping the user a call signed in (sign-up verification, social sign-in, a profile change). */
import type { User } from '@marketplace/contracts';
import { useAuthStore } from '@marketplace/ui';

/** Remembers the signed-in user like `login` does (store + local storage `user`, spec §4). */
export function storeSignedInUser(user: User): void {
  useAuthStore.getState().setUser(user);
  try {
    globalThis.localStorage?.setItem('user', JSON.stringify(user));
  } catch {
    // Storage unavailable: the store still holds the user for this page.
  }
}
