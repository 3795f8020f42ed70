// Debian's Chromium driven by playwright-core: the project never downloads a browser.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFailed } from 'vitest';

import { HYDRATED_EVENT } from '../../src/app/hydrationHold';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

export { chromiumArgs, chromiumPath };

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    timeout: 30_000,
  });
}

/**
 * sharedBrowser gives a test file one browser: launched before its tests, closed after them.
 * Call it at the file's top level; call what it returns inside tests and hooks.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('sharedBrowser: used before its beforeAll ran');
    return browser;
  };
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far (a journey asserts there are none). */
  pageErrors: string[];
}

/** A phone's user agent, for journeys that depend on the device (the one-tap install link). */
export const userAgents = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
} as const;

/** openTab gives a journey its own context (own local storage) with a base URL, optionally as a given device. */
export async function openTab(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof viewports = 'desktop',
  device: { userAgent?: string } = {},
): Promise<Tab> {
  const context = await browser.newContext({ baseURL, viewport: viewports[viewport], ...device });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  await watchForApp(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return { context, page, pageErrors };
}

/** watchForApp lets openApp and appReady see, in the context's pages, when the app has taken a page over. */
export async function watchForApp(context: BrowserContext): Promise<void> {
  await context.addInitScript(listenForApp, HYDRATED_EVENT);
}

/** listenForApp runs in each document before its scripts: it notes the app's HYDRATED_EVENT. */
function listenForApp(hydrated: string) {
  document.addEventListener(hydrated, () => document.documentElement.setAttribute('data-e2e-app', ''), { once: true });
}

/**
 * openApp opens path and waits until the app has taken the page over (src/app/hydrationHold.ts,
 * HYDRATED_EVENT): what a journey does next is handled by the app, not held back by the boot
 * script and replayed (e2e/prerender.e2e.ts covers that part). The page's context is one from
 * openTab, or one given to watchForApp.
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appReady(page);
}

/** reloadApp reloads the page and waits for the app as openApp does. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await appReady(page);
}

/** appReady waits until the app has taken the current document over (a full page load: a link followed before). */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-e2e-app]').waitFor({ state: 'attached' });
}

/**
 * shoot saves the page as it is at both widths (375x812 and 1280x800) under
 * test-results/screenshots/<name>-{mobile,desktop}.png, then restores the viewport.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  const before = page.viewportSize();
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    // Let layout settle after the resize (media queries, lazy images).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${label}.png`), fullPage: true, animations: 'disabled' });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * shootOnFailure saves the page in test-results/screenshots/ when the current test fails.
 * Tests close their context in a finally block, which runs before vitest's onTestFailed: so
 * the page is kept in memory as it was when its context closed (the viewport, a JPEG) and
 * written as failed-<name>.jpg only if the test then fails; a page still open is shot whole
 * at that point (failed-<name>.png).
 */
export function shootOnFailure(page: Page, name: string): void {
  const context = page.context();
  const close = context.close.bind(context);
  let atClose: Buffer | undefined;
  context.close = async (options) => {
    if (!page.isClosed()) atClose = await page.screenshot({ type: 'jpeg', quality: 70, timeout: 3000 }).catch(() => undefined);
    return close(options);
  };
  onTestFailed(async () => {
    if (!page.isClosed()) return shootFailure(page, name);
    if (!atClose) return;
    await mkdir(screenshotDir, { recursive: true });
    await writeFile(path.join(screenshotDir, `failed-${name}.jpg`), atClose);
  });
}

/** shootFailure saves the page as it is to test-results/screenshots/failed-<name>.png; a closed page is skipped. */
export async function shootFailure(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `failed-${name}.png`), fullPage: true }).catch(() => undefined);
}

/** overflowAt returns how many CSS pixels the page is wider than a viewport of the given width. */
export async function overflowAt(page: Page, width: number): Promise<number> {
  const before = page.viewportSize();
  await page.setViewportSize({ width, height: 812 });
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (before) await page.setViewportSize(before);
  return extra;
}
