/**
 * The badge shown while this browser loads a remote from elsewhere than the site's configuration (the
 * `mf-override` of issue 27, docs/adr/0026-remote-override.md): one line per override (`catalog:
 * localhost:3001`) in a polite live region (`role="status"`), and a Reset button. Rendered by the app
 * (bootstrap.tsx) in a root of its own after the page's, only while an override is active.
 *
 * Placement: a small pill fixed at the bottom left, under the compare tray and dialogs (z-30), above the
 * page; an in-flow spacer after the page (like the compare tray's) lets the footer's last controls scroll
 * clear of it, so on a 390 px phone it hides none of the page's own controls.
 */

/** One override as the badge shows it. */
export interface OverrideBadgeItem {
  /** The remote's federation name (`catalog`). */
  remote: string;
  /** Where it is loaded from, `host[:port]` (`localhost:3001`). */
  label: string;
  /** The full manifest URL (shown as a tooltip). */
  entry: string;
}

/** The badge; `onReset` clears the overrides (and reloads the page). Nothing when `overrides` is empty. */
export function OverrideBadge({
  overrides,
  onReset,
}: {
  overrides: readonly OverrideBadgeItem[];
  onReset(): void;
}) {
  if (overrides.length === 0) return null;
  return (
    <>
      <div aria-hidden="true" className="h-16" />
      <aside
        aria-label="Remote overrides"
        data-testid="remote-override-badge"
        className="fixed bottom-2 left-2 z-30 flex max-w-[calc(100vw-1rem)] items-center gap-2 rounded-full bg-slate-900 py-1 pr-1 pl-4 text-sm text-white shadow-lg ring-2 ring-amber-400"
      >
        <div role="status" className="min-w-0">
          <span className="sr-only">Remote override active: </span>
          {overrides.map((o) => (
            <span key={o.remote} title={o.entry} className="block truncate font-mono">
              {o.remote}: {o.label}
            </span>
          ))}
        </div>
        <button
          type="button"
          onClick={onReset}
          className="min-h-11 shrink-0 rounded-full bg-amber-300 px-4 font-semibold text-slate-950 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
        >
          Reset
        </button>
      </aside>
    </>
  );
}
