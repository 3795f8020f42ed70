// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT } from './gen-msw';

describe('gen-msw', () => {
  it('src/mocks/fixtures.generated.ts is up to date with fixtures/ (run: npm run gen:msw)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === generate(), 'generated MSW fixtures are stale: run `npm run gen:msw`').toBe(true);
  });
});
