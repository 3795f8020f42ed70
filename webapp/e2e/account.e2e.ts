// Accounts in a real browser, through the checkout's own sign-up and code step: the lock
// after five wrong codes, a refused purchase pre-check, and an access token that expires in
// the middle of a purchase (renewed without the customer noticing).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser, openTab, shoot, shootOnFailure } from './harness/browser';
import { sharedSandboxAPI } from './harness/customer';
import { expireTokens, mailboxCode, uniqueEmail } from './harness/sandbox';
import { findTurkeyAndContinue, payOnSandbox, sendSignupCode, signUpInCheckout } from './harness/steps';

const shopURL = inject('shopURL');
const LOCKED = 'Account is locked due to multiple failed attempts. Please try again later.';
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);


const verify = (page: Page) => page.getByRole('button', { name: 'Verify', exact: true }).click();

describe('accounts', () => {
  it('five wrong codes lock the account, and then even the right code is refused', async () => {
    const email = uniqueEmail('locked');
    await api().signUp(email);
    const { context, page, pageErrors } = await openTab(browser(), shopURL, 'mobile');
    shootOnFailure(page, 'locked');
    try {
      await findTurkeyAndContinue(page);
      const since = await sendSignupCode(page, email);
      const right = await mailboxCode(shopURL, email, since);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const field = page.getByLabel('Verification code');
      for (let i = 1; i <= 5; i++) {
        await field.fill(wrong);
        await verify(page);
        await page.getByRole('alert').filter({ hasText: 'Invalid OTP please try again' }).waitFor();
        // The field is cleared after each attempt.
        await expect.poll(() => field.inputValue()).toBe('');
        if (i === 1) await shoot(page, 'code-invalid');
      }
      const resent = new Date();
      await page.getByRole('button', { name: 'Resend code' }).click();
      const fresh = await mailboxCode(shopURL, email, resent, { not: right });
      await field.fill(fresh);
      await verify(page);
      await page.getByRole('alert').filter({ hasText: LOCKED }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('isGuest'))).not.toBe('false');
      await shoot(page, 'code-locked');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a refused pre-check shows its reason (three unpaid orders)', async () => {
    const email = uniqueEmail('unpaid');
    const customer = await api().signUp(email);
    const bundle = await api().turkeyBundleId(customer);
    for (let i = 0; i < 3; i++) await api().openOrder(customer, bundle);
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(page, 'refused');
    try {
      await findTurkeyAndContinue(page);
      // A returning customer proves the address with a code in the checkout too.
      await signUpInCheckout(page, shopURL, email);
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'You have 3 unpaid orders. Please complete or cancel them before buying again.' })
        .waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/cart\//);
      await shoot(page, 'cart-refused');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an access token that expires mid-session is renewed without the customer noticing', async () => {
    const email = uniqueEmail('expired');
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(page, 'expired');
    try {
      await findTurkeyAndContinue(page);
      await signUpInCheckout(page, shopURL, email);
      const before = await page.evaluate(() => localStorage.getItem('token'));
      await expireTokens(shopURL);
      // The pre-check meets a 401; the client refreshes once and carries on to the payment page.
      const result = await payOnSandbox(page, '4242 4242 4242 4242');
      expect(result.searchParams.get('success')).toBe('true');
      await page.getByRole('heading', { name: 'Payment Success' }).waitFor();
      const after = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('isGuest')]);
      expect(after[0]).not.toBe(before);
      expect(after[1]).toBe('false');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
