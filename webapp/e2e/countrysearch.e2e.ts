// The plans page's country search against the spec's select widget (section 9: menu at most
// 300 px high, at least 140), with a real pointer and keyboard: the menu scrolls under the
// wheel with every row drawn, and text that arrives in one go (paste, autofill) followed at
// once by Enter picks the country it names (issue 24, items 1 and 2).
import { describe, expect, inject, it } from 'vitest';
import { openApp, openTab, sharedBrowser, shootOnFailure, viewports } from './harness/browser';
import { texts } from './harness/catalogue';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const plans = texts('plans', 'en');

describe('the country search', () => {
  it.each(Object.keys(viewports) as (keyof typeof viewports)[])('keeps its menu within 300 px, scrolls it with the wheel and draws every row (%s)', async (size) => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL, size);
    shootOnFailure(page, `country-menu-${size}`);
    try {
      await openApp(page, '/plans?lang=en');
      const input = page.getByLabel(plans('searchLabel'));
      await input.click();
      await input.pressSequentially('a');
      const menu = page.getByRole('listbox');
      await menu.getByRole('option').first().waitFor();
      const box = await menu.boundingBox();
      if (!box) throw new Error('the menu has no box');
      expect(box.height).toBeLessThanOrEqual(300);
      expect(box.height).toBeGreaterThanOrEqual(140);

      const pageY = await page.evaluate(() => window.scrollY);
      const scrollable = await menu.evaluate((m) => m.scrollHeight - m.clientHeight);
      expect(scrollable).toBeGreaterThan(1000);
      let seen = 0;
      for (let step = 0; step < 120; step++) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, 280);
        // Two frames: the scroll event's render, then its paint.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        // Every 40 px row band in view shows an option with its name.
        const blank = await menu.evaluate((m) => {
          const r = m.getBoundingClientRect();
          const holes: number[] = [];
          for (let y = r.top + 20; y < r.bottom - 4; y += 40) {
            const hit = document.elementFromPoint(r.left + r.width / 2, y)?.closest('[role="option"]');
            if (!hit || !hit.textContent?.trim()) holes.push(Math.round(y - r.top + m.scrollTop));
          }
          return holes;
        });
        expect(blank, `blank rows at scroll offsets ${blank.join(', ')}`).toEqual([]);
        seen = await menu.evaluate((m) => m.scrollTop);
        if (seen >= scrollable) break;
      }
      // The wheel scrolled the list to its end, not the page.
      expect(seen).toBe(scrollable);
      expect(await page.evaluate(() => window.scrollY)).toBe(pageY);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(Object.keys(viewports) as (keyof typeof viewports)[])('picks the pasted country when Enter follows at once (%s)', async (size) => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL, size);
    shootOnFailure(page, `country-paste-${size}`);
    try {
      await openApp(page, '/plans?lang=en');
      const input = page.getByLabel(plans('searchLabel'));
      await input.click();
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      const picks: string[] = [];
      for (let run = 0; run < 5; run++) {
        // One input event with the whole text, then Enter in the same breath (as a paste or
        // an autofill followed by Enter): Enter comes before any task the page scheduled.
        await input.evaluate((el: HTMLInputElement) => {
          const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          set?.call(el, 'Greece');
          el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: 'Greece' }));
          void Promise.resolve().then(() => el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })));
        });
        await page.waitForURL((u) => u.searchParams.has('country'));
        picks.push(new URL(page.url()).searchParams.get('country') ?? '');
        await page.getByRole('button', { name: /^Remove / }).click();
        await page.waitForURL((u) => !u.searchParams.has('country'));
        await input.click();
      }
      expect(picks).toEqual(['GR', 'GR', 'GR', 'GR', 'GR']);
      // A real paste through the clipboard's keyboard path, then Enter.
      await input.click();
      await page.keyboard.insertText('Greece');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('country') === 'GR');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
