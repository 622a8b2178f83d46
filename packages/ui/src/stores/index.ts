/**
 * The client state groups of spec §3 as zustand stores. `@marketplace/ui` is a federation singleton, so
 * the shell and every remote read and write the same store instances.
 */
import type { TestDrive, User } from '@marketplace/contracts';
import { create } from 'zustand';
import { COLOR_MODE_COOKIE_NAME } from '../constants';
import { hasCookie } from '../cookies';

/** Auth group: the signed-in user (null when signed out), admin user lists, the pending sign-up. */
export interface AuthState {
  user: User | null;
  /** True once the start-up profile call has answered (either way). */
  ready: boolean;
  users: User[];
  allUsers: User[];
  /** Sign-up awaiting its one-time code: what the verification dialog needs. */
  signup: { phone_number: string; email: string } | null;
  setUser(user: User | null): void;
  setReady(ready: boolean): void;
  setUsers(users: User[]): void;
  setAllUsers(users: User[]): void;
  setSignup(signup: AuthState['signup']): void;
}

/** Spec §3 "auth". */
export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  ready: false,
  users: [],
  allUsers: [],
  signup: null,
  setUser: (user) => set({ user }),
  setReady: (ready) => set({ ready }),
  setUsers: (users) => set({ users }),
  setAllUsers: (allUsers) => set({ allUsers }),
  setSignup: (signup) => set({ signup }),
}));

/** Cars group (spec §3): the list, the open car, the seller's cars and the reference lists of the wizard. */
export interface CarsState {
  cars: unknown[];
  singleCar: unknown | null;
  sellerCar: unknown[];
  brand: unknown[];
  model: unknown[];
  variant: unknown[];
  patch(values: Partial<Omit<CarsState, 'patch'>>): void;
}

/** Spec §3 "cars"; the catalog and sell remotes narrow the item types with the contracts' schemas. */
export const useCarsStore = create<CarsState>()((set) => ({
  cars: [],
  singleCar: null,
  sellerCar: [],
  brand: [],
  model: [],
  variant: [],
  patch: (values) => set(values),
}));

/** Loading group: a counter behind `isLoading` so overlapping calls do not stop each other's indicator. */
export interface LoadingState {
  isLoading: boolean;
  pending: number;
  start(): void;
  stop(): void;
}

/** Spec §3 "loading" (isLoading initially false, with start and stop); drives the global indicator. */
export const useLoadingStore = create<LoadingState>()((set) => ({
  isLoading: false,
  pending: 0,
  start: () => set((s) => ({ pending: s.pending + 1, isLoading: true })),
  stop: () =>
    set((s) => {
      const pending = Math.max(0, s.pending - 1);
      return { pending, isLoading: pending > 0 };
    }),
}));

/** Colour modes of the UI (spec §9: default light). */
export type ColorMode = 'light' | 'dark';

/** The remembered colour mode: the `colorMode` cookie (light without one, and on the server). */
function storedColorMode(): ColorMode {
  return hasCookie(COLOR_MODE_COOKIE_NAME, 'dark') ? 'dark' : 'light';
}

/** Remembers `mode` for a year on this site (a cookie; see COLOR_MODE_COOKIE_NAME). */
function rememberColorMode(mode: ColorMode): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve (Firefox).
  document.cookie = `${COLOR_MODE_COOKIE_NAME}=${mode}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** Colour-mode group: `light` by default, remembered in a cookie; the shell applies it to <html>. */
export interface ColorModeState {
  colorMode: ColorMode;
  setColorMode(mode: ColorMode): void;
  toggle(): void;
}

/** Spec §3 "colorMode". */
export const useColorModeStore = create<ColorModeState>()((set, get) => ({
  colorMode: storedColorMode(),
  setColorMode: (colorMode) => {
    rememberColorMode(colorMode);
    set({ colorMode });
  },
  toggle: () => get().setColorMode(get().colorMode === 'dark' ? 'light' : 'dark'),
}));

/** Test-drive group (spec §3 "testDrive"). */
export interface TestDriveState {
  testDrives: TestDrive[];
  setTestDrives(testDrives: TestDrive[]): void;
}

/** Spec §3 "testDrive". */
export const useTestDriveStore = create<TestDriveState>()((set) => ({
  testDrives: [],
  setTestDrives: (testDrives) => set({ testDrives }),
}));

/** The login dialog's open state: any screen may ask for a sign-in (e.g. booking a test drive signed out). */
export interface LoginDialogState {
  open: boolean;
  show(): void;
  hide(): void;
}

/** Opened by the header's Log In button and by screens that need a user; rendered by the shell. */
export const useLoginDialogStore = create<LoginDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
