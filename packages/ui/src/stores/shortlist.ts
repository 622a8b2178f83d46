/**
 * The shortlist (issue 24): the ids of the cars a buyer keeps, newest first. A visitor's list lives in local
 * storage; a signed-in user's is the account's (`getShortlist`, `addToShortlist`, `removeFromShortlist`).
 * At sign-in the visitor's ids are merged into the account (a car that no longer exists is skipped, a full
 * shortlist says so in a toast) and the local copy is cleared. A toggle shows at once and is rolled back
 * when the server refuses it. {@link startShortlistSync} (called once by the shell) wires it to the session.
 */
import { create } from 'zustand';
import { callOperation } from '../api/call-operation';
import { isApiError } from '../api/client';
import { TOAST_AUTO_CLOSE_MS } from '../constants';
import { toast } from '../toast/toast';
import { type BrowserListPlace, readBrowserList, writeBrowserList } from './browser-lists';
import { useAuthStore } from './index';

/** Where a visitor's shortlist is kept. */
export const VISITOR_SHORTLIST: BrowserListPlace = {
  area: 'localStorage',
  key: 'shortlist',
  hint: 'shortlist',
};

/** Shortlist state: the ids, and whether they are known yet (storage read, or the account's list loaded). */
export interface ShortlistState {
  /** Shortlisted car ids, newest first. */
  ids: string[];
  /** True once the list of the current visitor or user is known. */
  ready: boolean;
  /**
   * Adds `carId` when absent, removes it when present; resolves with whether it is shortlisted afterwards.
   * Shown at once; rolled back (the server's message toasted) when a signed-in change fails.
   */
  toggle(carId: string): Promise<boolean>;
  /** Removes `carId` (no-op when absent); rolled back on failure like {@link ShortlistState.toggle}. */
  remove(carId: string): Promise<void>;
  /** Reloads the signed-in user's list from the server (nothing for a visitor). */
  refresh(): Promise<void>;
}

const signedIn = () => useAuthStore.getState().user !== null;

/** Stores and publishes a visitor's list. */
function setVisitorIds(ids: string[]): void {
  writeBrowserList(VISITOR_SHORTLIST, ids);
  useShortlistStore.setState({ ids });
}

/** One signed-in change, optimistic: `next` shown at once, the server's list (or `before`) after. */
async function change(carId: string, add: boolean): Promise<void> {
  const before = useShortlistStore.getState().ids;
  const next = add ? [carId, ...before.filter((id) => id !== carId)] : before.filter((id) => id !== carId);
  if (!signedIn()) {
    setVisitorIds(next);
    return;
  }
  useShortlistStore.setState({ ids: next });
  try {
    const { data } = await callOperation(add ? 'addToShortlist' : 'removeFromShortlist', {
      params: { carId },
    });
    useShortlistStore.setState({ ids: data.data.carIds });
  } catch (error) {
    // Roll back this car only: other toggles may have happened meanwhile.
    const now = useShortlistStore.getState().ids;
    const rolledBack = add
      ? now.filter((id) => id !== carId)
      : before.includes(carId)
        ? [carId, ...now]
        : now;
    useShortlistStore.setState({ ids: rolledBack });
    throw error;
  }
}

/** The shortlist store (a federation singleton through `@marketplace/ui`). */
export const useShortlistStore = create<ShortlistState>()((_set, get) => ({
  ids: [],
  ready: false,
  async toggle(carId) {
    const add = !get().ids.includes(carId);
    try {
      await change(carId, add);
      return add;
    } catch {
      return !add;
    }
  },
  async remove(carId) {
    if (!get().ids.includes(carId)) return;
    await change(carId, false).catch(() => undefined);
  },
  async refresh() {
    if (!signedIn()) return;
    try {
      const { data } = await callOperation('getShortlist', {}, { quiet: true, background: true });
      useShortlistStore.setState({ ids: data.data.map((entry) => entry._id), ready: true });
    } catch {
      useShortlistStore.setState({ ready: true });
    }
  },
}));

/**
 * Puts a visitor's ids into the signed-in user's account, oldest first (so the list keeps its order), then
 * clears the local copy. A car that no longer exists (404) is dropped; a full shortlist (409) drops the rest
 * with one toast; any other failure keeps that id locally for the next sign-in.
 */
export async function mergeVisitorShortlist(): Promise<void> {
  const local = readBrowserList<string>(VISITOR_SHORTLIST).filter((id) => typeof id === 'string');
  if (!local.length) return;
  const kept: string[] = [];
  let full = false;
  for (const carId of [...local].reverse()) {
    if (full) continue;
    try {
      await callOperation('addToShortlist', { params: { carId } }, { quiet: true, background: true });
    } catch (error) {
      if (isApiError(error) && error.status === 409) full = true;
      else if (!isApiError(error) || error.status !== 404) kept.unshift(carId);
    }
  }
  writeBrowserList(VISITOR_SHORTLIST, kept);
  if (full) {
    toast.warning('Your shortlist is full: some cars you saved before signing in were not added.', {
      duration: TOAST_AUTO_CLOSE_MS,
    });
  }
}

let started = false;

/**
 * Starts following the session, once per page (later calls do nothing; nothing on the server): a visitor's
 * list is read from the browser; at sign-in it is merged into the account and the account's list loaded;
 * at sign-out the list is the browser's again (empty after a merge).
 */
export function startShortlistSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let userId: string | null | undefined;
  const follow = async () => {
    const { user, ready } = useAuthStore.getState();
    if (!ready) return;
    const id = user?._id ?? null;
    if (id === userId) return;
    userId = id;
    if (id === null) {
      useShortlistStore.setState({ ids: readBrowserList<string>(VISITOR_SHORTLIST), ready: true });
      return;
    }
    useShortlistStore.setState({ ready: false });
    await mergeVisitorShortlist();
    await useShortlistStore.getState().refresh();
  };
  useShortlistStore.setState({ ids: readBrowserList<string>(VISITOR_SHORTLIST) });
  useAuthStore.subscribe(() => void follow());
  void follow();
}
