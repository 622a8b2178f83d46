/**
 * Which listing events the projection applies (events may arrive out of order: a retried delivery
 * overtaken by a newer one). No I/O.
 */

/**
 * True when a created/updated event of `updatedAt` must be ignored: the car was deleted, or a newer
 * listing state was applied already (`applied`, absent when none was).
 */
export function isStale(
  applied: { updatedAt: Date; deleted: boolean } | undefined,
  updatedAt: Date,
): boolean {
  return applied !== undefined && (applied.deleted || applied.updatedAt > updatedAt);
}
