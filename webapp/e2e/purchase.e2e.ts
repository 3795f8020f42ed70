// A new traveller buys a Turkey eSIM: finds Turkey by typing 'turk', checks compatibility,
// signs up in the checkout with the code from the sandbox mailbox, pays on the sandbox's
// hosted checkout page, and sees 'Payment Success' with one purchase event. The declined
// card shows 'Payment Failed'.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser, openTab, shoot, shootOnFailure } from './harness/browser';
import { uniqueEmail } from './harness/sandbox';
import { findTurkeyAndContinue, payOnSandbox, seeEsimWithQR, signUpInCheckout } from './harness/steps';

const shopURL = inject('shopURL');
const browser = sharedBrowser();


type DataLayerEvent = { event?: string; ecommerce?: { transaction_id?: string; value?: number; currency?: string; items?: unknown[] } };
const purchases = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: DataLayerEvent[] }).dataLayer ?? []).filter((e) => e && e.event === 'purchase'),
  );

describe('a new traveller', () => {
  it('buys a Turkey eSIM: search, compatibility, signup with the mailed code, pay, Payment Success', async () => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(page, 'new-traveller');
    try {
      await findTurkeyAndContinue(page);
      await signUpInCheckout(page, shopURL, uniqueEmail('new'), true);
      await shoot(page, 'cart-pay');
      const result = await payOnSandbox(page, '4242 4242 4242 4242', () => shoot(page, 'sandbox-checkout'));
      expect(result.searchParams.get('success')).toBe('true');
      const tranId = result.searchParams.get('tranId') ?? '';
      expect(tranId).not.toBe('');

      await page.getByRole('heading', { name: 'Payment Success' }).waitFor();
      await page.getByRole('link', { name: 'View eSIM' }).waitFor();
      const events = await purchases(page);
      expect(events).toHaveLength(1);
      expect(events[0]?.ecommerce).toMatchObject({
        transaction_id: tranId,
        value: Number(result.searchParams.get('amt')),
        currency: 'USD',
        items: [{ item_name: 'eSIM', item_id: tranId, quantity: 1 }],
      });
      await shoot(page, 'actionresult-success');

      // A reload of the same transaction does not report the purchase again.
      await page.reload();
      await page.getByRole('heading', { name: 'Payment Success' }).waitFor();
      expect(await purchases(page)).toHaveLength(0);

      // 'View eSIM' opens the profile, where the new eSIM shows with its QR image.
      await page.getByRole('link', { name: 'View eSIM' }).click();
      await page.waitForURL(/\/profile$/);
      await page.getByText('Welcome Rana Haddad').waitFor();
      expect(await seeEsimWithQR(page)).toMatch(/^\d{18,22}$/);
      await shoot(page, 'profile-new-esim');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("sees 'Payment Failed' when the card is declined", async () => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL, 'mobile');
    shootOnFailure(page, 'declined');
    try {
      await findTurkeyAndContinue(page);
      await signUpInCheckout(page, shopURL, uniqueEmail('declined'));
      const result = await payOnSandbox(page, '4000 0000 0000 0002');
      expect(result.searchParams.get('success')).toBe('false');
      await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
      await page.getByText('Payment unsuccessful. We apologize for the inconvenience. Please try again later.').waitFor();
      expect(await purchases(page)).toHaveLength(0);
      await shoot(page, 'actionresult-failed');
      await page.getByRole('link', { name: 'Back to Plans' }).click();
      await page.waitForURL(/\/plans$/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
