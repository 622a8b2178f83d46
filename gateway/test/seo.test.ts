/** robots.txt and the public origin (gateway/src/seo.ts, platform origin.ts; issue 21). Over HTTP: seo.int.test.ts. */
import { publicOrigin } from '@marketplace/platform';
import { describe, expect, it } from 'vitest';
import { robotsTxt } from '../src/seo';

describe('robots.txt', () => {
  it('keeps crawlers out of the API and signed-in pages and names the sitemap at its absolute URL', () => {
    const text = robotsTxt('https://cars.example.in');
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/api/', '/dashboard', '/profile', '/appointment', '/sold']) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text.endsWith('\nSitemap: https://cars.example.in/sitemap.xml\n')).toBe(true);
  });
});

describe('publicOrigin', () => {
  const req = { protocol: 'http', host: '127.0.0.1:8080' };
  it('is PUBLIC_URL without trailing slashes when set, else the request protocol and host', () => {
    expect(publicOrigin(req, 'https://cars.example.in/')).toBe('https://cars.example.in');
    expect(publicOrigin(req, 'https://cars.example.in')).toBe('https://cars.example.in');
    expect(publicOrigin(req, undefined)).toBe('http://127.0.0.1:8080');
    expect(publicOrigin({ protocol: 'https', host: 'cars.example.in' }, '')).toBe('https://cars.example.in');
  });
});
