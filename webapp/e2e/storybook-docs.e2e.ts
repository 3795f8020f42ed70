// Docs pages tell the truth: every block of a docs page shows what its story shows alone.
// Drives the built Storybook (storybook-static, built by `npm test` before the e2e suite, or
// by prepare.mjs when stale) in Chromium; no shop or sandbox involved.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from './harness/browser';
import { serveFolder, type StaticSite } from './harness/static';

const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshotDir = path.join(webapp, 'test-results', 'screenshots');

/** The docs pages of the components with server data, and the mocking guide's live examples. */
const DOCS_PAGES = [
  'profile-profilepage--docs',
  'plans-planspage--docs',
  'auth-loginpage--docs',
  'checkout-cartpage--docs',
  'topup-topupplanspage--docs',
  'guides-how-the-shop-is-mocked--docs',
  // Stories pinned to Arabic (right-to-left) and French beside English ones.
  'layout-header--docs',
];
/** Saved whole, for the reader (test-results/screenshots/docs-<id>.png). */
const SHOOT = new Set(['profile-profilepage--docs', 'guides-how-the-shop-is-mocked--docs']);

const DONE = ['finished', 'errored', 'aborted'];

/** What one rendering of a story shows: its text, its error display, its language and direction. */
type Shown = { text: string; error: string; lang: string };

type Block = Shown & { storyId: string; primary: boolean; width: number };

/** The text a rendering shows, whitespace collapsed (layout-independent, so any width compares). */
const collapse = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** shownIn waits until the story in `frame` (a preview, iframe.html) has finished and reads it. */
async function shownIn(frame: Frame): Promise<Shown> {
  await frame.waitForFunction(
    (done) => {
      const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
      return done.includes(preview?.currentRender?.phase ?? '') || document.body.classList.contains('sb-show-errordisplay');
    },
    DONE,
    { timeout: 45_000, polling: 200 },
  );
  // Requests a play started just before it ended, and the renders they cause, settle.
  let last = '';
  for (let i = 0; i < 20; i++) {
    const now = await frame.evaluate(() => document.querySelector('#storybook-root')?.textContent ?? '');
    if (now === last) break;
    last = now;
    await frame.page().waitForTimeout(250);
  }
  return frame.evaluate(() => ({
    lang: `${document.documentElement.lang} ${document.documentElement.dir || 'ltr'}`,
    text: (document.querySelector('#storybook-root')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    error: document.body.classList.contains('sb-show-errordisplay')
      ? `${document.querySelector('#error-message')?.textContent ?? ''}\n${document.querySelector('#error-stack')?.textContent ?? ''}`
      : '',
  }));
}

/** blocksOf reads every story block of a docs page, framed (its own iframe) or inline. */
async function blocksOf(page: Page): Promise<Block[]> {
  await page.waitForSelector('[data-story-block]', { timeout: 45_000 });
  // Framed stories play one after another, top to bottom (StoryFrame.tsx): wait for the last.
  await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-story-frame]')).every((b) => b.hasAttribute('data-played')), undefined, {
    timeout: 240_000,
    polling: 500,
  });
  const handles = await page.$$('[data-story-block]');
  const blocks: Block[] = [];
  for (const h of handles) {
    const framedId = await h.getAttribute('data-story-frame');
    if (framedId) {
      const frame = await (await h.$('iframe'))?.contentFrame();
      if (!frame) throw new Error(`the frame of ${framedId} has no document`);
      const width = await h.$eval('iframe', (f) => f.clientWidth);
      blocks.push({ storyId: framedId, primary: (await h.getAttribute('data-primary')) !== null, width, ...(await shownIn(frame)) });
    } else {
      // An inline block: <div id="story--<id>[--primary]">; Storybook shows a render error as <pre>.
      const id = (await h.getAttribute('id')) ?? '';
      const storyId = id.replace(/^story--/, '').replace(/--primary$/, '');
      const inner = await h.$('[data-name]');
      blocks.push({
        storyId,
        primary: id.endsWith('--primary'),
        width: await h.evaluate((e) => e.clientWidth),
        // An inline block lives in the docs page's document, whose language it shares.
        lang: await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir || 'ltr'}`),
        text: collapse(await inner?.textContent()),
        error: collapse(await (await h.$('pre'))?.textContent()),
      });
    }
  }
  return blocks;
}

/**
 * aloneShows opens the story by itself, in a fresh browser context as wide as its block (the
 * story's viewport for a Mobile story: a layout measured in script differs with the width).
 */
async function aloneShows(browser: Browser, base: string, storyId: string, width: number): Promise<Shown> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/iframe.html?id=${storyId}&viewMode=story`);
    return await shownIn(page.mainFrame());
  } finally {
    await context.close();
  }
}

// One browser and one server of the built Storybook for every test in the file.
const browser = sharedBrowser();
let site: StaticSite;
beforeAll(async () => {
  site = await serveFolder(path.join(webapp, 'storybook-static'));
});
afterAll(async () => {
  await site?.close();
});

describe('Storybook docs pages show each story as it is alone', () => {
  it.each(DOCS_PAGES)('%s', async (docsId) => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    let blocks: Block[];
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/iframe.html?id=${docsId}&viewMode=docs`);
      blocks = await blocksOf(page);
      if (SHOOT.has(docsId)) {
        await mkdir(screenshotDir, { recursive: true });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(screenshotDir, `docs-${docsId}.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
    expect(blocks.length, 'story blocks on the page').toBeGreaterThan(1);

    const alone = new Map<string, Shown>();
    for (const b of blocks) if (!alone.has(b.storyId)) alone.set(b.storyId, await aloneShows(browser(), site.url, b.storyId, b.width));

    for (const b of blocks) {
      const own = alone.get(b.storyId);
      expect(own?.error, `${b.storyId} alone shows an error`).toBe('');
      expect(b.error, `${b.storyId} shows an error (a stack trace) on the docs page`).toBe('');
      expect(b.text, `${b.storyId} on the docs page shows what it shows alone`).toBe(own?.text);
      expect(b.lang, `${b.storyId} on the docs page has the language and direction it has alone`).toBe(own?.lang);
    }
    // No two blocks alike where their stories differ alone (Loading beside Filled, Error beside Empty).
    for (const [i, a] of blocks.entries()) {
      for (const b of blocks.slice(i + 1)) {
        if (alone.get(a.storyId)?.text === alone.get(b.storyId)?.text) continue;
        expect(a.text, `${a.storyId} and ${b.storyId} differ alone, so they differ on the docs page`).not.toBe(b.text);
      }
    }
  }, 300_000);
});

describe('Storybook guides render their Markdown tables', () => {
  // GFM tables need remark-gfm in the MDX pipeline (.storybook/main.ts); without it each row is a paragraph of `|` text.
  it.each([
    ['guides-how-the-shop-is-mocked--docs', 2],
    ['guides-locales-and-right-to-left--docs', 1],
    ['guides-design-tokens--docs', 1],
  ])('%s has %i table(s) and no raw table text', async (docsId, tables) => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/iframe.html?id=${docsId}&viewMode=docs`);
      await page.waitForSelector('.sbdocs-content h1', { timeout: 45_000 });
      expect(await page.locator('.sbdocs-content table').count()).toBe(tables);
      expect(await page.locator('.sbdocs-content').innerText()).not.toMatch(/\|\s*---/);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('The locale toolbar shows a story pinned to a locale', () => {
  // Header's ArabicMobile and French pin their locale (pinLocale: the story's own global);
  // Filled follows the toolbar, English by default.
  it.each([
    ['layout-header--arabic-mobile', 'العربية'],
    ['layout-header--french', 'Français'],
    ['layout-header--filled', 'English'],
  ])('%s: the toolbar says %s', async (storyId, name) => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/?path=/story/${storyId}`);
      const tool = page.getByRole('button', { name: /^Language and direction of the shop/ });
      await expect.poll(() => tool.textContent(), { timeout: 45_000 }).toBe(name);
      // The story itself is in that language.
      const lang = { العربية: 'ar', Français: 'fr', English: 'en' }[name];
      const preview = page.frameLocator('#storybook-preview-iframe');
      await expect.poll(() => preview.locator('html').getAttribute('lang'), { timeout: 45_000 }).toBe(lang);
    } finally {
      await context.close();
    }
  }, 60_000);
});
