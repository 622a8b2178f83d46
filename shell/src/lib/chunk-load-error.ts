/** Recognising a failed chunk download, for the messages of the remote fallbacks and the error page. */

/** True for webpack/rspack chunk download failures (network, timeout after 120 s). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message))
  );
}
