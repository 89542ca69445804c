// One lint setup for the whole monorepo. Import boundaries (STYLE.md): the web never imports the
// server, the server never imports the web, and everyone shares only `@khela/contract`.
// (eslint-plugin-import-x was tried: its native resolver ships per-platform packages that this
// machine's registry does not all serve, which breaks `npm ci`. Core rules do the boundary job;
// the web's one-way shared → features → app flow, features meeting only through their index.ts, is
// the local rule eslint-rules/web-boundaries.js, tested by apps/web/src/test/web-boundaries.test.ts.)
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webBoundaries from './eslint-rules/web-boundaries.js';
import serverBoundaries from './eslint-rules/server-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/drizzle/**',
      'apps/house-games/drizzle/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Use node:crypto (randomInt, randomBytes): no Math.random near money or outcomes.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@khela/server', '@khela/server/*'],
              message: 'The web talks to the server only over HTTP.',
            },
            {
              group: ['react-router', 'react-router/*', 'react-router-dom', 'wouter'],
              message: "Routing comes from shared/router/router.tsx (the site's own small router).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@khela/web', '@khela/web/*'],
              message: 'The server never imports the web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@khela/server', '@khela/web'],
              message: 'The contract depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts only.' },
      ],
    },
  },
  {
    // Functions passed to page.evaluate run in the browser.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['apps/web/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The back office (issue 15): talks to the server over HTTP only, like the web.
    files: ['apps/admin/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/apps/server/**',
                '@khela/server',
                '@khela/server/*',
                '**/apps/web/**',
                '@khela/web',
              ],
              message: 'The back office talks to the server only over HTTP and shares only @khela/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { khela: webBoundaries },
    rules: {
      'khela/web-boundaries': 'error',
    },
  },
  {
    // Server modules meet only through their service functions, never each other's tables or
    // internals (eslint-rules/server-boundaries.js; import cycles between modules: the test
    // apps/server/src/test/module-boundaries.test.ts).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'khela-server': serverBoundaries },
    rules: { 'khela-server/server-boundaries': 'error' },
  },
);
