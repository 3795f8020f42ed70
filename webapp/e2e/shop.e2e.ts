// The public shop in a real browser: every information page renders its heading with no
// uncaught error, and a traveller finds Turkey by typing 'turk' and reaches the cart.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser, openTab, overflowAt, shoot, type Tab } from './harness/browser';
import { findTurkeyAndContinue } from './harness/steps';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
let tab: Tab;


describe('public pages', () => {
  beforeAll(async () => {
    tab = await openTab(browser(), shopURL);
  });
  afterAll(async () => {
    await tab.context.close();
  });

  it.each([
    { path: '/', name: 'home' },
    { path: '/plans', name: 'plans', heading: 'Connection Beyond Borders' },
    { path: '/setup-guide', name: 'setup-guide' },
    { path: '/faq', name: 'faq' },
    { path: '/contactus', name: 'contact' },
    { path: '/terms-and-conditions', name: 'terms' },
    { path: '/privacy', name: 'privacy' },
  ])('$path renders its page', async ({ path, name, heading }) => {
    const { page, pageErrors } = tab;
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    const h1 = heading ? page.getByRole('heading', { level: 1, name: heading }) : page.getByRole('heading', { level: 1 }).first();
    await h1.waitFor();
    expect((await h1.textContent())?.trim()).not.toBe('');
    // Header and footer of the layout are there on every page.
    await page.getByRole('banner').waitFor();
    await page.getByRole('contentinfo').waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, `page-${name}`);
    // Nothing sticks out sideways on a 375 px phone.
    expect(await overflowAt(page, 375)).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('a traveller looking for Turkey', () => {
  it.each(['mobile', 'desktop'] as const)("types 'turk', checks compatibility and reaches the cart (%s)", async (viewport) => {
    const t = await openTab(browser(), shopURL, viewport);
    try {
      const bundleId = await findTurkeyAndContinue(t.page, async () => {
        if (viewport === 'desktop') await shoot(t.page, 'plans-compatibility-popup');
      });
      expect(bundleId).not.toBe('');
      await t.page.getByRole('heading', { level: 1, name: 'Just one more step to get your eSIM' }).waitFor();
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.context.close();
    }
  });
});
