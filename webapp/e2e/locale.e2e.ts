// The shop in Arabic (issue 12): `?lang=ar` gives a right-to-left page whose texts are the
// Arabic catalogues', a traveller browses the plans and opens one in Arabic, every page of the
// walk passes axe's WCAG A/AA rules, and the header's switcher remembers a language across a
// reload and a visit without `?lang=`.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './harness/axe';
import { openApp, openTab, reloadApp, sharedBrowser, shootOnFailure } from './harness/browser';
import { planTitle, priceText, texts, type Locale } from './harness/catalogue';
import { sharedSandboxAPI } from './harness/customer';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);


/** The page's `<html lang dir>`. */
const htmlLangDir = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

const dirOf = (l: Locale) => (l === 'ar' ? 'rtl' : 'ltr');

describe('a traveller reading Arabic', () => {
  it('browses the plans right to left in Arabic, opens a plan, reaches the login, and every page passes axe', async () => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(page, 'arabic-journey');
    const layout = texts('layout', 'ar');
    try {
      await openApp(page, '/?lang=ar');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      // The header speaks Arabic.
      const nav = page.getByRole('navigation', { name: layout('mainNav') });
      for (const key of ['navPlans', 'navSetupGuide', 'navFaq', 'navContact']) await nav.getByRole('link', { name: layout(key) }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), 'axe on / in Arabic').toEqual([]);

      // The header's Plans link: the plans page, still Arabic and right to left.
      const plans = texts('plans', 'ar');
      const shared = texts('shared', 'ar');
      await nav.getByRole('link', { name: layout('navPlans') }).click();
      await page.waitForURL(/\/plans/);
      await page.getByRole('heading', { level: 1, name: plans('heading') }).waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      await page.getByLabel(plans('searchLabel')).waitFor();
      await page.getByRole('tab', { name: plans('tabCountries'), selected: true }).waitFor();

      // Turkey, named as the browser names it in Arabic: its plans open under it, and a
      // plan's details show the Arabic labels around the provider's values.
      const turkey = await page.evaluate(() => new Intl.DisplayNames(['ar-LB'], { type: 'region' }).of('TR') ?? 'TR');
      await page.getByRole('button', { name: turkey, exact: true }).click();
      const panel = page.getByRole('listitem', { name: plans('areaPlans', { name: turkey }) });
      const first = panel.getByRole('article').first();
      await first.waitFor();
      // The first plan is the catalogue's first for Turkey, titled in Arabic (docs/i18n.md)
      // and priced by Intl in Arabic with Latin digits and the code USD.
      const [plan] = await api().areaBundles('TR');
      if (!plan) throw new Error('the sandbox lists no Turkey bundle');
      const title = planTitle('ar', plan.businessTitle, turkey);
      expect(await first.getAttribute('aria-label')).toBe(title);
      expect(await first.getByRole('heading', { level: 3 }).textContent()).toBe(title);
      const price = await priceText(page, 'ar', plan.price);
      expect(price).toMatch(/^\u200f?\d+\.\d{2}\u00a0USD$/);
      expect(await first.locator('dd bdi').textContent()).toBe(price);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), 'axe on /plans in Arabic with Turkey open').toEqual([]);
      await first.getByRole('button', { name: plans('moreInfo') }).click();
      const details = page.getByRole('dialog');
      await details.waitFor();
      for (const label of [shared('data'), shared('validity'), shared('price'), plans('planType'), plans('topup')]) {
        await details.getByRole('term').filter({ hasText: label }).waitFor();
      }
      expect(await details.textContent()).toContain(plans('dataOnly'));
      expect(await axeViolations(page), 'axe on the plan details in Arabic').toEqual([]);
      await details.getByRole('button', { name: shared('close') }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      // The account link leads to the login page in Arabic.
      const auth = texts('auth', 'ar');
      await page.getByRole('link', { name: layout('myAccount') }).click();
      await page.waitForURL(/\/login$/);
      await page.getByRole('heading', { level: 1, name: auth('heading') }).waitFor();
      await page.getByLabel(auth('emailLabel')).waitFor();
      await page.getByRole('button', { name: auth('sendCode') }).waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), 'axe on /login in Arabic').toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the language picked in the header switcher after a reload and on the next visit', async () => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(page, 'language-switcher');
    try {
      await openApp(page, '/plans?lang=ar');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });

      // The switcher is named in the page's language; French is named in French.
      await page.getByLabel(texts('shared', 'ar')('language')).selectOption({ label: 'Français' });
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'fr', dir: dirOf('fr') });
      const frLayout = texts('layout', 'fr');
      await page.getByRole('navigation', { name: frLayout('mainNav') }).getByRole('link', { name: frLayout('navPlans') }).waitFor();

      await reloadApp(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'fr', dir: 'ltr' });

      // A later visit without ?lang= comes back in French.
      await openApp(page, '/faq');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'fr', dir: 'ltr' });
      await page.getByRole('link', { name: frLayout('navPlans') }).first().waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
