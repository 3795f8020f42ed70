// Steps shared by several journeys, written the way a traveller uses the page: by label,
// role and visible text, never by CSS class.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openApp, shoot } from './browser';
import { mailboxCode } from './sandbox';

/**
 * findTurkeyAndContinue types 'turk' in the country search on /plans, picks Turkey, opens
 * the device-compatibility popup of the first Turkey bundle and presses 'Yes, continue'.
 * It returns the bundle id of the /cart URL it lands on.
 */
export async function findTurkeyAndContinue(page: Page, onCompatibilityPopup?: () => Promise<void>): Promise<string> {
  await openApp(page, '/plans');
  await page.getByRole('heading', { name: 'Connection Beyond Borders' }).waitFor();
  const search = page.getByLabel('Where are you travelling?');
  await search.fill('turk');
  await page.getByRole('option', { name: 'Turkey' }).waitFor();
  await search.press('Enter');
  // The multi-select keeps its menu open for more countries; Escape closes it as a user would.
  await search.press('Escape');
  await page.getByRole('heading', { name: 'Search Results' }).waitFor();
  const results = page.getByRole('list', { name: 'Search results' });
  const first = results.getByRole('article').first();
  await first.waitFor();
  expect(await first.getAttribute('aria-label')).toMatch(/^Turkey /);

  await first.getByRole('link', { name: /Buy Now/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Is your device eSIM compatible?' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain('*#06#');
  const anchor = (await dialog.getAttribute('id')) ?? '';
  expect(anchor).toMatch(/^popup1/);
  await onCompatibilityPopup?.();
  await dialog.getByRole('button', { name: 'Yes, continue' }).click();
  await page.waitForURL(/\/cart\/[^/]+$/);
  const bundleId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  expect(anchor).toBe(`popup1${bundleId}`);
  return bundleId;
}

/**
 * logInWithCode logs a registered customer in on /login: e-mail, terms, 'Send code', then
 * the code from the sandbox mailbox on /otp, and waits for /profile.
 */
export async function logInWithCode(page: Page, shopURL: string, email: string, shots = false): Promise<void> {
  const since = new Date();
  await openOtpPage(page, email, shots);
  const code = await mailboxCode(shopURL, email, since);
  await page.getByLabel('Verification code').fill(code);
  if (shots) await shoot(page, 'otp');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(/\/profile$/);
  expect(await page.evaluate(() => localStorage.getItem('isGuest'))).toBe('false');
}

/** openOtpPage asks for a login code on /login and waits for the code page. */
export async function openOtpPage(page: Page, email: string, shots = false): Promise<void> {
  await openApp(page, '/login');
  await askLoginCode(page, email, shots);
}

/**
 * logInHere logs a registered customer in from the login page the tab is already on (e.g.
 * /login?next=... after a redirect): it asks for the code, enters the mailed one and
 * presses Verify; where the shop goes next is the caller's to check.
 */
export async function logInHere(page: Page, shopURL: string, email: string): Promise<void> {
  const since = new Date();
  await askLoginCode(page, email);
  const code = await mailboxCode(shopURL, email, since);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** askLoginCode fills the login form on the current page, sends it and waits for the code page. */
async function askLoginCode(page: Page, email: string, shots = false): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  if (shots) await shoot(page, 'login');
  await page.getByRole('button', { name: 'Send code' }).click();
  // The code page carries ?next= along when the login page had one.
  await page.waitForURL(/\/otp\/[^/]+\/[^/?]+(\?next=[^/]*)?$/);
  await page.getByLabel('Verification code').waitFor();
}

/**
 * seeEsimWithQR waits on /profile for an eSIM card in the 'Active eSIM' tab whose QR image
 * has loaded, and returns the card's ICCID.
 */
export async function seeEsimWithQR(page: Page): Promise<string> {
  await page.getByRole('heading', { level: 1, name: 'My eSIMs' }).waitFor();
  await page.getByRole('tab', { name: 'Active eSIM' }).waitFor();
  const qr = page.getByRole('img', { name: /^QR code to install the eSIM / }).first();
  await qr.waitFor({ timeout: 15_000 });
  // The QR is a real PNG the browser decoded, not just an <img> tag.
  await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 5_000 }).toBeGreaterThan(0);
  const alt = (await qr.getAttribute('alt')) ?? '';
  return alt.replace(/^QR code to install the eSIM /, '');
}

/** payOnSandbox presses 'Proceed to Pay' on /cart, pays with card on the sandbox page and waits for /actionresult. */
export async function payOnSandbox(page: Page, card: string, onCheckoutPage?: () => Promise<void>): Promise<URL> {
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill(card);
  await onCheckoutPage?.();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/actionresult\?/);
  return new URL(page.url());
}

/**
 * sendSignupCode fills the visitor's form on /cart and presses 'Verify your E-mail'; it
 * returns when the code form shows, with the time the code was asked for.
 */
export async function sendSignupCode(page: Page, email: string, shots = false): Promise<Date> {
  await page.getByRole('heading', { level: 1, name: 'Just one more step to get your eSIM' }).waitFor();
  await page.getByLabel('First name').fill('Rana');
  await page.getByLabel('Last name').fill('Haddad');
  // Lebanon (+961) is the first and default dial code: the select's value is the country
  // (several share a code) and its option shows the calling code first.
  const dial = page.getByLabel('Country dial code');
  expect(await dial.inputValue()).toBe('LB');
  expect(await dial.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('+961 Lebanon');
  await page.getByLabel('Phone number').fill('3123456');
  await page.getByLabel('E-mail').fill(email);
  if (shots) await shoot(page, 'cart-signup');
  const since = new Date();
  await page.getByRole('button', { name: 'Verify your E-mail' }).click();
  await page.getByRole('heading', { name: 'Verify your E-mail' }).waitFor();
  await page.getByLabel('Verification code').waitFor();
  return since;
}

/** signUpInCheckout signs a visitor up on /cart with the mailed code and waits for 'Proceed to Pay'. */
export async function signUpInCheckout(page: Page, shopURL: string, email: string, shots = false): Promise<void> {
  const since = await sendSignupCode(page, email, shots);
  const code = await mailboxCode(shopURL, email, since);
  await page.getByLabel('Verification code').fill(code);
  if (shots) await shoot(page, 'cart-code');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).waitFor();
  expect(await page.evaluate(() => [localStorage.getItem('isGuest'), localStorage.getItem('token') !== ''])).toEqual(['false', true]);
}
