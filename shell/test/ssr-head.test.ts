/** The head and page data a server-rendered page carries (issue 21): escaping, canonical URL, manifest links. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, headTags, type RemoteManifest, remoteLinks } from '../src/app/ssr/head';
import { serializePageData } from '../src/app/ssr/page-data';
import { splitTemplate } from '../src/app/ssr/renderer';

const origin = 'https://cars.example.in';

describe('headTags', () => {
  it('writes title, description, canonical, Open Graph and Twitter tags, escaped', () => {
    const html = headTags(
      {
        title: 'Tata Nexon XZ+ 2021 – ₹8,10,000',
        description: 'A "clean" car <b>& more</b>',
        canonicalPath: '/car-details/abc',
        image: '/api/storage/images/x/640.webp',
        ogType: 'product',
      },
      new URL('/car-details/abc?utm_source=x', origin),
      origin,
    );
    expect(html).toContain('<title>Tata Nexon XZ+ 2021 – ₹8,10,000 · CarBazaar</title>');
    expect(html).toContain(
      '<meta name="description" content="A &quot;clean&quot; car &lt;b&gt;&amp; more&lt;/b&gt;">',
    );
    expect(html).toContain('<link rel="canonical" href="https://cars.example.in/car-details/abc">');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(
      '<meta property="og:image" content="https://cars.example.in/api/storage/images/x/640.webp">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('noindex');
  });

  it('keeps the query in the default canonical URL; noindex pages have no canonical', () => {
    const listing = headTags(
      { title: 'Buy a used car', description: 'd' },
      new URL('/buy-a-car?fuelTypes=Diesel', origin),
      origin,
    );
    expect(listing).toContain(
      '<link rel="canonical" href="https://cars.example.in/buy-a-car?fuelTypes=Diesel">',
    );
    expect(listing).toContain('<meta name="twitter:card" content="summary">');
    const missing = headTags(
      { title: 'Page not found', description: 'd', noindex: true },
      new URL('/x', origin),
      origin,
    );
    expect(missing).toContain('<meta name="robots" content="noindex">');
    expect(missing).not.toContain('rel="canonical"');
  });

  it('writes JSON-LD that cannot close its script element early', () => {
    const html = headTags(
      {
        title: 't',
        description: 'd',
        jsonLd: (o) => [{ '@type': 'Thing', url: o, name: '</script><script>x' }],
      },
      new URL('/', origin),
      origin,
    );
    const body = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(body)).toEqual({ '@type': 'Thing', url: origin, name: '</script><script>x' });
    expect(body).not.toContain('</script>');
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('remoteLinks', () => {
  const manifest: RemoteManifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        name: 'Home',
        assets: {
          js: { sync: ['static/js/async/home.1.js'], async: ['static/js/async/later.2.js'] },
          css: { sync: ['static/css/async/home.3.css'], async: [] },
        },
      },
    ],
  };

  it("links the exposed module's styles and preloads its remote entry and scripts, next to the manifest", () => {
    expect(remoteLinks(manifest, 'https://cdn.example.in/catalog/mf-manifest.json', 'Home')).toEqual([
      '<link rel="stylesheet" href="https://cdn.example.in/catalog/static/css/async/home.3.css">',
      '<link rel="preload" as="script" fetchpriority="low" href="https://cdn.example.in/catalog/remoteEntry.js">',
      '<link rel="preload" as="script" fetchpriority="low" href="https://cdn.example.in/catalog/static/js/async/home.1.js">',
    ]);
    expect(remoteLinks(manifest, '/remotes/catalog/mf-manifest.json', 'Nope')).toEqual([]);
  });
});

describe('page data and template', () => {
  it('serialises the page data without a "<" (no early </script>, no <!--)', () => {
    const text = serializePageData({
      federation: { catalog: '/c', sell: '/s', account: '/a', admin: '/d' },
      remotes: ['catalog/Home'],
      queries: {
        mutations: [],
        queries: [{ queryKey: ['x'], queryHash: 'x', state: { data: '</script><!--' } }],
      },
    } as never);
    expect(text).not.toContain('<');
    expect(JSON.parse(text).queries.queries[0].state.data).toBe('</script><!--');
  });

  it('splits the built index.html around the root, without its static title and description', () => {
    const [before, after] = splitTemplate(
      '<html><head><meta name="description" content="x"><title>Shell</title><script defer src="/a.js"></script></head><body><div id="root"></div><noscript>n</noscript></body></html>',
    );
    expect(before).toBe('<html><head><script defer src="/a.js"></script></head><body><div id="root">');
    expect(after).toBe('</div><noscript>n</noscript></body></html>');
    expect(() => splitTemplate('<html></html>')).toThrow(/no <div id="root">/);
  });
});
