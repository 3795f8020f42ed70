#!/usr/bin/env node
// Renders the app icons (icons/*.svg, drawn by hand) to the PNGs the web manifest and iOS
// need, in Debian's Chromium (the browser the tests use), into public/icons/. Run it after
// changing an SVG: `node scripts/gen-icons.mjs`; the PNGs are committed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'icons');

// [source svg, output png, size in px]
const jobs = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-192.png', 192],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  // iOS ignores the manifest's icons and masks this one itself: the full-bleed drawing.
  ['icon-maskable.svg', 'apple-touch-icon-180.png', 180],
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [src, dst, size] of jobs) {
    const svg = readFileSync(path.join(root, 'icons', src), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    const uri = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="${uri}" width="${size}" height="${size}" style="display:block">`);
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(path.join(out, dst), png);
    console.log(`public/icons/${dst}\t${size}x${size}\t${png.length} bytes`);
  }
} finally {
  await browser.close();
}
