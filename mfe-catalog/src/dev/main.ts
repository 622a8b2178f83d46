/**
 * Entry of mfe-catalog's standalone dev page (`npm run dev -w mfe-catalog`, issue 27; only the dev configuration
 * builds it, packages/ui/build/rsbuild.ts). An async boundary, as the shell's entry: the federation share
 * scope is settled before React or `@marketplace/ui` is used (no shared module is eager).
 */
void import('./standalone');
