// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The messages of no-restricted-imports for `code` placed at `file` (relative to webapp/). */
async function restricted(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(webapp, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('eslint import zones (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: webapp });
  });

  // Test and story support never reaches the shop: production files may not import it.
  it.each([
    ['src/shared/format/x.ts', "import { fixtureConfig } from '@/test/fixtureConfig';"],
    ['src/shared/api/x.ts', "import { AppProviders } from '../../test/AppProviders';"],
    ['src/features/plans/components/X.tsx', "import { shopParameters } from '@/test/storybook';"],
    ['src/features/plans/components/X.tsx', "import { handlersFor } from '@/mocks/handlers';"],
    ['src/app/x.ts', "import { customerSession } from '@/test/sessions';"],
  ])('%s may not: %s', async (file, code) => {
    const messages = await restricted(eslint, file, `${code}\nexport const y = 1;\n`);
    expect(messages.join('\n')).toContain('Production code never imports test support');
  }, 30_000);

  // Tests, stories and the support itself may; the layer rules still hold for them.
  it.each([
    ['src/shared/format/x.test.ts', "import { fixtureConfig } from '@/test/fixtureConfig';"],
    ['src/features/plans/components/X.stories.tsx', "import { shopParameters } from '@/test/storybook';"],
    ['src/test/x.ts', "import { handlersFor } from '@/mocks/handlers';"],
  ])('%s may: %s', async (file, code) => {
    expect(await restricted(eslint, file, `${code}\nexport const y = 1;\n`)).toEqual([]);
  }, 30_000);

  it('a story still may not import another feature', async () => {
    const messages = await restricted(eslint, 'src/features/plans/components/X.stories.tsx', "import { ProfilePage } from '@/features/profile/components/ProfilePage';\nexport const y = 1;\n");
    expect(messages.join('\n')).toContain('imports only shared/ and its own folder');
  }, 30_000);

  // shared/ and mocks/ do not import each other both ways: the fixtures import only the contract.
  it('src/mocks imports only the contract constants', async () => {
    expect(await restricted(eslint, 'src/mocks/x.ts', "import { contract } from '@/shared/contract/contract';\nexport const y = contract;\n")).toEqual([]);
    const messages = await restricted(eslint, 'src/mocks/x.ts', "import { fixtureConfig } from '@/test/fixtureConfig';\nimport { formatPrice } from '@/shared/format/format';\nexport const y = [fixtureConfig, formatPrice];\n");
    expect(messages).toHaveLength(2);
  }, 30_000);
});
