// The install kit offline (issue 12, item 3): a signed-in customer opens My eSIMs once, the
// browser goes offline (context.setOffline), the page is reloaded: the service worker serves
// the app and the profile shows the saved QR code and codes with the time they were saved;
// the install card downloads offline; logout removes the kit. Also: the web manifest, the
// service worker under the strict CSP, and no customer data in the service worker's caches.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser, openTab, shoot, shootOnFailure } from './harness/browser';
import { signIn } from './harness/a11y';
import { sharedSandboxAPI, type Customer } from './harness/customer';
import { uniqueEmail } from './harness/sandbox';
import { seeEsimWithQR } from './harness/steps';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);


/** A customer with a paid Turkey eSIM. */
async function newOwner(): Promise<Customer> {
  const customer = await api().signUp(uniqueEmail('offline'), 'Rana', 'Haddad');
  await api().pay(await api().openOrder(customer, await api().turkeyBundleId(customer)));
  return customer;
}

/** codeOf reads the value shown next to a copy button's label (SM-DP+ address, Activation code). */
const codeOf = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('code').first().innerText();

/** kitKeys lists the keys of the offline kit store in IndexedDB. */
const kitKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('cedarsim-offline');
        open.onerror = () => reject(open.error ?? new Error('indexedDB open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('install-kits')) {
            db.close();
            resolve([]);
            return;
          }
          const req = db.transaction('install-kits').objectStore('install-kits').getAllKeys();
          req.onsuccess = () => {
            db.close();
            resolve(req.result.map(String));
          };
          req.onerror = () => reject(req.error ?? new Error('getAllKeys failed'));
        };
      }),
  );

describe('offline install kit', () => {
  it('shows the saved QR code and codes offline after a reload, with the saved time; logout clears it', async () => {
    const owner = await newOwner();
    const { context, page, pageErrors } = await openTab(browser(), shopURL, 'desktop');
    shootOnFailure(page, 'offline-kit');
    const cspViolations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
      if (process.env.E2E_DEBUG) console.info('page:', m.type(), m.text());
    });
    try {
      await signIn(page, owner);
      await page.goto('/profile');
      const iccid = await seeEsimWithQR(page);
      const smdp = await codeOf(page, 'SM-DP+ address');
      const code = await codeOf(page, 'Activation code');
      expect(smdp).not.toBe('');
      expect(code).not.toBe('');
      // Saved as the page loaded.
      await expect.poll(() => kitKeys(page)).toHaveLength(1);

      // Installable: the manifest is linked and names the icons.
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(manifestHref).toBe('/manifest.webmanifest');
      const manifest = (await (await fetch(`${shopURL}/manifest.webmanifest`)).json()) as { display: string; icons: { sizes: string; purpose: string }[] };
      expect(manifest.display).toBe('standalone');
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

      // The service worker is installed (precache complete) and controls the page after a reload.
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${shopURL}/`);
      await page.reload();
      await seeEsimWithQR(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${shopURL}/sw.js`);

      // No account data in the service worker's caches: only the build and /config.json.
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      });
      expect(cached.length).toBeGreaterThan(10);
      expect(cached.filter((u) => /^\/(api|esim-service|esim-check|sandbox|loki\/api)\//.test(u))).toEqual([]);
      expect(await kitKeys(page)).toHaveLength(1);

      // Offline: reload, the app and the kit come from this device.
      await context.setOffline(true);
      await page.reload();
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await page.getByRole('heading', { level: 1, name: 'My eSIMs' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'You are offline. Showing the install details saved on this device.' }).waitFor();
      const qr = page.getByRole('img', { name: `QR code to install the eSIM ${iccid}` });
      await qr.waitFor();
      await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await codeOf(page, 'SM-DP+ address')).toBe(smdp);
      expect(await codeOf(page, 'Activation code')).toBe(code);
      await expect.poll(() => page.getByText(/^Saved \S/).first().innerText()).toMatch(/^Saved .*\d{1,2}:\d{2}/);
      expect(await page.getByRole('link', { name: 'Install on an Android phone' }).getAttribute('href')).toContain('esimsetup.android.com');
      // Nothing failed loudly: no error alert instead of the kit.
      expect(await page.getByText(/Your eSIMs could not be loaded/).count()).toBe(0);
      await shoot(page, 'offline-kit');

      // The install card is drawn and downloaded offline.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save install card' }).click()]);
      expect(download.suggestedFilename()).toBe(`CedarSIM-install-card-${iccid}.png`);
      const png = await readFile((await download.path()) ?? '');
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(800);
      await download.saveAs(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/screenshots/install-card.png'));

      // The setup guide opens offline too, with its pictures.
      await page.goto('/setup-guide/android');
      await page.getByRole('heading', { level: 1, name: /eSIM Setup Guide/ }).waitFor();
      const pictures = page.locator('main img');
      if ((await pictures.count()) > 0) {
        await expect.poll(() => pictures.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }

      // Back online, log out: the kit is gone; offline again, /profile holds nothing.
      await context.setOffline(false);
      await page.goto('/profile');
      await seeEsimWithQR(page);
      await page.getByRole('button', { name: /Rana Haddad/ }).click();
      await page.getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await expect.poll(() => kitKeys(page)).toEqual([]);
      await context.setOffline(true);
      await page.goto('/profile');
      await page.waitForURL('**/login');
      expect(await page.getByRole('img', { name: /^QR code to install the eSIM / }).count()).toBe(0);

      expect(cspViolations).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
