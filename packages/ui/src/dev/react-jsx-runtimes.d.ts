/** The React JSX runtimes jsx-runtime.ts picks from, aliased to react/cjs/*.js by the dev configuration. */
declare module 'marketplace-react-jsx-runtime-production' {
  export const Fragment: symbol;
  export function jsx(type: unknown, config: unknown, maybeKey?: unknown): unknown;
  export function jsxs(type: unknown, config: unknown, maybeKey?: unknown): unknown;
}
declare module 'marketplace-react-jsx-runtime-development' {
  export const Fragment: symbol;
  export function jsx(type: unknown, config: unknown, maybeKey?: unknown): unknown;
  export function jsxs(type: unknown, config: unknown, maybeKey?: unknown): unknown;
}
declare module 'marketplace-react-jsx-dev-runtime-development' {
  export const Fragment: symbol;
  export function jsxDEV(
    type: unknown,
    config: unknown,
    maybeKey: unknown,
    isStaticChildren: boolean,
    source?: unknown,
    self?: unknown,
  ): unknown;
}
