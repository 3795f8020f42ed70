#!/usr/bin/env node
// Lighthouse (mobile, the default config) on /, /plans and /profile of the built shop served
// by `esim serve` on the sandbox, in Debian's Chromium. /profile is audited as a signed-in
// customer who owns an eSIM, prepared through the sandbox's API. Prints the four category
// scores per page; with --min=P,A,B,S it fails when a page scores below those figures.
// Run through `npm run lighthouse` (tsx: it reuses the e2e harness written in TypeScript).
import process from 'node:process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../e2e/harness/browser.ts';
import { SandboxAPI } from '../e2e/harness/customer.ts';
import { startShop } from '../e2e/harness/serve.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const pages = ['/', '/plans', '/profile'];
const minArg = process.argv.find((a) => a.startsWith('--min='));
const min = minArg ? minArg.slice(6).split(',').map(Number) : null;

const shop = await startShop({ args: ['--activation-delay', '1s'] });
let chrome;
let failed = false;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
    logLevel: 'error',
  });

  // A customer with a paid Turkey eSIM, signed in in this browser's profile.
  const api = await SandboxAPI.connect(shop.url);
  const customer = await api.signUp(`lighthouse.${Date.now()}@e2e.cedarsim.example`);
  await api.pay(await api.openOrder(customer, await api.turkeyBundleId(customer)));
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await cdp.contexts()[0].newPage();
    await page.goto(`${shop.url}/`);
    await page.evaluate((c) => {
      localStorage.setItem('token', c.token);
      localStorage.setItem('refreshToken', c.refreshToken);
      localStorage.setItem('isGuest', 'false');
    }, customer);
    await page.close();
  } finally {
    await cdp.close();
  }

  const rows = [];
  for (const path of pages) {
    const result = await lighthouse(
      `${shop.url}${path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: true },
    );
    if (!result) throw new Error(`lighthouse ${path}: no result`);
    const lhr = result.lhr;
    const scores = categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    rows.push({ path, landed, scores });
    const below = categories
      .map((c, i) => ({ c, s: scores[i], m: min?.[i] ?? 0 }))
      .filter((x) => x.s < x.m);
    if (below.length) failed = true;
    // Name what cost points, so a low figure can be acted on.
    for (const c of categories) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) {
          console.info(`  ${path} ${c}: ${a.id} (${Math.round(a.score * 100)}) ${a.displayValue ?? ''}`);
        }
      }
    }
    // Which elements moved: the layout-shift culprits, so a CLS figure points at a component.
    for (const item of (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3)) {
      const node = item.node ?? {};
      console.info(`  ${path} layout shift ${Number(item.score ?? 0).toFixed(3)}: ${node.selector ?? '?'} "${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)}"`);
    }
  }
  console.info('\nLighthouse (mobile)     performance  accessibility  best-practices  seo');
  for (const r of rows) {
    const label = r.landed === r.path ? r.path : `${r.path} -> ${r.landed}`;
    console.info(`${label.padEnd(24)}${r.scores.map((s, i) => String(s).padStart([11, 15, 16, 5][i])).join('')}`);
  }
} finally {
  await chrome?.kill();
  await shop.stop();
}
if (failed) {
  console.error(`lighthouse: a page scored below ${min.join(', ')}`);
  process.exit(1);
}
