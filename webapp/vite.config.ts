/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY } from '@storybook/addon-vitest/constants';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vite';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every story runs once per locale: one Chromium instance each, named `storybook (<locale>)`,
 * that starts its stories with the toolbar's `locale` global set (the addon's initialGlobals,
 * per instance). `--project storybook` runs all three; `--project 'storybook (ar)'` one.
 */
const storyLocales = ['en', 'ar', 'fr'] as const;

// Debian's Chromium: the project never downloads a browser build of its own.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

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
    'react-select',
    'countries-list',
    'i18next',
    'react-i18next',
    'msw',
    'msw/browser',
    '@tanstack/react-query',
    'storybook/test',
  ],
};

// react-router's package exports only its development build to bundlers (dev warnings on);
// the production build next to it is the same code with them off. Builds take that one.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  `${path.sep}development${path.sep}`,
  `${path.sep}production${path.sep}`,
);

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: chromiumArgs,
              },
            }),
            instances: storyLocales.map((locale) => ({
              browser: 'chromium' as const,
              name: `storybook (${locale})`,
              provide: { [STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY]: { locale } },
            })),
          },
        },
      },
    ],
  },
}));
