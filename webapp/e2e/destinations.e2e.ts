// Home destination cards (issue 12, item 6): a card opens /plans with its country already
// chosen in the search and that country's bundles listed, so the traveller does not search
// again; the same in English, French and Arabic (names as the page's language gives them).
import { describe, expect, inject, it } from 'vitest';
import { openApp, openTab, sharedBrowser, shootOnFailure } from './harness/browser';
import { planTitle, texts, type Locale } from './harness/catalogue';
import { sharedSandboxAPI } from './harness/customer';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);


/** The page's Intl locale per language (src/shared/i18n/locales.ts INTL_LOCALES). */
const intlLocale: Record<Locale, string> = { en: 'en-US', ar: 'ar-LB-u-nu-latn', fr: 'fr-FR-u-nu-latn' };

describe('a home destination card', () => {
  it.each<Locale>(['en', 'fr', 'ar'])('opens /plans with Turkey selected and its bundles listed (%s)', async (locale) => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL, 'mobile');
    shootOnFailure(page, `destination-card-${locale}`);
    const home = texts('home', locale);
    const plans = texts('plans', locale);
    try {
      await openApp(page, `/?lang=${locale}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // English keeps the spec's card names; the others name the country as the browser does.
      const turkey = locale === 'en' ? 'Turkey' : await page.evaluate((l) => new Intl.DisplayNames([l], { type: 'region' }).of('TR') ?? 'TR', intlLocale[locale]);
      const cards = page.getByRole('region', { name: home('destinationsHeading') });
      const card = cards.getByRole('link', { name: turkey, exact: true });
      expect(await card.getAttribute('href')).toBe('/plans?country=TR');
      await card.click();

      await page.waitForURL((u) => u.pathname === '/plans' && u.searchParams.get('country') === 'TR');
      await page.getByRole('heading', { level: 1, name: plans('heading') }).waitFor();
      await page.getByRole('heading', { name: plans('searchResults') }).waitFor();
      // The search box shows Turkey, in the page's language, as the chosen country (its
      // chip's remove button is named after it)...
      await page.getByLabel(plans('searchLabel')).waitFor();
      await page.getByRole('button', { name: plans('removeCountry', { name: turkey }), exact: true }).waitFor();
      // ...and the results are Turkey's bundles, not the browsing tabs.
      const results = page.getByRole('list', { name: plans('searchResultsList') });
      const bundles = results.getByRole('article');
      await bundles.first().waitFor();
      const titles = await bundles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      // Turkey's own bundles come first, in the catalogue's order, titled in the page's
      // language (docs/i18n.md: 'Turkey 500MB 1 Day' is 'Turquie 500 Mo 1 jour'); bundles
      // of wider areas that cover it (Europe) follow.
      const own = (await api().searchBundles('TR')).filter((b) => b.businessTitle.startsWith('Turkey '));
      expect(own.length).toBeGreaterThan(1);
      expect(titles.slice(0, own.length)).toEqual(own.map((b) => planTitle(locale, b.businessTitle, turkey)));
      expect(titles.length).toBeGreaterThan(own.length);
      expect(await page.getByRole('tablist', { name: plans('destinationType') }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
