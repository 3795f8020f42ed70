// axe-core, the engine Storybook's a11y addon runs on every story, run on a real page of the
// shop served by `esim serve`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0–2.2 A and AA rules: the level the shop is held to (issue 13). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axeViolations runs axe on the page as it is now and returns one line per violated rule
 * (rule, impact, the offending elements), so a failed expectation says what to fix. The
 * script goes in through the DevTools protocol, which the page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, WCAG_AA);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 5).join(', ')}`);
}
