/**
 * Server-rendered pages as the tests read them (issue 21): a page's HTML as a browser without JavaScript
 * gets it, and the visible text of the rendered app.
 */
import { expect } from 'vitest';

/** Card prices as the pages show them, in lakh or crore (`₹5.75 lakh`; issue 25): the front ends' own formatter. */
export { formatLakh as cardPrice } from '../packages/ui/src/format';

/** Exact prices as the pages show them (`₹5,75,000`: titles, the car page). */
export const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** `GET url` asking for HTML: the status, the text and the headers. */
export async function fetchHtml(url: string): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** The visible text of an HTML fragment: tags and React's text separators removed, entities decoded. */
export function textOf(fragment: string): string {
  return fragment
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** The rendered app (inside #root, before the page data) of a page's HTML. */
export function appHtml(page: string): string {
  const start = page.indexOf('<div id="root">');
  expect(start).toBeGreaterThan(0);
  return page.slice(start, page.indexOf('id="ssr-data"'));
}

/** The visible text of the rendered app of a page's HTML. */
export function appText(page: string): string {
  return textOf(appHtml(page));
}
