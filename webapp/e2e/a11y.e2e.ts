// Accessibility as keyboard and screen-reader users meet it (issue 13, WCAG 2.2 AA):
// - a keyboard-only purchase (Tab, Enter, Space, arrows, Escape; never the mouse) from the
//   home page to the profile, asserting where focus lands after every route change and step;
// - reflow: no sideways scrolling at 320 px and at 200% text on 1280 px, on every route;
// - a distinct, branded document title on every route;
// - async status (code sent, search results, errors) announced by live regions that were
//   on the page before their text changed;
// - the focus ring's contrast against every surface it is drawn on;
// - menus that close on Escape and when focus leaves them; the contact form's errors.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectAnnounced,
  expectFocus,
  focused,
  horizontalOverflow,
  recordLiveRegions,
  ringContrast,
  setDefaultFontSize,
  signIn,
  tabThroughRings,
  tabTo,
  type Ring,
} from './harness/a11y';
import { openApp, openTab, sharedBrowser, shootOnFailure } from './harness/browser';
import { sharedSandboxAPI, type Customer } from './harness/customer';
import { mailboxCode, uniqueEmail } from './harness/sandbox';

const shopURL = inject('shopURL');
const browser = sharedBrowser();
const api = sharedSandboxAPI(shopURL);
let brand: string;
let supportBase: string;

beforeAll(async () => {
  const cfg = (await (await fetch(`${shopURL}/config.json`)).json()) as { brand: string; supportBase: string };
  brand = cfg.brand;
  supportBase = cfg.supportBase;
});

/** A customer with a paid Turkey eSIM (an account with something to show). */
interface Owner {
  customer: Customer;
  bundleId: string;
  iccid: string;
  accountId: string;
}

/**
 * newOwner signs a customer up and pays a Turkey eSIM through the sandbox's API. Each test
 * makes its own: the suite's tokens live two minutes.
 */
async function newOwner(): Promise<Owner> {
  const customer = await api().signUp(uniqueEmail('a11y-owner'), 'Rana', 'Haddad');
  const bundleId = await api().turkeyBundleId(customer, true);
  await api().pay(await api().openOrder(customer, bundleId));
  const res = await fetch(`${shopURL}${supportBase}esims/useremails/${encodeURIComponent(customer.email)}`, {
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  const body = (await res.json()) as { data: { esims: { iccid: string; accountId: string }[] } };
  const esim = body.data.esims[0];
  if (!esim) throw new Error('the new customer has no eSIM');
  return { customer, bundleId, iccid: esim.iccid, accountId: esim.accountId };
}

/** Every route of spec section 2, with how a page shows it is there (its h1), and who. */
type Route = { path: (o: Owner) => string; h1: RegExp; who: 'visitor' | 'customer' };
const routes: Route[] = [
  { path: () => '/', h1: /Travel eSIM data plans/, who: 'visitor' },
  { path: () => '/plans', h1: /Connection Beyond Borders/, who: 'visitor' },
  { path: () => '/setup-guide/android', h1: /eSIM Setup Guide/, who: 'visitor' },
  { path: () => '/contactus', h1: /Let's Talk/, who: 'visitor' },
  { path: (o) => `/cart/${encodeURIComponent(o.bundleId)}`, h1: /Just one more step to get your eSIM/, who: 'visitor' },
  { path: (o) => `/cart/${encodeURIComponent(o.bundleId)}/${o.accountId}`, h1: /Just one more step to topup your eSIM/, who: 'customer' },
  { path: () => '/login', h1: /Log in/, who: 'visitor' },
  { path: () => '/otp/someone%40example.com/u-1', h1: /Enter your code/, who: 'visitor' },
  { path: () => '/profile', h1: /My eSIMs/, who: 'customer' },
  { path: () => '/faq', h1: /Got questions\?/, who: 'visitor' },
  { path: () => '/faq/installing-esims-ios', h1: /iOS/, who: 'visitor' },
  { path: () => '/actionresult?success=true&tranId=t-1&amt=5&currCode=USD', h1: /Payment Success/, who: 'visitor' },
  { path: () => '/actionresult?success=false', h1: /Payment Failed/, who: 'visitor' },
  { path: () => '/terms-and-conditions', h1: /Terms/, who: 'visitor' },
  { path: () => '/privacy', h1: /Privacy/, who: 'visitor' },
  { path: (o) => `/topup-plans/TR/${o.iccid}/${o.accountId}/0`, h1: /Topup eSIM with ICCID/, who: 'customer' },
  { path: () => '/loki', h1: /Log push test/, who: 'visitor' },
  { path: () => '/no-such-page', h1: /Page not found/, who: 'visitor' },
];

/** open loads a route and waits for its h1 and for the network to settle. */
async function open(page: Page, r: Route, o: Owner): Promise<void> {
  await openApp(page, r.path(o));
  await page.getByRole('heading', { level: 1, name: r.h1 }).waitFor();
  await page.waitForLoadState('networkidle');
}

async function tabs(who: 'visitor' | 'customer', owner: Owner, viewport: 'mobile' | 'desktop' = 'desktop') {
  const t = await openTab(browser(), shopURL, viewport);
  if (who === 'customer') await signIn(t.page, owner.customer);
  return t;
}

describe('every route', () => {
  it('has a distinct document title that names the page and the brand (2.4.2)', async () => {
    const titles = new Map<string, string>();
    const owner = await newOwner();
    for (const who of ['visitor', 'customer'] as const) {
      const { context, page } = await tabs(who, owner);
      try {
        for (const r of routes.filter((x) => x.who === who)) {
          await open(page, r, owner);
          await expect.poll(() => page.title()).toContain(brand);
          titles.set(r.path(owner), await page.title());
        }
      } finally {
        await context.close();
      }
    }
    const all = [...titles.values()];
    expect(new Set(all).size, JSON.stringify(Object.fromEntries(titles), null, 1)).toBe(all.length);
    // The home page's is the landing title; every other page puts its own name first.
    for (const [path, title] of titles) if (path !== '/') expect(title, path).toMatch(new RegExp(`^.+ - ${brand}$`));
  });

  it.each([
    { label: '320 px wide', width: 320, height: 640, font: 16, rtl: false },
    { label: '1280 px wide with 200% text', width: 1280, height: 800, font: 32, rtl: false },
    // Arabic is next: the layout uses logical properties, so right to left fits as well.
    { label: '320 px wide, right to left', width: 320, height: 640, font: 16, rtl: true },
  ])('reflows without sideways scrolling at $label (1.4.10, 1.4.4)', async ({ width, height, font, rtl }) => {
    const wide: string[] = [];
    const owner = await newOwner();
    const overflow = async (page: Page) => {
      if (rtl) await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      return horizontalOverflow(page);
    };
    for (const who of ['visitor', 'customer'] as const) {
      const { context, page } = await tabs(who, owner);
      try {
        await page.setViewportSize({ width, height });
        if (font !== 16) await setDefaultFontSize(page, font);
        for (const r of routes.filter((x) => x.who === who)) {
          await open(page, r, owner);
          const extra = await overflow(page);
          if (extra > 0) wide.push(`${r.path(owner)} +${extra}px`);
        }
        if (who === 'customer') {
          // The sandbox's hosted checkout page.
          await page.goto(new URL(await api().openOrder(owner.customer, owner.bundleId)).pathname);
          if ((await overflow(page)) > 0) wide.push('sandbox checkout');
        }
        if (who === 'visitor') {
          // The plans page with search results, and with an area open.
          await openApp(page, '/plans');
          await page.getByLabel('Where are you travelling?').fill('turk');
          await page.getByRole('option', { name: 'Turkey' }).waitFor();
          await page.keyboard.press('Enter');
          await page.getByRole('list', { name: 'Search results' }).waitFor();
          if ((await overflow(page)) > 0) wide.push('/plans with results');
          await openApp(page, '/plans');
          await page.getByRole('button', { name: /Turkey/ }).first().click();
          await page.getByRole('list', { name: /Turkey plans/ }).waitFor();
          if ((await overflow(page)) > 0) wide.push('/plans with Turkey open');
          // The sandbox's own pages: the mailbox a developer reads codes in.
          await page.goto('/sandbox/mailbox');
          if ((await overflow(page)) > 0) wide.push('/sandbox/mailbox');
        }
      } finally {
        await context.close();
      }
    }
    expect(wide).toEqual([]);
  });
});

describe('the focus ring', () => {
  it('has at least 3:1 contrast against every surface it is drawn on (1.4.11, 2.4.7)', async () => {
    const weak: Ring[] = [];
    const check = (rings: Ring[], where: string) => {
      expect(rings.length, where).toBeGreaterThan(0);
      for (const r of rings) if (r.style === 'none' || r.width < 2 || r.ratio < 3) weak.push({ ...r, name: `${where}: ${r.name}` });
    };
    const owner = await newOwner();
    for (const who of ['visitor', 'customer'] as const) {
      const { context, page } = await tabs(who, owner);
      try {
        for (const path of who === 'visitor' ? ['/', '/plans', '/contactus', '/faq/general-info', '/sandbox/mailbox'] : ['/profile']) {
          // The sandbox's mailbox is a page of the server's own, not the app's.
          if (path.startsWith('/sandbox/')) await page.goto(path);
          else await openApp(page, path);
          await page.waitForLoadState('networkidle');
          check(await tabThroughRings(page), path);
        }
        if (who === 'customer') {
          // The hosted checkout page of the sandbox.
          const checkout = await api().openOrder(owner.customer, owner.bundleId);
          await page.goto(new URL(checkout).pathname);
          check(await tabThroughRings(page), 'sandbox checkout');
        }
      } finally {
        await context.close();
      }
    }
    expect(weak).toEqual([]);
  });
});

describe('a keyboard-only traveller', () => {
  it('buys an eSIM from the home page to the profile with Tab, Enter, Space, arrows and Escape', async () => {
    const { context, page, pageErrors } = await openTab(browser(), shopURL);
    await recordLiveRegions(context);
    shootOnFailure(page, 'keyboard-purchase');
    const email = uniqueEmail('keyboard');
    try {
      await openApp(page, '/');
      await page.getByRole('heading', { level: 1 }).waitFor();

      // Home: the first Tab stop is the skip link; Enter moves to the page.
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'link', name: 'Skip to content' });

      // Header 'Plans' -> /plans: focus on the page's heading.
      await tabTo(page, { role: 'link', name: 'Plans' });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/plans$/);
      await expectFocus(page, { tag: 'h1', name: 'Connection Beyond Borders' });

      // The country search is the next stop; typing opens it, Enter picks Turkey, the menu
      // closes and the results are announced.
      await page.keyboard.press('Tab');
      await expectFocus(page, { tag: 'input', name: 'Where are you travelling?' });
      await page.keyboard.type('turk');
      await page.getByRole('option', { name: 'Turkey' }).waitFor();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
      await page.getByRole('heading', { name: 'Search Results' }).waitFor();
      await expectAnnounced(page, /^\d+ plans? found$/);
      const ring = await ringContrast(page);
      expect(ring?.width, 'the country search shows the 3 px ring').toBeGreaterThanOrEqual(3);

      // Tab to the first Turkey card's 'Buy Now': Enter opens the compatibility dialog with
      // the focus on its title (so a long dialog opens at its top), and the next Tab stop is
      // 'Yes, continue'; Escape closes it and gives the focus back.
      const dialogTitle = { tag: 'h2', role: 'heading', name: 'Is your device eSIM compatible?' } as const;
      await tabTo(page, { role: 'link', name: /^Buy Now: Turkey/ });
      await page.keyboard.press('Enter');
      await expectFocus(page, dialogTitle);
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'button', name: 'Yes, continue' });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expectFocus(page, { role: 'link', name: /^Buy Now: Turkey/ });
      await page.keyboard.press('Enter');
      await expectFocus(page, dialogTitle);
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'button', name: 'Yes, continue' });
      await page.keyboard.press('Enter');

      // /cart: focus on the heading, then the signup form in order.
      await page.waitForURL(/\/cart\/[^/]+$/);
      await expectFocus(page, { tag: 'h1', name: 'Just one more step to get your eSIM' });
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'First name' });
      await page.keyboard.type('Rana');
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'Last name' });
      await page.keyboard.type('Haddad');
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'Country dial code' });
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'Phone number' });
      await page.keyboard.type('3123456');
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'E-mail' });
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'checkbox', name: /I confirm/ });
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'checkbox', name: /I agree/ });
      await page.keyboard.press('Space');
      await tabTo(page, { role: 'button', name: 'Verify your E-mail' });
      const since = new Date();
      await page.keyboard.press('Enter');

      // Code sent: focus in the code field, whose description says where the code went,
      // and the live region says so.
      const codeField = await expectFocus(page, { tag: 'input', name: 'Verification code' });
      expect(codeField.description).toContain(email);
      await expectAnnounced(page, /A code is on its way/);
      const code = await mailboxCode(shopURL, email, since);

      // A wrong code: the field is cleared, stays focused, is invalid and described by the
      // announced reason.
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.keyboard.type(wrong);
      await page.keyboard.press('Enter');
      await expectAnnounced(page, /Invalid OTP please try again/);
      const refused = await expectFocus(page, { name: 'Verification code', invalid: 'true' });
      expect(refused.description).toContain('Invalid OTP please try again');

      // The right code: the payment step, focus on its heading, announced.
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await expectFocus(page, { tag: 'h2', name: 'Payment' });
      await expectAnnounced(page, /Your e-mail is verified/);

      // 'Proceed to Pay' on a slow network keeps the focus while the order is prepared.
      await page.route('**/esims/can-purchase', async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'button', name: 'Proceed to Pay' });
      await page.keyboard.press('Enter');
      await expectFocus(page, { role: 'button', name: 'Proceed to Pay', disabled: 'true' });
      await expectAnnounced(page, /Preparing your order/);

      // The sandbox's hosted checkout: a main landmark, the card field first.
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByRole('main').waitFor();
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'Card number' });
      await page.keyboard.type('4242 4242 4242 4242');
      await page.keyboard.press('Enter');

      // The payment result (a full page load): focus on the outcome, one Tab to 'View eSIM'.
      await page.waitForURL(/\/actionresult\?/);
      await expectFocus(page, { tag: 'h1', name: 'Payment Success' });
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'link', name: 'View eSIM' });
      await page.keyboard.press('Enter');

      // /profile: focus on the heading; the tabs follow the arrow keys.
      await page.waitForURL(/\/profile$/);
      await expectFocus(page, { tag: 'h1', name: 'My eSIMs' });
      await tabTo(page, { role: 'tab', name: 'Active eSIM', selected: 'true' });
      await page.keyboard.press('ArrowRight');
      await expectFocus(page, { role: 'tab', name: 'Expired eSIM', selected: 'true' });
      await page.keyboard.press('ArrowRight');
      await expectFocus(page, { role: 'tab', name: 'Purchase History', selected: 'true' });
      await page.keyboard.press('Home');
      await expectFocus(page, { role: 'tab', name: 'Active eSIM', selected: 'true' });
      // Only the selected tab points at a panel, and that panel exists.
      const controls = await page.getByRole('tab').evaluateAll((ts) =>
        ts.map((t) => t.getAttribute('aria-controls')).filter((id): id is string => id !== null).map((id) => document.getElementById(id) !== null),
      );
      expect(controls).toEqual([true]);
      await page.getByRole('img', { name: /^QR code to install the eSIM / }).first().waitFor({ timeout: 15_000 });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('menus', () => {
  it('the account menu closes on Escape (focus back on its button) and when focus leaves it (2.4.11, 3.2.1)', async () => {
    const { context, page } = await tabs('customer', await newOwner());
    try {
      await openApp(page, '/profile');
      await page.getByRole('heading', { level: 1, name: 'My eSIMs' }).waitFor();
      await tabTo(page, { role: 'button', name: /Rana Haddad/ });
      await page.keyboard.press('Enter');
      await expectFocus(page, { role: 'button', expanded: 'true' });
      await page.keyboard.press('Escape');
      await expectFocus(page, { role: 'button', name: /Rana Haddad/, expanded: 'false' });
      await page.keyboard.press('Enter');
      await tabTo(page, { role: 'link', name: 'Logout' }, { max: 5 });
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).not.toBe('Logout');
      await expect.poll(() => page.getByRole('button', { name: /Rana Haddad/ }).getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('the phone menu closes on Escape, when focus leaves it, and after a pick', async () => {
    const t = await openTab(browser(), shopURL, 'mobile');
    const { context, page } = t;
    try {
      await openApp(page, '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const toggle = page.getByRole('button', { name: 'Menu' });
      await tabTo(page, { role: 'button', name: 'Menu' });
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      await expectFocus(page, { role: 'button', name: 'Menu', expanded: 'false' });

      await page.keyboard.press('Enter');
      await tabTo(page, { role: 'link', name: 'My Account' }, { max: 10 });
      await page.keyboard.press('Tab');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

      await tabTo(page, { role: 'button', name: 'Menu' }, { back: true });
      await page.keyboard.press('Enter');
      await tabTo(page, { role: 'link', name: "Let's Talk" }, { max: 6 });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/contactus$/);
      await expectFocus(page, { tag: 'h1', name: "Let's Talk" });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });
});

describe('the contact form', () => {
  it('shows each error by its field (aria-invalid, described, focused) and keeps the focus on Send while sending (3.3.1, 4.1.3)', async () => {
    const { context, page } = await openTab(browser(), shopURL);
    await recordLiveRegions(context);
    try {
      await openApp(page, '/contactus');
      await page.getByRole('heading', { level: 1, name: "Let's Talk" }).waitFor();
      await tabTo(page, { role: 'button', name: 'Send' });
      await page.keyboard.press('Enter');
      const name = await expectFocus(page, { name: 'Full name', invalid: 'true' });
      expect(name.description).toBe('Please enter your full name.');
      await page.getByText('Please enter your full name.').waitFor();
      for (const label of ['E-mail', 'Comments']) expect(await page.getByLabel(label).getAttribute('aria-invalid'), label).toBe('true');

      await page.keyboard.type('Rana Haddad');
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'Topic' });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.type('rana.haddad@example.com');
      await page.keyboard.press('Tab');
      await page.keyboard.type('My eSIM does not connect.');
      await page.route('**/support/contact-us', async (route) => {
        await new Promise((r) => setTimeout(r, 1_000));
        await route.continue();
      });
      await page.keyboard.press('Tab');
      await expectFocus(page, { role: 'button', name: 'Send' });
      await page.keyboard.press('Enter');
      await expectFocus(page, { role: 'button', name: 'Send', disabled: 'true' });
      await expectAnnounced(page, /Your message has been sent successfully/);
      await expectFocus(page, { role: 'button', name: 'Send' });
    } finally {
      await context.close();
    }
  });
});
