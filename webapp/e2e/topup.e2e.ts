// A returning customer with a Turkey eSIM logs in with a code, opens the profile, expands a
// plan, tops the eSIM up and pays.
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser, openTab, shoot, shootOnFailure } from './harness/browser';
import { sharedSandboxAPI } from './harness/customer';
import { mailsTo, uniqueEmail } from './harness/sandbox';
import { logInWithCode, payOnSandbox, seeEsimWithQR } from './harness/steps';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);


describe('a returning customer with an eSIM', () => {
  it('logs in with a code, expands a plan, tops up and pays', async () => {
    const email = uniqueEmail('topup');
    const customer = await api().signUp(email, 'Karim', 'Nassar');
    await api().pay(await api().openOrder(customer, await api().turkeyBundleId(customer, true)));
    const { context, page, pageErrors } = await openTab(browser(), shopURL, 'mobile');
    shootOnFailure(page, 'topup');
    try {
      await logInWithCode(page, shopURL, email, true);
      await page.getByText('Welcome Karim Nassar').waitFor();
      const iccid = await seeEsimWithQR(page);
      expect(iccid).toMatch(/^\d{18,22}$/);

      const card = page.getByRole('article').filter({ hasText: iccid });
      const plan = card.getByRole('button', { expanded: false }).filter({ hasText: 'Turkey' }).first();
      await plan.click();
      await card.getByRole('button', { expanded: true }).waitFor();
      await card.getByText('Status').waitFor();
      await card.getByRole('progressbar', { name: 'Data used' }).waitFor();
      await shoot(page, 'profile');

      await card.getByRole('link', { name: 'Top up this eSIM' }).click();
      await page.waitForURL(/\/topup-plans\//);
      await page.getByRole('heading', { name: /Topup eSIM with ICCID/ }).waitFor();
      await page.getByText(iccid).first().waitFor();
      await shoot(page, 'topup-plans');
      await page.getByRole('list', { name: 'Top-up plans' }).getByRole('button', { name: /^Buy / }).first().click();
      await page.waitForURL(/\/cart\/[^/]+\/[^/]+$/);
      await page.getByRole('heading', { level: 1, name: 'Just one more step to topup your eSIM' }).waitFor();
      await shoot(page, 'cart-topup');

      const result = await payOnSandbox(page, '4242 4242 4242 4242');
      expect(result.searchParams.get('success')).toBe('true');
      await page.getByRole('heading', { name: 'Payment Success' }).waitFor();
      await expect.poll(async () => (await mailsTo(shopURL, email)).some((m) => /top-up/i.test(m.subject))).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
