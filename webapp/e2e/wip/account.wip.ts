// A returning customer in a real browser: logging in with the mailed code, the lock after
// five wrong codes, a refused purchase pre-check, and an access token that expires in the
// middle of a purchase (renewed without the customer noticing).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openTab, shoot, shootOnFailure } from '../harness/browser';
import { SandboxAPI } from '../harness/customer';
import { expireTokens, mailboxCode, uniqueEmail } from '../harness/sandbox';
import { findTurkeyAndContinue, logInWithCode, openOtpPage } from '../harness/steps';

const shopURL = inject('shopURL');
let browser: Browser;
let api: SandboxAPI;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await SandboxAPI.connect(shopURL);
});
afterAll(async () => {
  await browser?.close();
});

const alertText = async (page: Page) => ((await page.getByRole('alert').first().textContent()) ?? '').trim();

describe('a returning customer', () => {
  it('is locked out after five wrong codes, even with the right code afterwards', async () => {
    const email = uniqueEmail('locked');
    await api.signUp(email);
    const { context, page, pageErrors } = await openTab(browser, shopURL, 'mobile');
    shootOnFailure(page, 'locked');
    try {
      const since = new Date();
      await openOtpPage(page, email);
      const right = await mailboxCode(shopURL, email, since);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const field = page.getByLabel('Verification code');
      for (let i = 1; i <= 5; i++) {
        await field.fill(wrong);
        await page.getByRole('button', { name: 'Verify', exact: true }).click();
        await page.getByText('Invalid OTP please try again').waitFor();
        // The field is cleared after each attempt.
        expect(await field.inputValue()).toBe('');
        if (i === 1) await shoot(page, 'otp-invalid');
      }
      const resent = new Date();
      await page.getByRole('button', { name: 'Resend code' }).click();
      const fresh = await mailboxCode(shopURL, email, resent);
      await field.fill(fresh);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByText('Account is locked due to multiple failed attempts. Please try again later.').waitFor();
      expect(await alertText(page)).toBe('Account is locked due to multiple failed attempts. Please try again later.');
      expect(new URL(page.url()).pathname).toMatch(/^\/otp\//);
      expect(await page.evaluate(() => localStorage.getItem('isGuest'))).not.toBe('false');
      await shoot(page, 'otp-locked');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sees the pre-check reason when the purchase is refused (three unpaid orders)', async () => {
    const email = uniqueEmail('unpaid');
    const customer = await api.signUp(email);
    const bundle = await api.turkeyBundleId(customer);
    for (let i = 0; i < 3; i++) await api.openOrder(customer, bundle);
    const { context, page, pageErrors } = await openTab(browser, shopURL);
    shootOnFailure(page, 'refused');
    try {
      await logInWithCode(page, shopURL, email);
      await findTurkeyAndContinue(page);
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      await page.getByText('You have 3 unpaid orders. Please complete or cancel them before buying again.').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/cart\//);
      await shoot(page, 'cart-refused');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('pays after its access token expired mid-session, without noticing', async () => {
    const email = uniqueEmail('expired');
    await api.signUp(email);
    const { context, page, pageErrors } = await openTab(browser, shopURL);
    shootOnFailure(page, 'expired');
    try {
      await logInWithCode(page, shopURL, email);
      await findTurkeyAndContinue(page);
      await page.getByRole('button', { name: 'Proceed to Pay' }).waitFor();
      const before = await page.evaluate(() => localStorage.getItem('token'));
      await expireTokens(shopURL);
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      // The pre-check meets a 401, the client refreshes once and carries on to the payment page.
      await page.waitForURL(/\/sandbox\/checkout\//);
      const after = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('isGuest')]);
      expect(after[0]).not.toBe(before);
      expect(after[1]).toBe('false');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/actionresult\?/);
      await page.getByRole('heading', { name: 'Payment Success' }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
