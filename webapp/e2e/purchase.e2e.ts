// A new traveller buys a Turkey eSIM: finds Turkey by typing 'turk', checks compatibility,
// signs up in the checkout with the code from the sandbox mailbox, pays on the sandbox's
// hosted checkout page, and sees 'Payment Success' with one purchase event. The declined
// card shows 'Payment Failed'.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openTab, shoot, shootOnFailure } from './harness/browser';
import { mailboxCode, uniqueEmail } from './harness/sandbox';
import { findTurkeyAndContinue, payOnSandbox } from './harness/steps';

const shopURL = inject('shopURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** signUpInCheckout fills the visitor's form on /cart, enters the mailed code and waits for 'Proceed to Pay'. */
async function signUpInCheckout(page: Page, email: string, shots = false): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Just one more step to get your eSIM' }).waitFor();
  await page.getByLabel('First name').fill('Rana');
  await page.getByLabel('Last name').fill('Haddad');
  // Lebanon (961) is the first and default dial code.
  expect(await page.getByLabel('Country dial code').inputValue()).toBe('961');
  await page.getByLabel('Phone number').fill('3123456');
  await page.getByLabel('E-mail').fill(email);
  if (shots) await shoot(page, 'cart-signup');
  const since = new Date();
  await page.getByRole('button', { name: 'Verify your E-mail' }).click();
  await page.getByRole('heading', { name: 'Verify your E-mail' }).waitFor();
  const code = await mailboxCode(shopURL, email, since);
  await page.getByLabel('Verification code').fill(code);
  if (shots) await shoot(page, 'cart-code');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).waitFor();
  expect(await page.evaluate(() => [localStorage.getItem('isGuest'), localStorage.getItem('token') !== ''])).toEqual(['false', true]);
}

type DataLayerEvent = { event?: string; ecommerce?: { transaction_id?: string; value?: number; currency?: string; items?: unknown[] } };
const purchases = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: DataLayerEvent[] }).dataLayer ?? []).filter((e) => e && e.event === 'purchase'),
  );

describe('a new traveller', () => {
  it('buys a Turkey eSIM: search, compatibility, signup with the mailed code, pay, Payment Success', async () => {
    const { context, page, pageErrors } = await openTab(browser, shopURL);
    shootOnFailure(page, 'new-traveller');
    try {
      await findTurkeyAndContinue(page);
      await signUpInCheckout(page, uniqueEmail('new'), true);
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
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("sees 'Payment Failed' when the card is declined", async () => {
    const { context, page, pageErrors } = await openTab(browser, shopURL, 'mobile');
    shootOnFailure(page, 'declined');
    try {
      await findTurkeyAndContinue(page);
      await signUpInCheckout(page, uniqueEmail('declined'));
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
