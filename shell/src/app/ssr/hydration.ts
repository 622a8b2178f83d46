/**
 * When a server-rendered page has finished hydrating, so `<html data-hydrated>` can say it (tests and
 * scripts wait for it before they click or type).
 *
 * React hydrates the page in a transition (bootstrap.tsx), in slices of a few ms that leave the main thread
 * free for input, and each remote area's Suspense boundary in a later pass of its own, after the root has
 * committed (React's dehydrated boundaries are hydrated at offscreen priority). So the root's effect alone
 * comes too early: the page is marked when the root has committed and every remote area the first render
 * met has committed too. Areas are keyed by their `useId()`, which is stable across restarts of an
 * interrupted render, so a render that React throws away and does again registers nothing twice.
 */

const pending = new Set<string>();
let rootCommitted = false;

function markWhenDone(): void {
  if (rootCommitted && pending.size === 0 && typeof document !== 'undefined')
    document.documentElement.dataset.hydrated = 'true';
}

/** Called while an area renders (idempotent per `key`): the page is not hydrated until it commits. */
export function areaRendering(key: string): void {
  if (!rootCommitted) pending.add(key);
}

/** Called from an area's effect: it has committed. */
export function areaCommitted(key: string): void {
  pending.delete(key);
  markWhenDone();
}

/** Called from the root's effect: the root has committed; the page is marked once its areas have too. */
export function rootCommittedNow(): void {
  rootCommitted = true;
  markWhenDone();
}

/**
 * Resolves in a new task of the event loop, so the work before and after it are two tasks and input (and
 * the browser's rendering) can run in between: `scheduler.yield()` where the browser has it (it keeps this
 * continuation ahead of other queued tasks), else a zero-delay timeout. The boot steps (federation runtime,
 * loading the app's modules, restoring the cache, hydrating) each run in their own task this way: one long
 * task blocks a phone's main thread for its whole length (what Lighthouse's Total Blocking Time counts).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
