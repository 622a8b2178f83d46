/** The hydration marker (issue 21): `<html data-hydrated>` only once the root and every remote area have committed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Hydration = typeof import('../src/app/ssr/hydration');
const html = { dataset: {} as Record<string, string> };

/** A fresh copy of the module (its state is per page) with a stand-in `document`. */
async function load(): Promise<Hydration> {
  vi.resetModules();
  html.dataset = {};
  return import('../src/app/ssr/hydration');
}

beforeEach(() => {
  vi.stubGlobal('document', { documentElement: html });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the hydration marker', () => {
  it('waits for every remote area the first render met, after the root', async () => {
    const h = await load();
    h.areaRendering('a');
    h.areaRendering('b');
    h.rootCommittedNow();
    expect(html.dataset.hydrated).toBeUndefined();
    h.areaCommitted('a');
    expect(html.dataset.hydrated).toBeUndefined();
    h.areaCommitted('b');
    expect(html.dataset.hydrated).toBe('true');
  });

  it('counts an area once when React renders it again after an interrupted render', async () => {
    const h = await load();
    h.areaRendering('a');
    h.areaRendering('a');
    h.areaCommitted('a');
    expect(html.dataset.hydrated).toBeUndefined();
    h.rootCommittedNow();
    expect(html.dataset.hydrated).toBe('true');
  });

  it('marks a page without remote areas when the root commits, and ignores areas of later navigations', async () => {
    const h = await load();
    h.rootCommittedNow();
    expect(html.dataset.hydrated).toBe('true');
    html.dataset = {};
    h.areaRendering('later');
    h.areaCommitted('other');
    expect(html.dataset.hydrated).toBe('true');
  });
});
