// ESLint 9 flat config: typescript-eslint (type-aware), react-hooks 7, jsx-a11y, and the architecture's
// import boundaries (see ../shared/design/architecture.md):
//   machines/**  -> xstate and openapi types only: no React, no DOM, no fetch, no src/, no server/
//   src/**       -> never server/
//   server/**    -> never src/
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const JS_FILES = ['**/*.{js,mjs,cjs}'];

/** A relative import that climbs into the given top-level folder, e.g. `../../server/app`. */
const intoFolder = (folder) => `^(\\.{1,2}/)+(.*/)?${folder}(/|$)`;

const machineImportBans = {
  paths: [
    { name: 'react', message: 'machines/ are pure XState: no React.' },
    { name: 'react-dom', message: 'machines/ are pure XState: no React.' },
    { name: '@xstate/react', message: 'machines/ are pure XState: bind them to React in src/.' },
    { name: 'openapi-fetch', message: 'machines/ do no I/O: name an actor and let src/ provide it.' },
    { name: 'openapi-react-query', message: 'machines/ do no I/O: name an actor and let src/ provide it.' },
    { name: '@tanstack/react-query', message: 'machines/ do no I/O: name an actor and let src/ provide it.' },
  ],
  patterns: [
    {
      group: ['react/*', 'react-dom/*', '@xstate/react/*', 'openapi-fetch/*'],
      message: 'machines/ are pure XState.',
    },
    { regex: intoFolder('src'), message: 'machines/ may not import from src/.' },
    { regex: intoFolder('server'), message: 'machines/ may not import from server/.' },
  ],
};

const domGlobalBan = (name) => ({
  name,
  message: `machines/ run without a DOM: no \`${name}\`. Inject it as an actor.`,
});

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      '.data/**',
      '.data*/**',
      'openapi/schema.d.ts',
      'src/locales-compiled/**',
      'locales/**/*.{js,mjs,ts}',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,

  // TypeScript: type-aware rules through the project service (root tsconfig.json).
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // React Router's loaders throw `redirect()` (a Response) and `data()` on purpose.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      // `async` without `await` is the natural shape of fromPromise actors and test fakes.
      '@typescript-eslint/require-await': 'off',
    },
  },

  // Plain JavaScript (configs, scripts): Node, no type information.
  {
    files: JS_FILES,
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  // The SPA: browser globals, hooks rules, accessibility.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: intoFolder('server'),
              message: 'src/ may not import from server/ (the contract is the only tie).',
            },
          ],
        },
      ],
    },
  },

  // Machines: pure XState, runnable in Node without a DOM.
  {
    files: ['machines/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      'no-restricted-imports': ['error', machineImportBans],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'location',
          'history',
          'fetch',
          'XMLHttpRequest',
          'WebSocket',
          'indexedDB',
        ].map(domGlobalBan),
      ],
    },
  },

  // The reference server: Node.
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: intoFolder('src'),
              message: 'server/ may not import from src/ (the contract is the only tie).',
            },
          ],
        },
      ],
    },
  },

  // Tests may import anything; component tests use hooks and JSX.
  {
    files: ['tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Test doubles and JSON bodies from inject()/fetch are loosely typed; asserting on them is the point.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Tests reproduce what servers and libraries really throw or reject with, Error or not.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // Playwright fixtures that need no other fixture are written `async ({}, use) => ...`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ['tests/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },

  // Root config files (vite.config.ts, vitest.config.ts, playwright.config.ts): Node.
  {
    files: ['*.{ts,mts}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
