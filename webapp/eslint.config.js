import fs from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One-way imports: shared -> features -> app. A lower layer never imports a higher one.
const features = fs.readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Test and story support (src/test: AppProviders, the story loader, fixture data and
// configuration) and the MSW fixtures (src/mocks) exist for tests, stories and guides only:
// the shop itself never imports them, so none of it reaches the production bundle.
const notProduction = ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}', 'src/test/**', 'src/mocks/**', 'src/docs/**'];
const testSupport = {
  regex: '^@/(test|mocks)/|(^|/)(test|mocks)/',
  message: 'Production code never imports test support (src/test) or the fixtures (src/mocks); only tests, stories and guides do.',
};

/**
 * zone restricts the imports of `dir`: its production files may match none of `patterns`
 * nor test support; its tests and stories none of `patterns`. (One rule entry per file: a
 * later `no-restricted-imports` replaces an earlier one, it does not add to it.)
 */
const zone = (dir, patterns) => [
  { files: [`${dir}/**`], ignores: notProduction, rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, testSupport] }] } },
  {
    files: [`${dir}/**/*.test.{ts,tsx}`, `${dir}/**/*.stories.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  },
];
const layer = (forbidden, message) => [{ regex: `(^|/)(${forbidden.join('|')})/`, message }];

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'coverage', 'public/mockServiceWorker.js'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict, jsxA11y.flatConfigs.strict],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  // No barrel files: import the module that defines the thing.
  {
    files: ['src/**/index.ts', 'src/**/index.tsx'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'No barrel files.' }] },
  },
  ...zone('src/shared', layer(['features', 'app'], 'shared/ must not import features/ or app/.')),
  ...zone('src/app', []),
  // Feature boundaries: a feature imports shared/ and its own folder, never another
  // feature or app/ (shared UI such as the code form lives in shared/).
  ...features.flatMap((f) =>
    zone(`src/features/${f}`, [
      { regex: '(^|/)app/', message: 'features/ must not import app/.' },
      { regex: `^@/features/(?!${f}/)`, message: `features/${f} imports only shared/ and its own folder; move what two features share to shared/.` },
      { regex: `^(\\.\\./){2,}(?!${f}/)[^.]`, message: `features/${f} imports only shared/ and its own folder (use @/shared/...).` },
    ]),
  ),
  // The fixtures sit below everything but the contract constants: they import neither the
  // shop's code nor test support, so shared/ and mocks/ never import each other both ways.
  {
    files: ['src/mocks/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(@|\\.\\.)/(test|features|app)/|^(@|\\.\\.)/shared/(?!contract/)', message: 'src/mocks imports only the contract constants (@/shared/contract, contract/).' }] },
      ],
    },
  },
  {
    files: ['scripts/**', '*.config.{js,ts}', '.storybook/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  ...storybook.configs['flat/recommended'],
);
