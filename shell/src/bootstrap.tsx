/**
 * Mounts the React app in the browser (loaded after the federation runtime is ready; see index.ts). A
 * server-rendered page is hydrated: the query cache the server used is restored first and the remote
 * modules it rendered are loaded, so the first render matches the HTML and fetches nothing again. Any other
 * page (signed-in routes, a server that could not render) is rendered from scratch.
 *
 * With a remote override active (app/federation/override.ts) the badge is mounted in a root of its own, and
 * a server-rendered page whose HTML holds an overridden remote's markup is rendered, not hydrated: the
 * server rendered the deployed build of that remote, the browser runs the developer's build, and hydrating
 * one with the other would be a hydration mismatch (React would patch or throw away the HTML anyway, with
 * errors in the console that are not the developer's). Rendering from scratch is the simplest correct
 * behaviour: the query cache is still restored (the data is the same API's), the deployed build's style and
 * script links of that remote are dropped from `<head>` (so its styles do not mix with the dev build's), and
 * the page's remote modules are loaded first, so the new render replaces the HTML in one step. A page that
 * does not show an overridden remote is hydrated as usual. Nothing of this reaches the server.
 */
import { createQueryClient } from '@marketplace/ui';
import { BrowserRouter } from '@marketplace/ui/router';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, Routed } from './app/App';
import { type ActiveOverride, clearRemoteOverrides } from './app/federation/override';
import { loadRemoteModule } from './app/federation/runtime';
import { yieldToMain } from './app/ssr/hydration';
import type { PageData } from './app/ssr/page-data';
import { OverrideBadge } from './features/remote-override/OverrideBadge';

/**
 * Renders or hydrates the app into #root; `page` is the server's page data, when there is some;
 * `overrides` the remote overrides in force in this browser (default none).
 */
export async function mount(
  page: PageData | undefined,
  overrides: readonly ActiveOverride[] = [],
): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  if (overrides.length > 0) mountOverrideBadge(overrides);
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <App
        queryClient={queryClient}
        router={
          <BrowserRouter>
            <Routed />
          </BrowserRouter>
        }
      />
    </StrictMode>
  );
  if (!page) {
    createRoot(container).render(app);
    return;
  }
  hydrate(queryClient, page.queries);
  const overridden = new Set<string>(overrides.map((o) => o.remote));
  const rendersOverridden = page.remotes.some((id) => overridden.has(id.split('/')[0] as string));
  if (rendersOverridden) dropDeployedLinks(page, overrides);
  // A remote that fails here is rendered by its slot's fallback (its own error handling), never a blank page.
  await Promise.allSettled(page.remotes.map((id) => loadRemoteModule(id)));
  await yieldToMain();
  if (rendersOverridden) {
    // The server's markup is the deployed build's: replaced, not hydrated (see the module's doc).
    container.replaceChildren();
    createRoot(container).render(app);
    return;
  }
  // In a transition: React hydrates in slices of a few ms and yields to input in between, instead of one
  // long task (the page is already visible; ssr/hydration.ts marks when it is done).
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError(error) {
        console.error('hydration recovered from an error', error);
      },
    });
  });
}

/**
 * Removes the `<link>`s (style sheets, script preloads) the server wrote for the deployed build of each
 * overridden remote: those under the folder of its configured manifest URL (ssr/head.ts `remoteLinks`).
 */
function dropDeployedLinks(page: PageData, overrides: readonly ActiveOverride[]): void {
  for (const { remote } of overrides) {
    const deployed = page.federation[remote];
    if (!deployed) continue;
    const manifest = new URL(deployed, document.baseURI).href;
    const folder = manifest.slice(0, manifest.lastIndexOf('/') + 1);
    for (const link of document.head.querySelectorAll<HTMLLinkElement>(
      'link[rel="stylesheet"], link[rel="preload"]',
    )) {
      if (link.href.startsWith(folder)) link.remove();
    }
  }
}

/** Mounts the override badge in its own root after the page's (outside #root, so hydration never meets it). */
function mountOverrideBadge(overrides: readonly ActiveOverride[]): void {
  const host = document.createElement('div');
  host.id = 'remote-override';
  document.body.append(host);
  createRoot(host).render(
    <OverrideBadge
      overrides={overrides}
      onReset={() => {
        clearRemoteOverrides();
        window.location.reload();
      }}
    />,
  );
}
