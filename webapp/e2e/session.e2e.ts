// Two tabs of one signed-in customer whose access token expires: both reload at once, one
// of them refreshes the shared session (the Web Lock around re-authentication), the other
// takes the new token, and both stay signed in on My eSIMs.
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signIn } from './harness/a11y';
import { openTab, sharedBrowser, shootOnFailure } from './harness/browser';
import { sharedSandboxAPI } from './harness/customer';
import { expireTokens, uniqueEmail } from './harness/sandbox';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);

const isRefresh = (r: Request) => r.url().endsWith('/connect/token') && (r.postData() ?? '').includes('grant_type=refresh_token');

const onProfile = (page: Page) => page.getByRole('heading', { level: 1, name: 'My eSIMs' }).waitFor();

describe('two tabs after the access token expired', () => {
  it('refresh once between them and both stay signed in', async () => {
    const customer = await api().signUp(uniqueEmail('tabs'));
    const { context, page: first, pageErrors } = await openTab(browser(), shopURL);
    shootOnFailure(first, 'tabs-first');
    try {
      await signIn(first, customer);
      await first.goto('/profile');
      await onProfile(first);
      const second = await context.newPage();
      shootOnFailure(second, 'tabs-second');
      await second.goto('/profile');
      await onProfile(second);

      const refreshes: Request[] = [];
      context.on('request', (r) => {
        if (isRefresh(r)) refreshes.push(r);
      });
      const before = await first.evaluate(() => localStorage.getItem('token'));
      await expireTokens(shopURL);
      await Promise.all([first.reload(), second.reload()]);
      await Promise.all([onProfile(first), onProfile(second)]);

      for (const page of [first, second]) {
        expect(new URL(page.url()).pathname).toBe('/profile');
        const [token, isGuest] = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('isGuest')]);
        expect(isGuest).toBe('false');
        expect(token).not.toBe(before);
      }
      expect(refreshes).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
