/** Stylesheets are imported for their side effect; the bundler (Rsbuild) handles them. */
declare module '*.css';
