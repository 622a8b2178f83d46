/** The messages of the reference data answers (spec §7): `RTO not found.`, `Brand successfully created.` … */

/** What an answer is about. */
export type ReferenceKind = 'RTO' | 'Brand' | 'Model' | 'Variant';

/** The 404 message of an unknown `kind`. */
export const notFoundMessage = (kind: ReferenceKind): string => `${kind} not found.`;

/** The message of a successful write. */
export const doneMessage = (kind: ReferenceKind, action: 'created' | 'updated' | 'deleted'): string =>
  `${kind} successfully ${action}.`;
