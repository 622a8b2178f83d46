/**
 * Hot replacement of a remote's exposed module in dev (issue 27) that works with any React build on the
 * page. The dev configuration (packages/ui/build/rsbuild.ts) federates, for each expose, a small module
 * that renders the expose's component through {@link hotExpose} and accepts hot updates of the expose (and
 * so of everything it imports): an edit swaps the new component in and re-renders that area, without a page
 * reload. The area's own component state starts again; the page, the shell, the other areas, the shared
 * stores and the query cache keep theirs. React Fast Refresh (which keeps component state) needs React's
 * development build, which a built shell does not have, so remotes' dev builds use this instead.
 */
import { type ComponentType, createElement, useSyncExternalStore } from 'react';

/** A hot-swappable component: `Component` renders the latest `update`d implementation. */
export interface HotExpose<P> {
  Component: ComponentType<P>;
  update(next: ComponentType<P>): void;
}

/** Wraps `initial` (the expose `id`'s default export) so that `update` re-renders it with a new version. */
export function hotExpose<P extends object>(initial: ComponentType<P>, id: string): HotExpose<P> {
  let current = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function HotExposed(props: P) {
    const Current = useSyncExternalStore(
      subscribe,
      () => current,
      () => current,
    );
    return createElement(Current, props);
  }
  HotExposed.displayName = `Hot(${id})`;
  return {
    Component: HotExposed,
    update(next) {
      if (next === current) return;
      current = next;
      console.info(`[HMR] ${id} updated`);
      for (const listener of listeners) listener();
    },
  };
}
