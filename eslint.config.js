// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layer boundaries (DESIGN.md): src -> machines -> domain, src -> adapters, server -> domain.
const layer = (from, forbidden, extra = []) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbidden.map((dir) => ({
            group: [`**/${dir}`, `**/${dir}/**`],
            message: `${from}/ may not import ${dir}/ (see DESIGN.md, layers).`,
          })),
          ...extra,
        ],
      },
    ],
  },
});

const noReact = { group: ['react', 'react-dom', 'react/*', '@xstate/react', 'styled-components'], message: 'No React here.' };

export default tseslint.config(
  { ignores: ['.tmp/**', '.server-dist/**', 'dist/**', 'node_modules/**', 'storybook-static/**', 'flows-out/**', 'data/**', 'test-results/**', 'public/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Plain Node scripts (the dev runner, the Chromium check).
    files: ['scripts/**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  layer('domain', ['machines', 'adapters', 'src', 'server', 'stories'], [
    noReact,
    { group: ['xstate', 'xstate/*', 'ofetch', 'fastify', 'kysely', 'node:*'], message: 'domain/ is pure: no I/O, no XState.' },
  ]),
  {
    // machines may use the port *types* only, never an adapter implementation.
    files: ['machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/adapters/**', '!**/adapters/ports'], message: 'machines/ may import only adapters/ports types.' },
            { group: ['**/adapters/ports'], allowTypeImports: true, message: 'Import port types with `import type`.' },
            { group: ['**/src', '**/src/**', '**/server', '**/server/**'], message: 'machines/ may not import src/ or server/.' },
            noReact,
          ],
        },
      ],
    },
  },
  layer('adapters', ['src', 'server', 'machines'], [noReact]),
  layer('server', ['src', 'machines', 'adapters', 'stories'], [noReact]),
);
