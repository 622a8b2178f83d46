/**
 * axe-core in the page under test (issue 9 and later acceptances: no serious or critical violation).
 * The script is injected through the DevTools protocol, since the app's CSP forbids inline scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './app';

const axeSource = fs.readFileSync(path.join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** What to check: the whole document, the first element matching a selector, or axe's include list. */
export type AxeScope = string | { include: string[][] } | undefined;

/**
 * The serious and critical axe-core violations in `scope` of the page (default the whole document), each as
 * `id (impact): targets`. Running CSS transitions (a theme switch) end first, so colours are not measured
 * half-way.
 */
export async function seriousViolations(page: Page, scope?: AxeScope): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return await page.evaluate(async (where) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((t) => t.finished.catch(() => undefined)));
    const context =
      typeof where === 'string' ? (document.querySelector(where) ?? document) : (where ?? document);
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, scope);
}
