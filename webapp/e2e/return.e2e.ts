// Login that brings the customer back (issue 12): a top-up link opened while logged out goes
// to /login?next=<the link>, and after the mailed code the customer lands on that top-up
// list, not on /profile. A hostile ?next= (another origin, a protocol-relative or
// `javascript:` URL) never takes the customer off the shop: logging in lands on /profile.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser, openTab, shootOnFailure } from './harness/browser';
import { texts } from './harness/catalogue';
import { sharedSandboxAPI } from './harness/customer';
import { uniqueEmail } from './harness/sandbox';
import { logInHere, logInWithCode, seeEsimWithQR } from './harness/steps';

const shopURL = inject('shopURL');
const shopOrigin = new URL(shopURL).origin;
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);


/** The open-redirect attempts, as a link would carry them in ?next=. */
const hostile = [
  '//evil.example',
  'https://evil.example/x',
  'javascript:alert(document.domain)',
  '/\\evil.example',
  // A browser drops tabs and newlines from a URL, so this would become //evil.example.
  '/\t/evil.example',
];

/**
 * guardOrigin fails every request the tab makes to another host (the shop serves its
 * catalogues, fonts and API itself) and records it, so an escape is seen even if it is
 * quick to bounce back.
 */
async function guardOrigin(context: BrowserContext): Promise<string[]> {
  const escapes: string[] = [];
  await context.route(
    (url) => url.origin !== shopOrigin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    async (route) => {
      escapes.push(route.request().url());
      await route.abort();
    },
  );
  return escapes;
}

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return { origin: u.origin, path: u.pathname + u.search };
};

describe('a customer sent to log in', () => {
  it('opens a top-up link logged out, logs in and comes back to that top-up list', async () => {
    const email = uniqueEmail('return');
    const customer = await api().signUp(email, 'Maya', 'Khoury');
    await api().pay(await api().openOrder(customer, await api().turkeyBundleId(customer, true)));

    // The top-up link as My eSIMs gives it (a customer may bookmark or share it).
    let topupLink = '';
    {
      const { context, page } = await openTab(browser(), shopURL);
      shootOnFailure(page, 'return-profile');
      try {
        await logInWithCode(page, shopURL, email);
        const iccid = await seeEsimWithQR(page);
        const card = page.getByRole('article').filter({ hasText: iccid });
        topupLink = (await card.getByRole('link', { name: texts('profile', 'en')('usageTopUp') }).first().getAttribute('href')) ?? '';
      } finally {
        await context.close();
      }
    }
    expect(topupLink).toMatch(/^\/topup-plans\/TR\/\d+\/[^/]+\/\d+$/);

    // A fresh browser: nobody is logged in.
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(page, 'return-topup');
    const escapes = await guardOrigin(context);
    try {
      await page.goto(topupLink);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(topupLink);
      // Not the generic failure the page used to end in.
      expect(await page.getByText(texts('shared', 'en')('somethingWentWrong')).count()).toBe(0);

      await logInHere(page, shopURL, email);
      await page.waitForURL((u) => u.pathname === topupLink);
      const topup = texts('topup', 'en');
      await page.getByRole('heading', { level: 1, name: /^Topup eSIM with ICCID \d+$/ }).waitFor();
      const list = page.getByRole('list', { name: topup('plansLabel') });
      await list.getByRole('listitem').first().waitFor();
      expect(await list.getByRole('button', { name: new RegExp(`^${topup('buyNow')}`, 'i') }).count()).toBeGreaterThan(0);
      expect(pathOf(page)).toEqual({ origin: shopOrigin, path: topupLink });
      expect(await page.evaluate(() => localStorage.getItem('isGuest'))).toBe('false');

      // Now logged in, the login and code pages with a hostile ?next= send to My eSIMs.
      for (const next of hostile) {
        for (const form of ['/login', '/otp/someone%40example.com/u1']) {
          await page.goto(`${form}?next=${encodeURIComponent(next)}`);
          await page.waitForURL((u) => u.pathname === '/profile');
          expect(pathOf(page), `${form}?next=${JSON.stringify(next)}`).toEqual({ origin: shopOrigin, path: '/profile' });
        }
      }
      expect(escapes).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('logs in from a link whose ?next= points off the shop and stays on the shop', async () => {
    const email = uniqueEmail('evilnext');
    await api().signUp(email, 'Elie', 'Saad');
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(page, 'return-hostile');
    const escapes = await guardOrigin(context);
    try {
      for (const [i, next] of ['https://evil.example/x', '//evil.example'].entries()) {
        await page.goto(`/login?next=${encodeURIComponent(next)}`);
        // The code page is not given the hostile target to carry on.
        await logInHere(page, shopURL, email);
        await page.waitForURL((u) => u.pathname === '/profile');
        expect(pathOf(page), `login ${i + 1} with ?next=${next}`).toEqual({ origin: shopOrigin, path: '/profile' });
        // Log out for the next round, as the customer would.
        await page.getByRole('button', { name: 'Elie Saad' }).click();
        await page.getByRole('link', { name: texts('layout', 'en')('logout') }).click();
        await page.waitForURL((u) => u.pathname === '/login' && u.search === '');
      }
      expect(escapes).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
