// End-to-end suite: node tests that drive Debian's Chromium against `esim serve` on the
// sandbox. Run by `npm run e2e` (which builds the binary and dist first when needed).
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

const journeys = {
  environment: 'node' as const,
  // One shop and one machine: journeys run one after another (expire-tokens is global).
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 40_000,
  teardownTimeout: 10_000,
  retry: 0,
};

export default defineConfig({
  root: path.resolve(dirname, '..'),
  test: {
    // One file at a time across both projects: the machine has two cores.
    fileParallelism: false,
    projects: [
      {
        extends: true,
        test: {
          ...journeys,
          name: 'e2e',
          // E2E_INCLUDE (a glob under webapp/) runs other journey files, e.g. ones still in progress.
          include: [process.env.E2E_INCLUDE ?? 'e2e/**/*.e2e.ts'],
          exclude: ['e2e/storybook-docs.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
      {
        // The built Storybook's docs pages (no shop): `--project storybook-docs` runs it alone.
        extends: true,
        test: { ...journeys, name: 'storybook-docs', include: ['e2e/storybook-docs.e2e.ts'] },
      },
    ],
  },
});
