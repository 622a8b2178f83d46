/**
 * The JSX runtime of a remote's dev build (issue 27; `react/jsx-runtime` and `react/jsx-dev-runtime` are
 * aliased here by packages/ui/build/rsbuild.ts in dev only). A remote's dev build runs with whichever React
 * the page shares: its own development build on its standalone page or in a dev shell, the shell's
 * production build in a built shell (`npm start`, a deployed shell with an override). React's development
 * JSX runtime cannot create elements for a production React (it asks React for the owner:
 * `dispatcher.getOwner is not a function`), and the production runtime's elements lack what a development
 * React checks. So each call goes to the runtime matching the React on the page: development when React's
 * internals are the development build's (they have `actQueue`), production otherwise.
 */

// Aliased to react/cjs/*.js (not in react's "exports") by the dev configuration; typed in react-jsx-runtimes.d.ts.
import * as devJsx from 'marketplace-react-jsx-dev-runtime-development';
import * as jsxDev from 'marketplace-react-jsx-runtime-development';
import * as prodJsx from 'marketplace-react-jsx-runtime-production';
import * as React from 'react';

type Jsx = (type: unknown, config: unknown, maybeKey?: unknown) => unknown;

const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

/** True when the React shared on this page is its development build. */
export const isDevelopmentReact = internals !== undefined && 'actQueue' in internals;

export const Fragment = prodJsx.Fragment;

/** `jsx` of the runtime matching the page's React. */
export const jsx: Jsx = isDevelopmentReact ? jsxDev.jsx : prodJsx.jsx;

/** `jsxs` (static children) of the runtime matching the page's React. */
export const jsxs: Jsx = isDevelopmentReact ? jsxDev.jsxs : prodJsx.jsxs;

/** `jsxDEV` (what a development build compiles JSX to), or production `jsx`/`jsxs` for a production React. */
export function jsxDEV(
  type: unknown,
  config: unknown,
  maybeKey: unknown,
  isStaticChildren: boolean,
  source?: unknown,
  self?: unknown,
): unknown {
  if (isDevelopmentReact) return devJsx.jsxDEV(type, config, maybeKey, isStaticChildren, source, self);
  return (isStaticChildren ? prodJsx.jsxs : prodJsx.jsx)(type, config, maybeKey);
}
