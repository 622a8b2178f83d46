/**
 * Mounts the React app in the browser (loaded after the federation runtime is ready; see index.ts). A
 * server-rendered page is hydrated: the query cache the server used is restored first and the remote
 * modules it rendered are loaded, so the first render matches the HTML and fetches nothing again. Any other
 * page (signed-in routes, a server that could not render) is rendered from scratch.
 */
import { createQueryClient } from '@marketplace/ui';
import { BrowserRouter } from '@marketplace/ui/router';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, Routed } from './app/App';
import { loadRemoteModule } from './app/federation/runtime';
import { yieldToMain } from './app/ssr/hydration';
import type { PageData } from './app/ssr/page-data';

/** Renders or hydrates the app into #root; `page` is the server's page data, when there is some. */
export async function mount(page: PageData | undefined): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
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
  // A remote that fails here is rendered by its slot's fallback (its own error handling), never a blank page.
  await Promise.allSettled(page.remotes.map((id) => loadRemoteModule(id)));
  await yieldToMain();
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
