// Layout in every language at a phone's width (390 px) and a desktop's (1280 px), issue 24:
// rows of cards line up, words and numbers stay whole, controls keep their place, and the
// same control looks the same wherever it appears. Measured in the real browser from the
// boxes the page draws.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser, openTab, shootOnFailure } from './harness/browser';
import { texts } from './harness/catalogue';
import { sharedSandboxAPI } from './harness/customer';
import { uniqueEmail } from './harness/sandbox';
import { logInWithCode } from './harness/steps';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);

const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
type Width = keyof typeof widths;
const cases = (['en', 'ar', 'fr'] as const).flatMap((locale) => (Object.keys(widths) as Width[]).map((width) => ({ locale, width })));

/** Words that must never be split across two lines (at their hyphen or anywhere). */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.nodeValue ?? '';
      for (const m of text.matchAll(/e[-\u2011]mail|Wi[-\u2011]Fi/gi)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const lines = new Set(Array.from(r.getClientRects()).filter((b) => b.width > 0).map((b) => Math.round(b.top)));
        if (lines.size > 1) out.push(`${m[0]} in "${text.trim().slice(0, 60)}"`);
      }
    }
    return out;
  });
}

/** The tops (px) of the elements matched by `selector`, grouped by the row of cards (`card`) they are in. */
async function rowsOf(page: Page, card: string, selector: string): Promise<number[][]> {
  return page.evaluate(
    ([cardSel, sel]) => {
      const rows = new Map<number, number[]>();
      for (const c of Array.from(document.querySelectorAll(cardSel))) {
        const box = c.getBoundingClientRect();
        if (box.width === 0) continue;
        const el = c.querySelector(sel);
        if (!el) continue;
        const key = Math.round(box.top);
        rows.set(key, [...(rows.get(key) ?? []), Math.round(el.getBoundingClientRect().top)]);
      }
      return [...rows.values()].filter((r) => r.length > 1);
    },
    [card, selector] as const,
  );
}

const spread = (row: number[]) => Math.max(...row) - Math.min(...row);

describe('layout', () => {
  it.each(cases)('public pages line up ($locale, $width)', async ({ locale, width }) => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    await page.setViewportSize(widths[width]);
    shootOnFailure(page, `layout-public-${locale}-${width}`);
    try {
      // Home: destination cards of a row are equally tall.
      await page.goto(`/?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const heights = await page.evaluate(() => {
        const rows = new Map<number, number[]>();
        for (const a of Array.from(document.querySelectorAll('#home-destinations ~ ul a'))) {
          const b = a.getBoundingClientRect();
          rows.set(Math.round(b.top), [...(rows.get(Math.round(b.top)) ?? []), Math.round(b.height)]);
        }
        return [...rows.values()];
      });
      expect(heights.length).toBeGreaterThan(1);
      for (const row of heights) expect(spread(row), `destination card heights ${row.join(', ')}`).toBeLessThanOrEqual(1);
      expect(await brokenWords(page)).toEqual([]);

      // Plans: in a row of bundle cards, Data and the buttons sit at one height.
      await page.goto(`/plans?lang=${locale}&region=Europe`);
      const panel = page.getByRole('listitem', { name: /./ }).filter({ has: page.getByRole('article') }).first();
      await panel.getByRole('article').first().waitFor();
      for (const part of ['dl', `a[href^="#popup1"]`]) {
        for (const row of await rowsOf(page, 'article', part)) expect(spread(row), `${part} tops ${row.join(', ')}`).toBeLessThanOrEqual(1);
      }
      const bundle = ((await panel.locator('a[href^="#popup1"]').first().getAttribute('href')) ?? '').slice('#popup1'.length);
      // The coverage popup opens at its top with its title focused, even when taller than the screen.
      await panel.getByRole('article').first().getByRole('button', { name: /\+\d+/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
      expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
      await page.keyboard.press('Escape');

      // Setup guide: the 'Step N' labels of a row sit at one height.
      await page.goto(`/setup-guide/ios?lang=${locale}`);
      await page.getByRole('list', { name: /./ }).first().waitFor();
      const steps = await rowsOf(page, 'ol > li', 'span');
      if (width === 'desktop') expect(steps.length).toBeGreaterThan(0);
      for (const row of steps) expect(spread(row), `step labels ${row.join(', ')}`).toBeLessThanOrEqual(1);
      expect(await brokenWords(page)).toEqual([]);

      // The terms label reads the same on /login and at checkout.
      const termsWeight = () => page.locator('label', { has: page.locator('a[href="/terms-and-conditions"]') }).first().evaluate((l) => getComputedStyle(l).fontWeight);
      await page.goto(`/login?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const login = await termsWeight();
      expect(await brokenWords(page)).toEqual([]);
      await page.goto(`/cart/${bundle}?lang=${locale}`);
      await page.locator('select[name="countryCode"]').waitFor();
      expect(await termsWeight()).toBe(login);
      // The dial code leaves the number most of the row.
      const [select, row] = await page.locator('select[name="countryCode"]').evaluate((s) => [s.getBoundingClientRect().width, s.parentElement?.getBoundingClientRect().width ?? 0]);
      expect(select / row).toBeLessThanOrEqual(0.4);
      expect(await brokenWords(page)).toEqual([]);
      await page.goto(`/contactus?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await brokenWords(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(cases)('a customer’s pages line up ($locale, $width)', async ({ locale, width }) => {
    const email = uniqueEmail(`layout-${locale}-${width}`);
    const customer = await api().signUp(email, 'Élodie', 'Haddad');
    await api().pay(await api().openOrder(customer, await api().turkeyBundleId(customer, true)));
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    await page.setViewportSize(widths[width]);
    shootOnFailure(page, `layout-customer-${locale}-${width}`);
    const profile = texts('profile', locale);
    const layout = texts('layout', locale);
    try {
      // The phone menu's account entry looks the same logged out and logged in (full width, text centred).
      const entryBox = async (entry: ReturnType<Page['getByRole']>) => {
        await page.getByRole('button', { name: layout('menu') }).click();
        await entry.waitFor();
        const box = await entry.evaluate((el) => {
          const b = el.getBoundingClientRect();
          const text = document.createRange();
          text.selectNodeContents(el);
          const t = text.getBoundingClientRect();
          // Where the text sits in its box: its middle against the box's middle.
          return { width: Math.round(b.width), left: Math.round(b.left), centred: Math.abs(t.left + t.width / 2 - (b.left + b.width / 2)) <= 12 };
        });
        await page.getByRole('button', { name: layout('menu') }).click();
        return box;
      };
      await page.goto(`/?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const loggedOut = width === 'phone' ? await entryBox(page.getByRole('link', { name: layout('myAccount'), exact: true })) : null;
      await logInWithCode(page, shopURL, email);
      await page.goto(`/profile?lang=${locale}`);
      await page.getByRole('heading', { level: 1, name: profile('heading') }).waitFor();
      if (loggedOut) {
        const loggedIn = await entryBox(page.getByRole('button', { name: /Élodie Haddad/ }));
        expect(loggedIn).toEqual(loggedOut);
        expect(loggedIn.centred).toBe(true);
      }

      // Profile tabs on one row.
      const tabTops = await page.getByRole('tab').evaluateAll((ts) => ts.map((t) => Math.round(t.getBoundingClientRect().top)));
      expect(tabTops).toHaveLength(3);
      expect(spread(tabTops)).toBeLessThanOrEqual(1);

      // Both Copy buttons sit beside their values.
      const card = page.getByRole('article').first();
      await card.locator('dd code').first().waitFor();
      const copies = await card.locator('dd').evaluateAll((dds) =>
        dds
          .filter((dd) => dd.querySelector('code') && dd.querySelector('button'))
          .map((dd) => {
            const code = dd.querySelector('code')?.getBoundingClientRect();
            const button = dd.querySelector('button')?.getBoundingClientRect();
            return code && button ? { besideValue: button.top < code.bottom && button.bottom > code.top } : null;
          }),
      );
      expect(copies).toEqual([{ besideValue: true }, { besideValue: true }]);

      // Purchase History rows use the Active rows' heading size.
      const activeSize = await card.getByRole('button', { expanded: false }).first().evaluate((b) => getComputedStyle(b).fontSize);
      await page.getByRole('tab', { name: profile('tabHistory') }).click();
      const historySize = await page.getByRole('list', { name: profile('historyLabel') }).getByRole('button').first().evaluate((b) => getComputedStyle(b).fontSize);
      expect(historySize).toBe(activeSize);
      expect(await brokenWords(page)).toEqual([]);

      // The top-up heading keeps the ICCID on one line.
      await page.getByRole('tab', { name: profile('tabActive') }).click();
      const iccid = (await card.locator('h2 span[dir="ltr"]').first().textContent()) ?? '';
      await card.getByRole('link', { name: /./ }).filter({ hasText: texts('profile', locale)('usageTopUp') }).or(card.locator('a[href^="/topup-plans/"]')).first().click();
      await page.waitForURL(/\/topup-plans\//);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      const lines = await heading.locator('span[dir="ltr"]').evaluate((s) => new Set(Array.from(s.getClientRects()).map((r) => Math.round(r.top))).size);
      expect(lines, `ICCID ${iccid} on ${lines} lines`).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
