#!/usr/bin/env node
// Builds the app and prints the gzip size of the entry JavaScript: the entry module plus
// every chunk index.html preloads, i.e. what the browser fetches before the first render.
// Fails when it exceeds the budget of issue 5 (120 KB gzip).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 115;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
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
for (const ref of refs) {
  const file = path.join(dist, ref.replace(/^\//, ''));
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`${ref}\t${(raw.length / 1024).toFixed(1)} KB raw\t${(gz / 1024).toFixed(1)} KB gzip`);
}
const totalKB = total / 1024;
console.log(`entry JS total: ${totalKB.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (totalKB > BUDGET_KB) {
  console.error(`bench-bundle: entry JS ${totalKB.toFixed(1)} KB gzip exceeds the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
