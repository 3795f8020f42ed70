// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT } from './gen-wire';

describe('gen-wire', () => {
  it('src/shared/api/wire.gen.ts is up to date with contract/openapi.yaml (run: npm run gen:wire)', async () => {
    expect(readFileSync(OUTPUT, 'utf8') === (await generate()), 'generated wire types are stale: run `npm run gen:wire`').toBe(true);
  });
});
