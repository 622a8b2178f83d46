/**
 * Entry of the shell's server build (`shell/dist/server/index.js`, CommonJS for Node; issue 21). Like the
 * browser entry, it loads the app behind an async boundary so the federation share scope (React,
 * `@marketplace/ui`, …) is settled before any shared module is used. The gateway calls
 * {@link createRenderer} once and renders every public page with the result (app/ssr/renderer.tsx).
 */
import type { Renderer, RendererOptions } from './app/ssr/renderer';

export type { RemoteLocation, Renderer, RendererOptions, RenderRequest } from './app/ssr/renderer';

/** Creates the server renderer (see app/ssr/renderer.tsx). */
export async function createRenderer(options: RendererOptions): Promise<Renderer> {
  const { createRenderer: create } = await import('./app/ssr/renderer');
  return create(options);
}
