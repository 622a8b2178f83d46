/** The rule that one registration number is on at most one seller's active listings (issue 20). */
import { conflict, type Db, onUniqueViolation } from '@marketplace/platform';
import { carStore } from '../data/store';

/** The 409 of a registration number on another seller's active listing (issue 20); it names the field. */
export const regNumberTakenMessage =
  "specifications.regNumber: this registration number is already on another seller's active listing";

/**
 * Refuses `regNumber` when another seller has an active listing with it. Runs inside the transaction
 * that writes the listing (advisory lock on the number, see `carStore.regNumberTakenByOther`).
 * @throws HttpError 409 {@link regNumberTakenMessage}.
 */
export async function assertRegNumberFree(tx: Db, regNumber: string, sellerId: string, exceptCarId?: string) {
  if (await carStore.regNumberTakenByOther(tx, regNumber, sellerId, exceptCarId)) {
    throw conflict(regNumberTakenMessage);
  }
}

/**
 * Runs the write `fn`; the database's own guard (trigger `cars_reg_number_guard`, a unique violation)
 * becomes the same 409 as {@link assertRegNumberFree}.
 */
export function onRegNumberTaken<T>(fn: () => Promise<T>): Promise<T> {
  return onUniqueViolation(fn, () => conflict(regNumberTakenMessage));
}
