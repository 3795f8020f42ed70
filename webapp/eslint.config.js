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
const layer = (forbidden, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ regex: `(^|/)(${forbidden.join('|')})/`, message }] },
  ],
});

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
  { files: ['src/shared/**'], rules: layer(['features', 'app'], 'shared/ must not import features/ or app/.') },
  // Feature boundaries: a feature imports shared/ and its own folder, never another
  // feature or app/ (shared UI such as the code form lives in shared/).
  ...features.map((f) => ({
    files: [`src/features/${f}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)app/', message: 'features/ must not import app/.' },
            { regex: `^@/features/(?!${f}/)`, message: `features/${f} imports only shared/ and its own folder; move what two features share to shared/.` },
            { regex: `^(\\.\\./){2,}(?!${f}/)[^.]`, message: `features/${f} imports only shared/ and its own folder (use @/shared/...).` },
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**', '*.config.{js,ts}', '.storybook/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  ...storybook.configs['flat/recommended'],
);
