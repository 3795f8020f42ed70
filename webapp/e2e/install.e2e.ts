// Install on this phone: a customer with an eSIM opens My eSIMs on an Android phone and gets
// Android's one-tap link, on an iPhone Apple's; the card's WhatsApp button carries the ICCID,
// and an expanded plan says when its figures were read.
import { describe, expect, inject, it } from 'vitest';
import { openApp, openTab, sharedBrowser, shoot, shootOnFailure, userAgents } from './harness/browser';
import { sharedSandboxAPI } from './harness/customer';
import { uniqueEmail } from './harness/sandbox';
import { logInWithCode, seeEsimWithQR } from './harness/steps';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);


/** carddata of a one-tap link, decoded: the LPA activation code. */
const carddata = (href: string | null) => new URL(href ?? '').searchParams.get('carddata') ?? '';

describe('install on this phone', () => {
  it('an Android phone gets the Android one-tap link; WhatsApp carries the ICCID; usage says "As of"', async () => {
    const email = uniqueEmail('android');
    const customer = await api().signUp(email, 'Rana', 'Haddad');
    await api().pay(await api().openOrder(customer, await api().turkeyBundleId(customer)));
    const { context, page, pageErrors } = await openTab(browser(), shopURL, 'mobile', { userAgent: userAgents.android });
    shootOnFailure(page, 'install-android');
    try {
      await logInWithCode(page, shopURL, email);
      const iccid = await seeEsimWithQR(page);
      const card = page.getByRole('article').filter({ hasText: iccid });

      const link = card.getByRole('link', { name: 'Install on this Android phone' });
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^https:\/\/esimsetup\.android\.com\/esim_qrcode_provisioning\?carddata=LPA%3A1%24/);
      const lpa = carddata(href);
      expect(lpa).toMatch(/^LPA:1\$[^$]+\$[^$]+$/);
      // The same code the copy buttons give.
      expect(lpa.endsWith(`$${await card.locator('dd code').nth(1).textContent()}`)).toBe(true);
      expect(await card.getByRole('link', { name: /iPhone/ }).count()).toBe(0);
      await card.getByRole('button', { name: 'Copy Activation code' }).waitFor();

      const wa = await card.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
      const waURL = new URL(wa ?? '');
      expect(waURL.origin + waURL.pathname).toBe('https://wa.me/96171555010');
      expect(waURL.searchParams.get('text')).toContain(`ICCID: ${iccid}`);

      await card.getByRole('button', { expanded: false }).filter({ hasText: 'Turkey' }).first().click();
      await card.getByRole('progressbar', { name: 'Data used' }).waitFor();
      await card.getByText(/^As of /).waitFor();
      await shoot(page, 'install-android');

      await openApp(page, '/contactus');
      const contactWa = await page.getByRole('main').getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
      // The footer's WhatsApp icon opens the same chat, without text.
      expect(await page.getByRole('contentinfo').getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/96171555010');
      expect(contactWa).toMatch(/^https:\/\/wa\.me\/96171555010\?text=/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an iPhone gets the iOS one-tap link and no Android link', async () => {
    const email = uniqueEmail('iphone');
    const customer = await api().signUp(email, 'Karim', 'Nassar');
    await api().pay(await api().openOrder(customer, await api().turkeyBundleId(customer)));
    const { context, page, pageErrors } = await openTab(browser(), shopURL, 'mobile', { userAgent: userAgents.iPhone });
    shootOnFailure(page, 'install-iphone');
    try {
      await logInWithCode(page, shopURL, email);
      const iccid = await seeEsimWithQR(page);
      const card = page.getByRole('article').filter({ hasText: iccid });
      const href = await card.getByRole('link', { name: 'Install on this iPhone' }).getAttribute('href');
      expect(href).toMatch(/^https:\/\/esimsetup\.apple\.com\/esim_qrcode_provisioning\?carddata=LPA%3A1%24/);
      expect(carddata(href)).toMatch(/^LPA:1\$[^$]+\$[^$]+$/);
      expect(await card.getByRole('link', { name: /Android/ }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
