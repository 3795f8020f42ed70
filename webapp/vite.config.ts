/// <reference types="vitest/config" />
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY } from '@storybook/addon-vitest/constants';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chromiumArgs, chromiumPath } from './e2e/harness/chromium.mjs';
import { precompress } from './scripts/precompress.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every story runs once per locale: one Chromium instance each, named `storybook (<locale>)`,
 * that starts its stories with the toolbar's `locale` global set (the addon's initialGlobals,
 * per instance). `--project storybook` runs all three; `--project 'storybook (ar)'` one.
 */
const allStoryLocales = ['en', 'ar', 'fr'] as const;
// All three by default (the test task); STORY_LOCALES=ar (or en,fr, ...) narrows a local run.
const storyLocales = allStoryLocales.filter((l) =>
  (process.env.STORY_LOCALES ?? allStoryLocales.join(',')).split(',').map((s) => s.trim()).includes(l),
);

// `vite dev` forwards the API bases and /config.json to a running `esim serve`.
const serveURL = process.env.ESIM_SERVE_URL ?? 'http://localhost:8080';
const proxied = ['/config.json', '/api', '/esim-service', '/esim-check', '/loki/api', '/sandbox'];

// Pre-bundled up front: with a cold cache Vite would otherwise find these one by one while
// stories run and reload the page mid-run ("optimized dependencies changed").
const optimizeDeps = {
  include: [
    'react',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
    'react-dom',
    'react-dom/client',
    'react-router',
    'downshift',
    'countries-list',
    'i18next',
    'react-i18next',
    'msw',
    'msw/browser',
    '@tanstack/react-query',
    'storybook/test',
    // .storybook/docsFrame.ts (a docs page's frame gets its own IndexedDB).
    'fake-indexeddb',
  ],
};

// Paths the shop's own server answers with data, never the app: the service worker must not
// answer them with index.html (navigateFallback) nor cache them (docs/offline.md).
const dataPaths = [/^\/api\//, /^\/esim-service\//, /^\/esim-check\//, /^\/loki\/api\//, /^\/sandbox\//, /^\/config\.json$/, /^\/healthz$/];

/**
 * The installable app (docs/offline.md): a web manifest and a Workbox service worker that
 * precaches the app shell and every route chunk, so the shop and the saved install kit open
 * offline. Registered by the app itself after load (src/app/registerServiceWorker.ts).
 */
function pwa(): PluginOption {
  return VitePWA({
    // Registered by src/app/registerServiceWorker.ts (no inline script: the CSP forbids it).
    injectRegister: false,
    // No skipWaiting: a new version waits until every tab of the shop is closed and takes
    // over on the next visit, so an open page never mixes two builds' chunks.
    registerType: 'prompt',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'CedarSIM - travel eSIM data plans',
      short_name: 'CedarSIM',
      description: 'Buy prepaid travel eSIM data plans and keep your eSIM install details at hand, even offline.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#0b5d4b',
      background_color: '#ffffff',
      categories: ['travel', 'utilities'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The app shell, every route chunk, styles and the site's own images (setup guide).
      globPatterns: ['**/*.{js,css,html,webmanifest}', 'images/**/*.{png,jpg,jpeg,svg,webp}', 'icons/*.png', 'favicon.svg'],
      // MSW's worker is for development only; the 270 flag drawings are cached when shown.
      globIgnores: ['mockServiceWorker.js', 'assets/*.svg'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: dataPaths,
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      runtimeCaching: [
        {
          // The runtime configuration (no customer data): fresh when online, the last copy
          // offline, so the app can start without a network.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
          handler: 'NetworkFirst',
          options: { cacheName: 'runtime-config', networkTimeoutSeconds: 5, expiration: { maxEntries: 1 } },
        },
        {
          // Flags (hashed file names, never change) as they are shown.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.+\.svg$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'flags', expiration: { maxEntries: 300 } },
        },
        // Nothing else: API answers (customer data) always go to the network; the only
        // customer data kept offline is the install kit, in IndexedDB (shared/offline).
      ],
    },
    devOptions: { enabled: false },
  });
}

/**
 * MSW's worker (public/mockServiceWorker.js) is for Storybook and the story tests, which
 * serve public/ themselves: the shop's build must not ship it (issue 21 item 9).
 */
function withoutMockServiceWorker(): PluginOption {
  let outDir = '';
  return {
    name: 'esim:without-mock-service-worker',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    // Public files are copied before the bundle is written: by closeBundle the copy is there.
    closeBundle: {
      order: 'pre',
      handler() {
        rmSync(path.join(outDir, 'mockServiceWorker.js'), { force: true });
      },
    },
  };
}

// react-router's package exports only its development build to bundlers (dev warnings on);
// the production build next to it is the same code with them off. Builds take that one.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  `${path.sep}development${path.sep}`,
  `${path.sep}production${path.sep}`,
);

// The year prerendered pages show until they hydrate (shared/prerender/hydration.ts); the
// client and server builds of one `npm run build` read it from here.
const buildYear = Number(process.env.BUILD_YEAR ?? new Date().getFullYear());

export default defineConfig(({ command, isSsrBuild }) => ({
  // The service worker belongs to the built shop, not to unit tests, Storybook or the
  // prerender's server build. The shop build's own steps; Storybook's build (STORYBOOK set
  // by its CLI) keeps MSW's worker.
  plugins: [
    react(),
    process.env.VITEST || isSsrBuild ? null : pwa(),
    ...(process.env.STORYBOOK || isSsrBuild ? [] : [withoutMockServiceWorker(), precompress()]),
  ],
  define: { __BUILD_YEAR__: JSON.stringify(buildYear) },
  optimizeDeps,
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: serveURL, changeOrigin: true }])) },
  resolve: {
    // The contract (constants, shared test vectors) lives in the Go module's contract/
    // folder, the HAR fixtures in its fixtures/ folder.
    alias: [
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      { find: '@contract', replacement: path.resolve(dirname, '../contract') },
      { find: '@fixtures', replacement: path.resolve(dirname, '../fixtures') },
      { find: '@', replacement: path.resolve(dirname, 'src') },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Which chunks and styles each page needs: scripts/build-shop.ts links them in its HTML.
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Everything the entry imports statically (it all loads before the first render) in
            // one chunk: by default the modules lazy pages share too are split into several small
            // chunks, which compress ~2 KB gzip worse and take more requests.
            // The entry module is in it too: main.tsx's task breaks (top-level awaits) then
            // sit between the modules they separate, in this one chunk's code.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
          restoreMocks: true,
          // CI has 2 cores shared by both projects; user-event tests of whole pages are slow there.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        optimizeDeps,
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          setupFiles: ['./.storybook/vitest.setup.ts'],
          browser: {
            // Visual baselines of the 'visual' stories, committed, one folder for all.
            expect: {
              toMatchScreenshot: {
                resolveScreenshotPath: ({ root, arg, browserName, platform, ext }) =>
                  path.join(root, 'visual-baselines', `${arg}-${browserName}-${platform}${ext}`),
                resolveDiffPath: ({ root, arg, browserName, platform, ext }) =>
                  path.join(root, '.vitest-attachments', 'visual-diffs', `${arg}-${browserName}-${platform}${ext}`),
              },
            },
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromiumPath,
                args: chromiumArgs,
              },
            }),
            instances: storyLocales.map((locale, i) => ({
              browser: 'chromium' as const,
              name: `storybook (${locale})`,
              provide: { [STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY]: { locale } },
              // One locale after another (en with the unit tests, as before): three browsers at
              // once on CI's two cores starved the stories' 5 s waits.
              sequence: { groupOrder: i },
            })),
          },
        },
      },
    ],
  },
}));
