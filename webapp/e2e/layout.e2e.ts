// Layout in every language at a phone's width (390 px) and a desktop's (1280 px), issue 24:
// rows of cards line up, words and numbers stay whole, controls keep their place, and the
// same control looks the same wherever it appears. Measured in the real browser from the
// boxes the page draws, once the app has taken the page over (openApp). One page per test,
// so no test carries a whole tour of the shop; the customer's pages share one customer,
// signed up and with a paid eSIM before the tests, whose session is stored as the code
// login would store it (the login itself is other journeys' subject).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from './harness/a11y';
import { openApp, openTab, sharedBrowser, shootFailure, type Tab } from './harness/browser';
import { texts, type Locale } from './harness/catalogue';
import { sharedSandboxAPI, type Customer } from './harness/customer';
import { uniqueEmail } from './harness/sandbox';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);

const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
type Width = keyof typeof widths;
const locales = ['en', 'ar', 'fr'] as const;
const cases = locales.flatMap((locale) => (Object.keys(widths) as Width[]).map((width) => ({ locale, width })));

/**
 * inTab opens a tab at the case's width and runs check in it, allowing no uncaught page
 * error. A failure leaves test-results/screenshots/failed-<name>.png, taken before the tab
 * closes.
 */
async function inTab(name: string, width: Width, check: (t: Tab) => Promise<void>): Promise<void> {
  const t = await openTab(browser(), shopURL);
  await t.page.setViewportSize(widths[width]);
  try {
    await check(t);
    expect(t.pageErrors).toEqual([]);
  } catch (err) {
    await shootFailure(t.page, name);
    throw err;
  } finally {
    await t.context.close();
  }
}

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

describe('layout of the public pages', () => {
  it.each(cases)('home destination cards of a row are equally tall, words whole ($locale, $width)', ({ locale, width }) =>
    inTab(`layout-home-${locale}-${width}`, width, async ({ page }) => {
      await openApp(page, `/?lang=${locale}`);
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
    }),
  );

  it.each(cases)('bundle cards of a row line up, and the coverage popup opens at its title ($locale, $width)', ({ locale, width }) =>
    inTab(`layout-plans-${locale}-${width}`, width, async ({ page }) => {
      // In a row of bundle cards, Data and the buttons sit at one height.
      await openApp(page, `/plans?lang=${locale}&region=Europe`);
      const panel = page.getByRole('listitem', { name: /./ }).filter({ has: page.getByRole('article') }).first();
      await panel.getByRole('article').first().waitFor();
      for (const part of ['dl', `a[href^="#popup1"]`]) {
        for (const row of await rowsOf(page, 'article', part)) expect(spread(row), `${part} tops ${row.join(', ')}`).toBeLessThanOrEqual(1);
      }
      // The coverage popup opens at its top with its title focused, even when taller than the screen.
      await panel.getByRole('article').first().getByRole('button', { name: /\+\d+/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
      expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    }),
  );

  it.each(cases)("the setup guide's 'Step N' labels of a row sit at one height ($locale, $width)", ({ locale, width }) =>
    inTab(`layout-setup-${locale}-${width}`, width, async ({ page }) => {
      await openApp(page, `/setup-guide/ios?lang=${locale}`);
      await page.getByRole('list', { name: /./ }).first().waitFor();
      const steps = await rowsOf(page, 'ol > li', 'span');
      if (width === 'desktop') expect(steps.length).toBeGreaterThan(0);
      for (const row of steps) expect(spread(row), `step labels ${row.join(', ')}`).toBeLessThanOrEqual(1);
      expect(await brokenWords(page)).toEqual([]);
    }),
  );

  it.each(cases)('the terms label reads the same on /login and at checkout, and the dial code leaves the number most of its row ($locale, $width)', ({ locale, width }) =>
    inTab(`layout-forms-${locale}-${width}`, width, async ({ page }) => {
      const [bundle] = await api().areaBundles('TR');
      if (!bundle) throw new Error('the sandbox lists no Turkey bundle');
      const termsWeight = () => page.locator('label', { has: page.locator('a[href="/terms-and-conditions"]') }).first().evaluate((l) => getComputedStyle(l).fontWeight);
      await openApp(page, `/login?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const login = await termsWeight();
      expect(await brokenWords(page)).toEqual([]);

      await openApp(page, `/cart/${encodeURIComponent(bundle.id)}?lang=${locale}`);
      const dial = page.locator('select[name="countryCode"]');
      await dial.waitFor();
      expect(await termsWeight()).toBe(login);
      const [select, row] = await dial.evaluate((s) => [s.getBoundingClientRect().width, s.parentElement?.getBoundingClientRect().width ?? 0]);
      expect(row).toBeGreaterThan(0);
      expect(select / row).toBeLessThanOrEqual(0.4);
      expect(await brokenWords(page)).toEqual([]);
    }),
  );

  it.each(cases)('the contact page keeps its words whole ($locale, $width)', ({ locale, width }) =>
    inTab(`layout-contact-${locale}-${width}`, width, async ({ page }) => {
      await openApp(page, `/contactus?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await brokenWords(page)).toEqual([]);
    }),
  );
});

describe('layout of a customer’s pages', () => {
  let customer: Customer | undefined;
  beforeAll(async () => {
    const c = await api().signUp(uniqueEmail('layout'), 'Élodie', 'Haddad');
    await api().pay(await api().openOrder(c, await api().turkeyBundleId(c, true)));
    customer = c;
  });
  const me = (): Customer => {
    if (!customer) throw new Error('layout: the customer was not signed up');
    return customer;
  };

  /** openProfile opens /profile in the locale with the customer's session and waits for the first eSIM's codes. */
  async function openProfile(page: Page, locale: Locale) {
    await signIn(page, me());
    await openApp(page, `/profile?lang=${locale}`);
    await page.getByRole('heading', { level: 1, name: texts('profile', locale)('heading') }).waitFor();
    const card = page.getByRole('article').first();
    await card.locator('dd code').first().waitFor();
    return card;
  }

  it.each(locales)('the phone menu’s account entry looks the same logged out and logged in (%s)', (locale) =>
    inTab(`layout-menu-${locale}`, 'phone', async ({ page }) => {
      const layout = texts('layout', locale);
      // The entry's width, place and whether its text is centred in it.
      const entryBox = async (entry: ReturnType<Page['getByRole']>) => {
        const menu = page.getByRole('button', { name: layout('menu') });
        await menu.click();
        await entry.waitFor();
        const box = await entry.evaluate((el) => {
          const b = el.getBoundingClientRect();
          const text = document.createRange();
          text.selectNodeContents(el);
          const t = text.getBoundingClientRect();
          // Where the text sits in its box: its middle against the box's middle.
          return { width: Math.round(b.width), left: Math.round(b.left), centred: Math.abs(t.left + t.width / 2 - (b.left + b.width / 2)) <= 12 };
        });
        await menu.click();
        await entry.waitFor({ state: 'hidden' });
        return box;
      };
      await openApp(page, `/?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const loggedOut = await entryBox(page.getByRole('link', { name: layout('myAccount'), exact: true }));
      await signIn(page, me());
      await openApp(page, `/?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const loggedIn = await entryBox(page.getByRole('button', { name: /Élodie Haddad/ }));
      expect(loggedIn).toEqual(loggedOut);
      expect(loggedIn.centred).toBe(true);
    }),
  );

  it.each(cases)('profile: tabs on one row, Copy beside its value, history rows headed like active ones ($locale, $width)', ({ locale, width }) =>
    inTab(`layout-profile-${locale}-${width}`, width, async ({ page }) => {
      const profile = texts('profile', locale);
      const card = await openProfile(page, locale);
      // Profile tabs on one row.
      const tabTops = await page.getByRole('tab').evaluateAll((ts) => ts.map((t) => Math.round(t.getBoundingClientRect().top)));
      expect(tabTops).toHaveLength(3);
      expect(spread(tabTops)).toBeLessThanOrEqual(1);

      // Both Copy buttons sit beside their values.
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
    }),
  );

  it.each(cases)('the top-up heading keeps the ICCID on one line ($locale, $width)', ({ locale, width }) =>
    inTab(`layout-topup-${locale}-${width}`, width, async ({ page }) => {
      const card = await openProfile(page, locale);
      const iccid = (await card.locator('h2 span[dir="ltr"]').first().textContent()) ?? '';
      expect(iccid).toMatch(/^\d{18,22}$/);
      await card.locator('a[href^="/topup-plans/"]').first().click();
      await page.waitForURL(/\/topup-plans\//);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      const number = heading.locator('span[dir="ltr"]');
      expect(await number.textContent()).toBe(iccid);
      const lines = await number.evaluate((s) => new Set(Array.from(s.getClientRects()).map((r) => Math.round(r.top))).size);
      expect(lines, `ICCID ${iccid} on ${lines} lines`).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    }),
  );
});
