#!/usr/bin/env tsx
// Builds the shop into webapp/dist (`npm run build`, `go tool task web:build`):
//   1. the browser build (Vite: the entry, page chunks, styles, the service worker, the
//      compressed copies), with its manifest of chunks;
//   2. a server build of src/app/prerender.tsx, run in Node here: every public page in every
//      locale rendered to HTML (React's static prerender) into dist/prerender/<locale>/,
//      each with its page's styles linked and its scripts preloaded, and
//      dist/prerender/manifest.json, which tells `esim serve` the routes, the locales and
//      the configuration slots it fills (cli/serve/prerender.go).
// docs/performance.md, "Prerendered first screen", says why and how.
//
//   npx tsx scripts/build-shop.ts [--out-dir DIR]
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompressFile } from './precompress.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out-dir');
const dist = outFlag > 0 ? path.resolve(process.argv[outFlag + 1] ?? '') : path.join(root, 'dist');
const serverOut = path.join(root, 'node_modules', '.prerender');
// One year for both builds: the prerendered footer and its hydration must agree.
process.env.BUILD_YEAR ??= String(new Date().getFullYear());

type ManifestChunk = { file: string; src?: string; name?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** What src/app/prerender.tsx exports (typed here: this script's project has no JSX). */
type ServerEntry = {
  ROUTES: readonly { path: string; firstRenderParams?: readonly string[]; devicePages?: Readonly<Record<string, string>> }[];
  SLOTS: Readonly<Record<string, string>>;
  LOCALES: readonly string[];
  LOCALE_COOKIE: string;
  dirOf: (locale: string) => 'rtl' | 'ltr';
  flagSrc: (code: string, flagBaseUrl: string) => string;
  pageOf: (path: string) => { component: string; ns?: string } | undefined;
  renderPage: (path: string, locale: string) => Promise<{ html: string; head: { title?: string; description?: string } }>;
};

const escapeHTML = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** closure lists a chunk and everything it imports statically (depth first, each once). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`build-shop: no chunk ${key} in the manifest`);
  return [key, ...(chunk.imports ?? []).flatMap((k) => closure(manifest, k, seen))];
}

/** The files (scripts and styles) a set of chunks brings, minus those the entry brings already. */
function filesOf(manifest: Manifest, keys: string[], entry: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    for (const k of closure(manifest, key)) {
      if (entry.has(k)) continue;
      const c = manifest[k];
      if (!c) continue;
      js.add(`/${c.file}`);
      for (const f of c.css ?? []) css.add(`/${f}`);
    }
  }
  const entryCss = new Set([...entry].flatMap((k) => (manifest[k]?.css ?? []).map((f) => `/${f}`)));
  return { js: [...js], css: [...css].filter((f) => !entryCss.has(f)) };
}

/**
 * The manifest key of a source file: by its path, or (a chunk the manifest names but gives
 * no source, as rolldown does for some lazily imported modules) by its unique name.
 */
function keyOfSource(manifest: Manifest, src: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.src === src);
  if (key) return key;
  const name = path.basename(src).replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter((k) => k.endsWith('.js') && manifest[k]?.name === name && !manifest[k]?.src);
  if (named.length !== 1) throw new Error(`build-shop: ${src} is not a chunk of the build`);
  return named[0] as string;
}

/** The chunk of a lazily loaded page, found by its component's module name. */
function keyOfPage(manifest: Manifest, component: string): string {
  const keys = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry && manifest[k]?.src?.endsWith(`/${component}.tsx`));
  if (keys.length !== 1) throw new Error(`build-shop: page ${component} matches ${keys.length} chunks`);
  return keys[0] as string;
}

/** The catalogue chunk of a namespace (a feature folder, or shared) in a locale. */
const catalogueSource = (ns: string, locale: string) =>
  ns === 'shared' ? `src/shared/i18n/locales/${locale}.json` : `src/features/${ns}/locales/${locale}.json`;

/** What main.tsx loads before it hydrates, besides the page: its module is fetched at once. */
const STARTUP_MODULES = ['src/shared/query/queryClient.ts', 'src/shared/api/services.ts', 'src/shared/captcha/CaptchaProvider.tsx'];

/** Every occurrence of a slot must be one the server knows how to fill. */
function checkSlots(html: string, where: string, slots: Record<string, string>) {
  const stripped = html
    .replaceAll(`tel:${slots.supportPhone}`, '')
    .replaceAll(`wa.me/${slots.whatsapp}`, '')
    .replace(new RegExp(`${slots.flagBaseUrl}[a-z0-9-]+\\.svg`, 'g'), '')
    .replaceAll(slots.brand ?? '', '')
    .replaceAll(slots.supportEmail ?? '', '')
    .replaceAll(slots.liveChatUrl ?? '', '')
    .replaceAll(slots.supportPhone ?? '', '');
  for (const mark of ['\uE000', '\uE001', slots.whatsapp ?? '', (slots.supportPhone ?? '').slice(1)]) {
    const i = stripped.indexOf(mark);
    if (i >= 0) throw new Error(`build-shop: ${where}: a configuration slot in a form the server cannot fill: …${stripped.slice(Math.max(0, i - 80), i + 40)}…`);
  }
}

/**
 * buildBootScript builds src/app/boot.ts on its own (its one import bundled in, no shared
 * chunk: a few hundred bytes) into dist/assets/boot-<hash>.js, the prerendered pages' only script.
 */
async function buildBootScript(distDir: string): Promise<string> {
  const out = path.join(root, 'node_modules', '.prerender-boot');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir: out,
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      lib: { entry: path.join(root, 'src/app/boot.ts'), formats: ['es'], fileName: () => 'boot.js' },
    },
  });
  const code = readFileSync(path.join(out, 'boot.js'));
  const name = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(path.join(distDir, name), code);
  precompressFile(path.join(distDir, name));
  return `/${name}`;
}

async function main() {
  const started = Date.now();
  // 1. The browser build.
  // (Rolldown's plugin timings say only that this machine is busy.)
  const checks = { pluginTimings: false };
  await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true, rolldownOptions: { checks } } });
  // 2. The server build: one module with every page, for Node.
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/app/prerender.tsx', outDir: serverOut, emptyOutDir: true, copyPublicDir: false, rolldownOptions: { checks, output: { codeSplitting: false } } },
  });
  const server = (await import(pathToFileURL(path.join(serverOut, 'prerender.js')).href)) as ServerEntry;

  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // The chunks index.html loads (its module scripts and preloads) and what they import.
  const loaded = [...template.matchAll(/<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="\/([^"]+)"/g)].map((m) => m[1]);
  const entryKeys = Object.keys(manifest).filter((k) => loaded.includes(manifest[k]?.file));
  if (entryKeys.length !== loaded.length) throw new Error(`build-shop: index.html loads ${loaded.join(', ')}; the manifest knows ${entryKeys.join(', ')}`);
  const entry = new Set(entryKeys.flatMap((k) => closure(manifest, k)));
  if (!template.includes('<div id="root"></div>')) throw new Error('build-shop: dist/index.html has no empty #root');
  const startup = filesOf(manifest, STARTUP_MODULES.map((s) => keyOfSource(manifest, s)), entry);
  // The entry's own styles, linked by index.html: inlined in the prerendered pages (no
  // script loads them again).
  const entryCss = [...new Set([...entry].flatMap((k) => (manifest[k]?.css ?? []).map((f) => `/${f}`)))];
  const entryCssLinks = new RegExp(`\\s*<link rel="stylesheet" crossorigin href="(?:${entryCss.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})">`, 'g');
  if ((template.match(entryCssLinks) ?? []).length !== entryCss.length) throw new Error('build-shop: index.html does not link the entry styles as expected');

  // The shell's entry script and its preloads: on a prerendered page, the boot script
  // (bootScript) starts them once the page has been painted.
  const scriptTags = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
  const preloadTags = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const entryScripts = [...template.matchAll(scriptTags)].map((m) => m[1] as string);
  const entryPreloads = [...template.matchAll(preloadTags)].map((m) => m[1] as string);
  // The app's entry is the last module script (rolldown's runtime, when a script of its
  // own, comes first): the boot script imports it; the others are preloaded.
  const appEntry = entryScripts.at(-1);
  if (!appEntry) throw new Error('build-shop: index.html has no module script');
  const boot = await buildBootScript(dist);

  const out = path.join(dist, 'prerender');
  rmSync(out, { recursive: true, force: true });
  const slots: Record<string, string> = { ...server.SLOTS };
  const flags = new Map<string, string>();
  const routes: { path: string; file: string; firstRenderParams: readonly string[]; devicePages: Readonly<Record<string, string>>; head: Record<string, string[]> }[] = [];
  for (const route of server.ROUTES) {
    for (const [device, target] of Object.entries(route.devicePages ?? {})) {
      if (!server.ROUTES.some((r) => r.path === target)) throw new Error(`build-shop: ${route.path}'s ${device} page ${target} is not prerendered`);
    }
  }
  for (const route of server.ROUTES) {
    const page = server.pageOf(route.path);
    if (!page) throw new Error(`build-shop: ${route.path} is no page of the route table`);
    const file = `${route.path === '/' ? 'index' : route.path.slice(1)}.html`;
    const head: Record<string, string[]> = {};
    for (const locale of server.LOCALES) {
      const rendered = await server.renderPage(route.path, locale);
      const pageHead = rendered.head;
      // React puts a preload of each eagerly loaded image first in the markup; the images
      // (tiny drawings) load from their own tags anyway, and these would only compete with
      // the scripts the page needs to hydrate.
      const html = rendered.html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
      checkSlots(html, `${route.path} (${locale})`, slots);
      // Complete markup only: no inline script (the CSP forbids them), no boundary React
      // would fill in or render in the browser.
      const incomplete = /<script|<template|<!--\$[?!]-->/.exec(html);
      if (incomplete) throw new Error(`build-shop: ${route.path} (${locale}) is not complete: ${incomplete[0]} at ${incomplete.index}`);
      for (const m of html.matchAll(new RegExp(`${slots.flagBaseUrl}([a-z0-9-]+)\\.svg`, 'g'))) {
        const code = m[1] as string;
        flags.set(code, server.flagSrc(code, ''));
      }
      // The page's own styles and scripts, and its texts in this locale (English too, the fallback).
      const namespaces = ['shared', 'layout', ...(page.ns ? [page.ns] : [])];
      const texts = [...new Set(locale === 'en' ? ['en'] : [locale, 'en'])].flatMap((l) =>
        namespaces.flatMap((ns) => {
          const src = catalogueSource(ns, l);
          return manifest[src] || Object.values(manifest).some((c) => c.src === src) ? [keyOfSource(manifest, src)] : [];
        }),
      );
      const own = filesOf(manifest, [keyOfPage(manifest, page.component), ...texts], entry);
      const pageCss = [...new Set([...own.css, ...startup.css])];
      // The styles are inlined: a stylesheet link would cost the first paint a request per
      // file (a round trip each on a phone). The page's files are also linked, disabled (never
      // fetched), at the end of the body: its chunk finds them there when it loads (Vite's
      // preload looks for link[rel=stylesheet][href]) and does not fetch them again.
      const style = `<style>${[...entryCss, ...pageCss].map((href) => readFileSync(path.join(dist, href), 'utf8')).join('')}</style>`;
      // The scripts hydrate a page already shown: the boot script (src/app/boot.ts) fetches
      // the app (esim:app) with what the page needs first (esim:preload) once the page has
      // been painted.
      const preloads = [...new Set([...entryScripts.slice(0, -1), ...entryPreloads, ...own.js, ...startup.js])];
      const scripts = [
        `<meta name="esim:preload" content="${preloads.join(' ')}">`,
        `<meta name="esim:app" content="${appEntry}">`,
        `<script type="module" crossorigin src="${boot}"></script>`,
      ].join('\n    ');
      const tail = pageCss.map((href) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`).join('');
      let doc = template
        .replace('<html lang="en">', `<html lang="${locale}" dir="${server.dirOf(locale)}">`)
        .replace(entryCssLinks, '')
        .replace(scriptTags, '')
        .replace(preloadTags, '')
        .replace('</head>', `${style}\n    ${scripts}\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${html}</div>${tail}`);
      const ownHead: string[] = [];
      if (pageHead.title) {
        doc = doc.replace(/<title>[^<]*<\/title>/, `<title>${escapeHTML(pageHead.title)}</title>`);
        ownHead.push('title');
      }
      if (pageHead.description) {
        doc = doc.replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHTML(pageHead.description)}" />`);
        ownHead.push('description');
      }
      head[locale] = ownHead;
      const target = path.join(out, locale, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, doc);
      // `esim serve` fills and compresses pages itself; the copies are for a plain file server (nginx).
      precompressFile(target);
    }
    routes.push({ path: route.path, file, firstRenderParams: route.firstRenderParams ?? [], devicePages: route.devicePages ?? {}, head });
  }
  const pm = { locales: server.LOCALES, cookie: server.LOCALE_COOKIE, slots, flags: Object.fromEntries([...flags].sort()), routes };
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(pm, null, 2)}\n`);
  console.info(`build-shop: ${routes.length} routes × ${server.LOCALES.length} locales prerendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
