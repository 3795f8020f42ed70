// @vitest-environment node
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffold } from './new-component.ts';
import { fill, registerNamespace, targetOf, TEMPLATE_FILES, type Template } from './new-component/fill.ts';

const run = promisify(execFile);
const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.dirname(webapp);
const require = createRequire(import.meta.url);
const bin = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

const names = { Name: 'ScaffoldCheck', feature: 'scaffold-check' };

/**
 * The scaffold in a temporary copy of webapp/ (its src and configuration; node_modules,
 * contract/ and fixtures/ linked), so the real tree never holds a half-made component.
 */
describe('npm run new:component', () => {
  let root = '';
  let copy = '';
  let files: string[] = [];
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'new-component-'));
    copy = path.join(root, 'webapp');
    mkdirSync(copy);
    for (const d of ['node_modules', 'contract', 'fixtures']) symlinkSync(path.join(repo, d), path.join(root, d));
    cpSync(path.join(webapp, 'src'), path.join(copy, 'src'), { recursive: true });
    for (const f of ['package.json', 'tsconfig.app.json', 'eslint.config.js', 'vite.config.ts']) cpSync(path.join(webapp, f), path.join(copy, f));
    for (const d of ['node_modules', 'e2e', 'scripts', 'public', '.storybook']) symlinkSync(path.join(webapp, d), path.join(copy, d));
    files = scaffold(copy, names);
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('writes the guide example: component, CSS module, stories, en/ar/fr texts, the typed namespace', () => {
    const rel = files.map((f) => path.relative(copy, f)).sort();
    expect(rel).toEqual(
      [...(Object.keys(TEMPLATE_FILES) as Template[]).map((t) => targetOf(t, names)), 'src/app/i18next.d.ts'].sort(),
    );
    const stories = readFileSync(path.join(copy, targetOf('stories', names)), 'utf8');
    for (const s of ['Filled', 'Loading', 'Empty', 'Error', 'Mobile']) expect(stories).toContain(`export const ${s}: Story`);
    expect(readFileSync(path.join(copy, 'src/app/i18next.d.ts'), 'utf8')).toContain("'scaffold-check': typeof scaffoldCheck;");
  });

  it('refuses to write a component twice, and leaves the first one whole', () => {
    const before = readFileSync(path.join(copy, targetOf('en', names)), 'utf8');
    expect(() => scaffold(copy, names)).toThrow(/exists; nothing was written/);
    expect(readFileSync(path.join(copy, targetOf('en', names)), 'utf8')).toBe(before);
  });

  it('passes tsc', async () => {
    const generated = (['component', 'stories'] as Template[]).map((t) => targetOf(t, names));
    writeFileSync(
      path.join(copy, 'tsconfig.check.json'),
      JSON.stringify({ extends: './tsconfig.app.json', compilerOptions: { tsBuildInfoFile: null, incremental: false }, include: [...generated, 'src/app/i18next.d.ts', 'src/**/*.d.ts'] }),
    );
    await run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.check.json'], { cwd: copy }).catch((err: { stdout?: string }) => {
      throw new Error(`tsc failed:\n${err.stdout ?? String(err)}`);
    });
  }, 120_000);

  it('passes eslint (the feature zones of eslint.config.js included)', async () => {
    const eslint = new ESLint({ cwd: copy });
    const results = await eslint.lintFiles((['component', 'stories'] as Template[]).map((t) => targetOf(t, names)));
    const formatted = await (await eslint.loadFormatter('stylish')).format(results);
    expect(results.reduce((n, r) => n + r.errorCount + r.warningCount, 0), formatted).toBe(0);
  }, 60_000);

  it("renders and plays every story in en, ar and fr (jsdom)", async () => {
    const check = path.join(copy, `src/features/${names.feature}/components/${names.Name}.check.test.tsx`);
    writeFileSync(check, fill(readFileSync(path.join(webapp, 'scripts/new-component/check.test.tsx.tmpl'), 'utf8'), names));
    const { stdout } = await run(process.execPath, [bin('vitest', 'vitest.mjs'), 'run', '--project', 'unit', '--root', copy, check], { cwd: copy, env: { ...process.env, CI: '1' } }).catch(
      (err: { stdout?: string; stderr?: string }) => {
        throw new Error(`the stories failed:\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
      },
    );
    expect(stdout).toMatch(/15 passed/);
  }, 180_000);
});

describe('registerNamespace', () => {
  const dts = "import type a from './a.json';\n\ndeclare module 'i18next' {\n  interface CustomTypeOptions {\n    resources: {\n      a: typeof a;\n    };\n  }\n}\n";
  it('adds a feature once', () => {
    const once = registerNamespace(dts, 'setup-tips');
    expect(once).toContain("import type setupTips from '@/features/setup-tips/locales/en.json';");
    expect(once).toContain("      'setup-tips': typeof setupTips;\n      a: typeof a;");
    expect(registerNamespace(once, 'setup-tips')).toBe(once);
  });
});
