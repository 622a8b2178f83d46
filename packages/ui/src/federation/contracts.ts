/**
 * The props of every module a remote federates: the one contract both sides are checked against. A
 * remote's `src/exposes/<Name>.tsx` default-exports a component of the type named here; the shell's
 * `src/app/federation/remotes.d.ts` declares the modules with the same types.
 */
import type { ComponentType } from 'react';

/** A route-level screen that takes no props. */
export type RemoteScreen = ComponentType<Record<string, never>>;

/** The static pages mfe-catalog renders (spec §2 "Static pages"). */
export type StaticPageName = 'faq' | 'about' | 'contact' | 'terms';

/** `catalog/StaticPage`. */
export interface StaticPageProps {
  page: StaticPageName;
}

/** `account/LoginDialog`: the sign-in dialog; open state lives in the login-dialog store. */
export interface LoginDialogProps {
  open: boolean;
  onClose(): void;
}

/** `admin/Dashboard`: mounted at `/dashboard/*`, it renders its own layout and nested routes. */
export interface DashboardProps {
  /** The path it is mounted at (`/dashboard`). */
  basePath: string;
}

/**
 * `account/TestDriveModal`: the 'Book a Test Drive' dialog of mfe-account (spec §2 "Test drive modal").
 * It offers only the open slots of `carId` (`GET /api/testDrive/slots`), books with `POST /api/testDrive`
 * and toasts 'Test drive created successfully'. Other remotes (mfe-catalog's car page) do not load it
 * themselves: they call `openTestDriveBooking(carId)` from `@marketplace/ui`, which opens the login dialog
 * for a guest (spec §4) and otherwise this modal, rendered by the shell's TestDriveModalHost.
 */
export interface TestDriveModalProps {
  open: boolean;
  /** The car to book (its `_id`). */
  carId: string;
  onClose(): void;
  /** Called after a successful booking, with the booking's id. */
  onBooked?(testDriveId: string): void;
}
