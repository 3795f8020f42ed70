// Debian's Chromium, launched the same way everywhere it is driven: the story tests
// (vite.config.ts), the end-to-end suite (harness/browser.ts), Lighthouse and the benches.
// The project never downloads a browser build of its own. Plain JavaScript, so the node
// scripts (bench-plans.mjs) import it too; types in chromium.d.mts.
import process from 'node:process';

/** The Chromium binary: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (containers), nothing fetched in the background during a measurement. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
