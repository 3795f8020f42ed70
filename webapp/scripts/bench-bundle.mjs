#!/usr/bin/env node
// Builds the app and prints the gzip size of the entry JavaScript: the entry module plus
// every chunk index.html preloads, i.e. what the browser fetches before it can run the app.
// Fails when it exceeds the budget of issue 12 (115 KB gzip, i18n and the service-worker
// registration included).
//
// Then what the entry is made of (from the build's source maps): React, the router, the
// i18n library and core, the service-worker registration, the app's own code; and a
// warning when a library that should load later (TanStack Query, downshift) is in it.
//
//   node scripts/bench-bundle.mjs [--no-build] [--files]
//   (--no-build: measure webapp/dist as is, no breakdown; --files: the app's own part per source file)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 115;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = !process.argv.includes('--no-build');
const byFile = process.argv.includes('--files');
// A build of its own (with source maps) in a temporary folder: dist stays as it is.
const dist = build ? mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-')) : path.join(root, 'dist');
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

try {
  if (build) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir', '--sourcemap'], { cwd: root, stdio: 'inherit' });
  }

  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) refs.add(m[1]);
  if (refs.size === 0) {
    console.error('bench-bundle: no entry script found in dist/index.html');
    process.exit(1);
  }

  let total = 0;
  const files = [];
  for (const ref of refs) {
    const file = path.join(dist, ref.replace(/^\//, ''));
    const raw = readFileSync(file);
    const size = gz(raw);
    total += size;
    files.push(file);
    console.log(`${ref}\t${kb(raw.length)} KB raw\t${kb(size)} KB gzip`);
  }
  const totalKB = total / 1024;
  console.log(`entry JS total: ${totalKB.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);

  if (build) breakdown(files, total);

  if (totalKB > BUDGET_KB) {
    console.error(`bench-bundle: entry JS ${totalKB.toFixed(1)} KB gzip exceeds the ${BUDGET_KB} KB budget`);
    process.exitCode = 1;
  }
} finally {
  if (build) rmSync(dist, { recursive: true, force: true });
}

/** The part of the entry a source file belongs to. */
function partOf(source) {
  if (byFile && !source.includes('node_modules/') && /\/src\//.test(source)) return `app: ${source.split('/src/')[1]}`;
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [a, b] = source.slice(nm + 13).split('/');
    const pkg = a.startsWith('@') ? `${a}/${b}` : a;
    if (pkg === 'react-dom' || pkg === 'scheduler') return 'react-dom';
    if (pkg === 'react') return 'react';
    if (pkg === 'react-router') return 'react-router';
    if (pkg === 'i18next' || pkg === 'react-i18next' || pkg === 'use-sync-external-store') return 'i18n (i18next, react-i18next, src/shared/i18n)';
    if (/workbox|vite-plugin-pwa/.test(pkg)) return 'service-worker registration';
    return pkg;
  }
  if (/src\/shared\/i18n\//.test(source)) return 'i18n (i18next, react-i18next, src/shared/i18n)';
  if (/registerServiceWorker|pwa-register/.test(source)) return 'service-worker registration';
  if (/src\/app\/main\.tsx$/.test(source)) return 'app: main.tsx (start-up, deferred service-worker registration)';
  if (/\/src\/features\//.test(source)) return `app: features/${source.split('/src/features/')[1].split('/')[0]}`;
  if (/\/src\//.test(source)) return `app: ${source.split('/src/')[1].split('/').slice(0, 2).join('/')}`;
  return 'bundler runtime';
}

/**
 * breakdown attributes the entry's bytes to parts through the source maps; each part's gzip
 * size is estimated as its share of the gzip total (by its own gzip size, scaled).
 */
function breakdown(entryFiles, totalGzip) {
  const require = createRequire(path.join(root, 'package.json'));
  const { SourceMapConsumer } = require('source-map-js');
  const parts = new Map();
  const sources = new Set();
  for (const file of entryFiles) {
    if (!existsSync(`${file}.map`)) continue;
    const code = readFileSync(file, 'utf8');
    const lines = code.split('\n');
    const mappings = [];
    new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))).eachMapping((m) => mappings.push(m));
    mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
    mappings.forEach((m, i) => {
      const next = mappings[i + 1];
      const line = lines[m.generatedLine - 1] ?? '';
      const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : line.length;
      if (m.source) sources.add(m.source);
      const part = m.source ? partOf(m.source) : 'bundler runtime';
      const p = parts.get(part) ?? { raw: 0, text: [] };
      p.raw += end - m.generatedColumn;
      p.text.push(line.slice(m.generatedColumn, end));
      parts.set(part, p);
    });
  }
  const own = [...parts].map(([name, p]) => ({ name, raw: p.raw, gz: gz(Buffer.from(p.text.join(''))) }));
  const scale = totalGzip / own.reduce((s, p) => s + p.gz, 0);
  console.log('\nwhat the entry holds (gzip estimated from each part\'s share):');
  for (const p of own.sort((a, b) => b.gz - a.gz)) {
    console.log(`  ${kb(p.gz * scale).padStart(6)} KB gzip  ${kb(p.raw).padStart(6)} KB raw  ${p.name}`);
  }
  if (!parts.has('service-worker registration')) {
    const sw = readdirSync(path.join(dist, 'assets')).find((f) => /^registerServiceWorker-.*\.js$/.test(f));
    console.log(`  service-worker registration: not in the entry (${sw ? `assets/${sw}, ${kb(gz(readFileSync(path.join(dist, 'assets', sw))))} KB gzip, imported after the load event` : 'no registration chunk found'})`);
  }
  // Libraries that must load after the first render (pages, lazily): a static import from
  // the frame would bring them back into the entry.
  for (const late of ['@tanstack/query-core', 'downshift', 'countries-list', 'flag-icons']) {
    if (parts.has(late)) console.warn(`bench-bundle: ${late} is in the entry; it should load with the pages that use it`);
  }
  // The API client and typed calls load with the pages too (shared/api/services.ts): the frame
  // needs only the session store.
  for (const s of sources) {
    if (/src\/shared\/api\/(api|client|services)\.ts$/.test(s)) console.warn(`bench-bundle: ${s.split('/src/')[1]} is in the entry; import it from pages only (main.tsx loads it lazily)`);
  }
}
