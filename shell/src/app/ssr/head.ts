/**
 * The `<head>` of a server-rendered page (issue 21): title, description, canonical URL, Open Graph and
 * Twitter tags, JSON-LD, and the links that let the browser fetch what the first paint needs at once (the
 * used remotes' styles and scripts, read from their `mf-manifest.json`) instead of discovering them one
 * after another. Sources: ogp.me (og:title, og:description, og:url, og:type, og:image, og:site_name,
 * og:locale), developer.x.com "Cards markup" (twitter:card, twitter:title, twitter:description,
 * twitter:image), Google Search Central "Canonical URLs" and "robots meta tag".
 */
import { fullTitle, type PageMeta, SITE_NAME } from '@marketplace/ui';

/** `text` safe in HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON safe inside a `<script>` element (no `</script>`, no `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The head tags of `meta` for the page at `url` (absolute) on the site at `origin`. */
export function headTags(meta: PageMeta, url: URL, origin: string): string {
  const title = fullTitle(meta.title);
  const canonical = new URL(meta.canonicalPath ?? `${url.pathname}${url.search}`, `${origin}/`).href;
  const image = meta.image ? new URL(meta.image, `${origin}/`).href : undefined;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.noindex
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    '<meta property="og:locale" content="en_IN">',
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}">`,
      `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    );
  }
  for (const item of meta.jsonLd?.(origin) ?? []) {
    tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  }
  return tags.join('');
}

/** Assets of one exposed module or shared package in an `mf-manifest.json` (paths relative to the remote). */
interface ManifestAssets {
  js: { sync: string[]; async: string[] };
  css: { sync: string[]; async: string[] };
}

/** The part of a remote's `mf-manifest.json` the head needs. */
export interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{ name: string; assets: ManifestAssets }>;
}

/**
 * Links for the exposed module `expose` of the remote whose browser manifest is at `entry`: its style
 * sheets (so the server's HTML is styled before any script runs), and preloads of its remote entry and
 * scripts at low priority (hydration needs them; the largest paint — text, a photo — does not, so they
 * must not take the bandwidth of a phone from the photo). Paths resolve against the manifest's folder
 * (`publicPath: 'auto'`).
 */
export function remoteLinks(manifest: RemoteManifest, entry: string, expose: string): string[] {
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const found = manifest.exposes.find((e) => e.name === expose);
  if (!found) return [];
  const { remoteEntry } = manifest.metaData;
  const href = (file: string) => escapeHtml(`${base}${file}`);
  return [
    ...found.assets.css.sync.map((f) => `<link rel="stylesheet" href="${href(f)}">`),
    `<link rel="preload" as="script" fetchpriority="low" href="${href(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`)}">`,
    ...found.assets.js.sync.map(
      (f) => `<link rel="preload" as="script" fetchpriority="low" href="${href(f)}">`,
    ),
  ];
}
