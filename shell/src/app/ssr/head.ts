/**
 * The `<head>` of a server-rendered page (issue 21): title, description, canonical URL, Open Graph and
 * Twitter tags, JSON-LD, and what the first paint needs at once (the used remotes' styles, inlined, and
 * preloads of their scripts, read from their `mf-manifest.json`) instead of discovered one after another. Sources: ogp.me (og:title, og:description, og:url, og:type, og:image, og:site_name,
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

/** The style sheets the exposed module `expose` needs, as paths relative to its manifest's folder. */
export function remoteStyleSheets(manifest: RemoteManifest, expose: string): string[] {
  return manifest.exposes.find((e) => e.name === expose)?.assets.css.sync ?? [];
}

/** `css` inside a `<style>` element (no early `</style>`). */
export function styleText(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

/**
 * True when the style sheet `css` means the same inside the page as at its own URL: it names no file
 * (`url(…)` other than a `data:` URI), whose path would resolve against the page instead of the sheet.
 */
export function inlinable(css: string): boolean {
  return !/url\(\s*(?!['"]?data:)/i.test(css);
}

/**
 * Links for the exposed module `expose` of the remote whose browser manifest is at `entry`: its style
 * sheets (so the server's HTML is styled before any script runs), and preloads of its remote entry and
 * scripts at low priority (hydration needs them; the largest paint — text, a photo — does not, so they
 * must not take the bandwidth of a phone from the photo). Paths resolve against the manifest's folder
 * (`publicPath: 'auto'`). A sheet whose text is in `inline` (by its path in the manifest) is written into
 * the page as `<style data-href="<its URL>">`, so the first paint waits for no request, followed by a
 * disabled `<link rel="stylesheet">` of the same URL, which the browser neither fetches nor applies: after
 * hydration the federation runtime (which looks for a `<link>` of an exposed module's sheet) and the
 * bundler's CSS loader (a `<link>` or a `<style data-href>`) find the sheet in the page and load it no
 * second time. The others are `<link rel="stylesheet">`.
 */
export function remoteLinks(
  manifest: RemoteManifest,
  entry: string,
  expose: string,
  inline: ReadonlyMap<string, string> = new Map(),
): string[] {
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const found = manifest.exposes.find((e) => e.name === expose);
  if (!found) return [];
  const { remoteEntry } = manifest.metaData;
  const href = (file: string) => escapeHtml(`${base}${file}`);
  const sheet = (file: string) => {
    const css = inline.get(file);
    return css === undefined
      ? `<link rel="stylesheet" href="${href(file)}">`
      : `<style data-href="${href(file)}">${styleText(css)}</style><link rel="stylesheet" href="${href(file)}" disabled>`;
  };
  return [
    ...found.assets.css.sync.map(sheet),
    `<link rel="preload" as="script" fetchpriority="low" href="${href(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`)}">`,
    ...found.assets.js.sync.map(
      (f) => `<link rel="preload" as="script" fetchpriority="low" href="${href(f)}">`,
    ),
  ];
}
