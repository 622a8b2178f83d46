/** The search of the admin lists. */

/** Case-insensitive "contains" over some text fields of a row (for {@link usePaged}'s search). */
export function matchText<T>(fields: (row: T) => Array<string | undefined>) {
  return (row: T, query: string) => fields(row).some((f) => f?.toLowerCase().includes(query));
}
