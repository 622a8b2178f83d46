/** Page title and meta description of the catalog's screens (issue 9: each page sets both). */
import { useEffect } from 'react';

/** Name appended to every page title. */
export const SITE_NAME = 'Used Car Marketplace';

/** Sets `document.title` to `{title} · Used Car Marketplace` and the `<meta name="description">` content. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
