#!/usr/bin/env node
// Makes sure the end-to-end suite has what it drives: the esim binary (built when missing or
// older than the Go sources) and webapp/dist (built when missing or older than the sources).
// The suite itself never builds anything, so a run against a given build is repeatable.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(webapp, '..');
const binary = process.env.ESIM_BIN ?? path.join(repo, '.bin', 'esim');

/** newest returns the latest modification time of the files under dir that match keep. */
function newest(dir, keep) {
  let latest = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (keep(e.name)) latest = Math.max(latest, statSync(p).mtimeMs);
    }
  };
  if (existsSync(dir)) walk(dir);
  return latest;
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
const isGoSource = (n) => n.endsWith('.go') && !n.endsWith('_test.go');

const goNewest = Math.max(
  ...['cli', 'sdk', 'fixtures'].map((d) => newest(path.join(repo, d), (n) => isGoSource(n) || n.endsWith('.json'))),
  mtime(path.join(repo, 'go.mod')),
);
if (!process.env.ESIM_BIN && mtime(binary) < goNewest) {
  console.info(`e2e: building ${path.relative(repo, binary)}`);
  execFileSync('go', ['build', '-o', binary, './cli/cmd/esim'], { cwd: repo, stdio: 'inherit' });
}

const distIndex = path.join(webapp, 'dist', 'index.html');
const webNewest = Math.max(
  newest(path.join(webapp, 'src'), (n) => !/\.(test|stories)\.tsx?$/.test(n)),
  newest(path.join(webapp, 'public'), () => true),
  mtime(path.join(webapp, 'index.html')),
  mtime(path.join(webapp, 'vite.config.ts')),
  newest(path.join(webapp, 'scripts'), (n) => n === 'build-shop.ts' || n === 'precompress.ts'),
);
if (mtime(distIndex) < webNewest) {
  console.info('e2e: type-checking and building webapp/dist');
  // The type-check first, as npm run build does: a type error never reaches a build. Then the
  // browser build and the prerendered pages (scripts/build-shop.ts).
  execFileSync('npx', ['tsc', '-b'], { cwd: webapp, stdio: 'inherit' });
  execFileSync('npx', ['tsx', 'scripts/build-shop.ts'], { cwd: webapp, stdio: 'inherit' });
}

// The built Storybook, whose docs pages e2e/storybook-docs.e2e.ts opens (`npm test` builds it
// just before; a run of the suite alone builds it when any story, guide or source is newer).
const storybookIndex = path.join(webapp, 'storybook-static', 'index.html');
const storiesNewest = Math.max(
  newest(path.join(webapp, 'src'), () => true),
  newest(path.join(webapp, '.storybook'), () => true),
  newest(path.join(webapp, 'public'), () => true),
);
if (mtime(storybookIndex) < storiesNewest) {
  console.info('e2e: building webapp/storybook-static');
  execFileSync('npx', ['storybook', 'build', '--quiet', '--disable-telemetry', '-o', 'storybook-static'], { cwd: webapp, stdio: 'inherit' });
}
