// The first screen in the HTML (issue 23 item 1): every public page is prerendered at build
// time in en, ar and fr; `esim serve` sends the one for the visitor's language with the
// runtime configuration filled in, and React takes that markup over (hydration) without
// rendering it again. A hydration mismatch fails here: React reports it (reportError, a page
// error) and replaces the prerendered nodes, and both are checked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser, shootOnFailure } from './harness/browser';
import { texts, type Locale } from './harness/catalogue';
import { startShop, type Shop } from './harness/serve';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const dist = process.env.ESIM_WEBAPP_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, 'prerender', 'manifest.json'), 'utf8')) as {
  locales: Locale[];
  routes: { path: string }[];
};
const locales = manifest.locales;

type Visit = {
  /** The page's <html lang dir> as served. */
  html: { lang: string; dir: string };
  /** The first heading as served, before any script ran ('' when the page has none). */
  served: string;
  /** Whether the served heading is still the one in the document once hydrated. */
  kept: boolean;
  errors: string[];
};

/**
 * heldVisit opens path with the app's entry held back until release is called: until then the
 * page is the prerendered HTML and the boot script alone, whatever the machine's speed.
 */
async function heldVisit(url: string, viewport = { width: 1280, height: 720 }) {
  const context = await browser().newContext({ baseURL: shopURL, serviceWorkers: 'block', viewport });
  const page = await context.newPage();
  shootOnFailure(page, `prerender-held${url.replace(/\W+/g, '-')}`);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url);
  return { context, page, release };
}

/** The page's main element carries React's fiber: React has taken the page over. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return main !== null && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
  });

/**
 * visit opens path in a fresh context (no service worker: a first visit) and waits for React
 * to have taken the page over: the page's main element carries React's fiber.
 */
async function visit(b: Browser, base: string, url: string, options: BrowserContextOptions = {}, flagService = ''): Promise<Visit> {
  const context = await b.newContext({ baseURL: base, serviceWorkers: 'block', viewport: { width: 375, height: 812 }, ...options });
  // A configured flag service answers with a drawing (the machine has no internet).
  if (flagService) await context.route(`${flagService}**`, (r) => r.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"/>' }));
  const page = await context.newPage();
  shootOnFailure(page, `prerender${url.replace(/\W+/g, '-')}`);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  // Before any script: the served document's heading and language.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as { __served: { h1: Element | null; lang: string; dir: string } };
      w.__served = { h1: document.querySelector('#root h1'), lang: document.documentElement.lang, dir: document.documentElement.dir };
    });
  });
  try {
    await page.goto(url);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const s = (window as unknown as { __served: { h1: Element | null; lang: string; dir: string } }).__served;
      return {
        html: { lang: s.lang, dir: s.dir },
        served: s.h1?.textContent ?? '',
        kept: s.h1 !== null && s.h1 === document.querySelector('#root h1') && s.h1.isConnected,
        errors: [],
      };
    }).then((v) => ({ ...v, errors }));
  } finally {
    await context.close();
  }
}

describe('prerendered pages (the shop as the e2e suite configures it: a WhatsApp number set)', () => {
  for (const locale of locales) {
    it(`every public page in ${locale} arrives with its heading and hydrates without a mismatch`, async () => {
      for (const { path: route } of manifest.routes) {
        const v = await visit(browser(), shopURL, `${route}?lang=${locale}`);
        const where = `${route} (${locale})`;
        expect(v.errors, where).toEqual([]);
        expect(v.html, where).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
        // The payment result's outcome comes from the query: its frame alone is prerendered.
        if (route === '/actionresult') continue;
        expect(v.served, `${where}: heading in the HTML`).not.toBe('');
        expect(v.kept, `${where}: the prerendered heading is the one React took over`).toBe(true);
      }
    });
  }

  it('sends the page in the language the visitor chose: the browser language first, then the switcher', async () => {
    const layout = texts('layout', 'fr');
    const v = await visit(browser(), shopURL, '/plans', { locale: 'fr-FR' });
    expect(v.html.lang).toBe('fr');
    expect(v.served).toBe(texts('plans', 'fr')('heading'));
    expect(v.kept).toBe(true);
    expect(v.errors).toEqual([]);

    // Choosing Arabic in the switcher is remembered for the server too (the locale cookie).
    const context = await browser().newContext({ baseURL: shopURL, serviceWorkers: 'block', locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto('/plans');
      // (Before hydration the switcher is a plain select: a change would go unheard.)
      await hydrated(page);
      await page.getByRole('combobox', { name: texts('shared', 'fr')('language') }).selectOption('ar');
      await page.waitForFunction(() => document.documentElement.lang === 'ar');
      const res = await page.request.get('/faq');
      expect(await res.text()).toContain('<html lang="ar" dir="rtl">');
      expect(layout('navFaq')).not.toBe('');
    } finally {
      await context.close();
    }
  });

  it('keeps what the visitor typed and chose before the app took the page over', async () => {
    const { context, page, release } = await heldVisit('/plans?lang=en');
    try {
      const plans = texts('plans', 'en');
      await page.getByLabel(plans('searchLabel')).fill('turk');
      release();
      await hydrated(page);
      // The text reached the country search: its menu offers Turkey.
      await page.getByRole('option', { name: 'Turkey' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('answers a tap in the country search made before the app took the page over: its list opens', async () => {
    const { context, page, release } = await heldVisit('/plans?lang=en');
    try {
      await page.getByLabel(texts('plans', 'en')('searchLabel')).click();
      expect(await page.getByRole('listbox').getByRole('option').count()).toBe(0);
      release();
      await hydrated(page);
      await page.getByRole('listbox').getByRole('option').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens the phone menu pressed before the app took the page over, once (not opened and closed again)', async () => {
    const { context, page, release } = await heldVisit('/', { width: 375, height: 812 });
    try {
      const menu = page.getByRole('button', { name: texts('layout', 'en')('menu') });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      release();
      await hydrated(page);
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
      // Still open once the replay is over (two frames later).
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
    } finally {
      await context.close();
    }
  });

  // The guide opens on the visitor's phone's tab (issue 24): the server sends an Android phone
  // the page prerendered on that tab, or hydration would find the iOS tab and fail (React
  // error 418, seen by Lighthouse's Android emulation) and the Android steps would paint late.
  it('sends an Android phone the setup guide on its tab, and an iPhone on its own, both hydrating without a mismatch', async () => {
    const phones = [
      { name: 'Android', tab: 'Android', userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36' },
      { name: 'iPhone', tab: 'iOS', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' },
    ];
    for (const phone of phones) {
      for (const locale of ['en', 'ar'] as const) {
        const where = `${phone.name} (${locale})`;
        const v = await visit(browser(), shopURL, `/setup-guide?lang=${locale}`, { userAgent: phone.userAgent });
        expect(v.errors, where).toEqual([]);
        expect(v.kept, where).toBe(true);
        const res = await fetch(`${shopURL}/setup-guide?lang=${locale}`, { headers: { 'User-Agent': phone.userAgent } });
        expect(res.headers.get('vary'), where).toContain('User-Agent');
        const served = await res.text();
        expect(served, `${where}: the ${phone.tab} tab is selected in the HTML`).toMatch(new RegExp(`aria-selected="true"[^>]*>${phone.tab}</button>`));
      }
    }
  });

  it('keeps the app shell for unknown routes and for a query the first screen depends on', async () => {
    for (const url of ['/no/such/page', '/plans?country=TR']) {
      const res = await fetch(`${shopURL}${url}`);
      expect(await res.text(), url).toContain('<div id="root"></div>');
    }
  });
});

describe("prerendered pages on another operator's configuration", () => {
  let shop: Shop;
  const config = {
    brand: 'Cedar & Sons',
    phone: '+961 3 123 456',
    email: 'help@sons.example',
    liveChat: 'https://chat.example/live?a=1&b=2',
    flags: 'https://flags.example/w40/',
  };
  beforeAll(async () => {
    // No WhatsApp number (`off`: on the sandbox the default is the demo number): its buttons
    // are removed from the prerendered pages.
    shop = await startShop({
      args: ['--brand', config.brand, '--support-phone', config.phone, '--support-email', config.email, '--live-chat-url', config.liveChat, '--flag-base-url', config.flags, '--whatsapp', 'off'],
    });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('fills brand, phone, e-mail, live chat and flags in, removes WhatsApp, and hydrates without a mismatch', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const route of ['/', '/contactus', '/terms-and-conditions']) {
        const v = await visit(browser(), shop.url, `${route}?lang=${locale}`, {}, config.flags);
        expect(v.errors, `${route} (${locale})`).toEqual([]);
        expect(v.kept, `${route} (${locale})`).toBe(true);
      }
      const home = await (await fetch(`${shop.url}/?lang=${locale}`)).text();
      expect(home).toContain('<span>Cedar &amp; Sons</span>');
      expect(home).toContain('href="tel:+9613123456"');
      expect(home).toContain(`src="${config.flags}`);
      expect(home).not.toContain('wa.me');
      const contact = await (await fetch(`${shop.url}/contactus?lang=${locale}`)).text();
      expect(contact).toContain('href="https://chat.example/live?a=1&amp;b=2"');
      expect(contact).toContain('href="mailto:help@sons.example"');
    }
  });
});
