/**
 * What a page tells the server that renders it (issue 21): its head (title, description, canonical path,
 * share image, JSON-LD) and its HTTP status (404 for an unknown car, 410 for a sold one). On the server the
 * shell gives each request a {@link PageRecorder} through {@link PageProvider}; the page's hooks write into
 * it while rendering, and the shell reads it once the render is complete to write `<head>` and the status.
 * In the browser there is no recorder: {@link usePageMeta} keeps `document.title`, the description and the
 * canonical link in step after client-side navigation, and {@link usePageStatus} does nothing.
 */
import { PRODUCT_NAME } from '@marketplace/contracts/vocabulary';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useSyncExternalStore,
} from 'react';

/** Name appended to every page title. */
export const SITE_NAME = PRODUCT_NAME;

/** The head of one page. */
export interface PageMeta {
  /** Without the site name (`Maruti Suzuki Swift VXi 2019 – ₹5,40,000`); '' for the site name alone. */
  title: string;
  /** Meta description, ≤ 160 characters read best in search results. */
  description: string;
  /** Canonical path on this site (`/car-details/…`); default: the path being rendered. */
  canonicalPath?: string;
  /** Absolute or site-relative URL of the share image (Open Graph / Twitter). */
  image?: string;
  /** Open Graph type (default `website`). */
  ogType?: 'website' | 'product';
  /** schema.org objects written as `application/ld+json` scripts, given the site's origin (server only). */
  jsonLd?: (origin: string) => object[];
  /** True: `noindex` (error and not-found pages). */
  noindex?: boolean;
}

/** One server render's record: filled by the page while rendering, read by the shell afterwards. */
export interface PageRecorder {
  meta?: PageMeta;
  /** HTTP status the page asks for (default 200). */
  status?: number;
}

const PageContext = createContext<PageRecorder | null>(null);

/** Gives the pages below a recorder (server only). */
export function PageProvider({ recorder, children }: { recorder: PageRecorder; children: ReactNode }) {
  return <PageContext.Provider value={recorder}>{children}</PageContext.Provider>;
}

/** Title shown in the tab: `{title} · CarBazaar`, or the site name alone. */
export function fullTitle(title: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

function setHeadTag(selector: string, create: () => HTMLElement, attr: string, value: string): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.append(el);
  }
  el.setAttribute(attr, value);
}

/**
 * Declares the page's head. Server: recorded for the shell (the last call wins). Browser: sets the title,
 * the meta description and the canonical link (the server wrote the rest for crawlers and link previews).
 */
export function usePageMeta(meta: PageMeta): void {
  const recorder = useContext(PageContext);
  if (recorder) recorder.meta = meta;
  const { title, description, canonicalPath } = meta;
  useEffect(() => {
    document.title = fullTitle(title);
    setHeadTag(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      'content',
      description,
    );
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    // The page's own canonical path when it has one (a car's page opened with `?utm_source=…`), as the server
    // wrote it; else the address as shown.
    const path = canonicalPath ?? location.pathname + location.search;
    if (canonical) canonical.href = new URL(path, location.origin).href;
  }, [title, description, canonicalPath]);
}

/** Asks the server for this HTTP status (404, 410); no effect in the browser. */
export function usePageStatus(status: number): void {
  const recorder = useContext(PageContext);
  if (recorder) recorder.status = status;
}

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates, true afterwards: state only the browser knows (the
 * remembered colour mode) is shown after hydration, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Whether the CSS media query `query` (e.g. `(min-width: 1024px)`) matches, kept current as the window
 * changes; false on the server and while the browser hydrates (the first render matches the server's HTML),
 * the browser's answer right after.
 */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
