// Renders og-image.svg to public/og-image.png with the Playwright Chromium the tests use:
// node scripts/og/render.mjs scripts/og/og-image.svg public/og-image.png
import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
const svg = readFileSync(process.argv[2], 'utf8');
// The system Chromium the storybook tests use (vite.config.ts), else Playwright's own.
const b = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 1200, height: 630 } });
await p.setContent(`<html><body style="margin:0">${svg}</body></html>`);
await p.screenshot({ path: process.argv[3], clip: { x: 0, y: 0, width: 1200, height: 630 } });
await b.close();
