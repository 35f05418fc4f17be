// ESLint 9 flat config: typescript-eslint (type-aware), react-hooks 7, jsx-a11y, and the architecture's
// import boundaries (see docs/architecture.md):
//   machines/**  -> xstate and openapi types only: no React, no DOM, no fetch, no src/, no server/
//   src/**       -> never server/; inside it a one-way house (docs/adr/0004-one-way-house.md):
//                   app/ -> features/ -> session/ -> shared layer (data/ -> api/ -> i18n/; ui/ -> i18n/) ->
//                   platform/; features never import app/ or one another; outside session/ only its eager half;
//                   prerender/ is imported only for its state.ts; views (*.tsx) never run a write themselves
//   no import circle in machines/, server/ or src/ (import-x/no-cycle)
//   server/**    -> never src/
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const JS_FILES = ['**/*.{js,mjs,cjs}'];

/**
 * An import of the given top-level folder: by its package.json alias (`#server/app.ts`) or by a relative climb into
 * it (`../../server/app`).
 */
const intoFolder = (folder) => `^(#${folder}/|(\\.{1,2}/)+(.*/)?${folder}(/|$))`;

const machineImportBans = {
  paths: [
    { name: 'react', message: 'machines/ are pure XState: no React.' },
    { name: 'react-dom', message: 'machines/ are pure XState: no React.' },
    { name: '@xstate/react', message: 'machines/ are pure XState: bind them to React in src/.' },
    { name: 'openapi-fetch', message: 'machines/ do no I/O: name an actor and let src/ provide it.' },
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

/** The features of the SPA (`src/features/<name>/`): each may import only itself and the shared layer. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** `import-x/no-restricted-paths` zones of the one-way house inside src/. */
const srcZones = [
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import app/: app/ composes features.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import one another: share through src/data, src/ui or src/i18n.',
  })),
  {
    target: ['./src/data', './src/ui', './src/i18n', './src/api', './src/styles'],
    from: ['./src/features', './src/app', './src/main.tsx'],
    message: 'The shared layer never imports features or app/.',
  },
  { target: './src/api', from: ['./src/data', './src/ui'], message: 'api/ imports nothing above it.' },
  {
    target: './src/platform',
    from: [
      './src/api',
      './src/app',
      './src/data',
      './src/features',
      './src/i18n',
      './src/prerender',
      './src/session',
      './src/styles',
      './src/ui',
    ],
    message:
      "platform/ (the browser's storage and the like) is the bottom layer: it imports nothing of src/.",
  },
  {
    target: './src/i18n',
    from: ['./src/data', './src/ui', './src/api'],
    message: 'i18n/ imports nothing above it.',
  },
  {
    target: './src/data',
    from: './src/ui',
    message: 'data/ is below ui/: views read data, not the other way.',
  },
  { target: './src/ui', from: './src/data', message: 'ui/ is presentational: it takes data as props.' },
  // The session (src/session/) sits between app/ and features/ above and the shared layer below; most of it is the
  // session chunk, which loads late (src/session/session-runtime.tsx says why).
  {
    target: './src/session',
    from: ['./src/features', './src/app'],
    message: 'session/ is below app/ and features/: they read the session through its hooks.',
  },
  {
    target: ['./src/api', './src/data', './src/i18n', './src/styles', './src/ui'],
    from: './src/session',
    message: 'The shared layer is below the session: session/ reads data/ and api/, not the other way.',
  },
  {
    target: ['./src/app', './src/features', './src/prerender', './src/main.tsx'],
    from: './src/session',
    except: ['./auth-context.tsx', './language-context.tsx', './deferred-actor.ts', './session-types.ts'],
    message:
      'Outside src/session/ only its eager half is imported (auth-context, language-context, deferred-actor, ' +
      'session-types): the rest is the session chunk, loaded late for the JS budget (see ' +
      'src/session/session-runtime.tsx); a static import would pull it into the entry.',
  },
  // Server-rendered first screens (src/prerender/): the renderer is the server's, the browser's half the entry's.
  {
    target: [
      './src/api',
      './src/app',
      './src/data',
      './src/features',
      './src/i18n',
      './src/session',
      './src/styles',
      './src/ui',
    ],
    from: './src/prerender',
    except: ['./state.ts'],
    message:
      'Only src/prerender/state.ts (what the server hands over) is imported outside prerender/: the renderer ' +
      "and its transport run on the server, the browser's half is started by src/main.tsx.",
  },
  {
    target: ['./src/prerender/state.ts', './src/prerender/browser.ts'],
    from: ['./src/app', './src/data', './src/features', './src/session', './src/ui'],
    message:
      "prerender/'s browser half runs in the entry before the app renders: api/, i18n/ and platform/ only.",
  },
];

/** Views render machine state: the writes and the client live in `*.actors.ts` and `src/data/`. */
const viewWriteBans = {
  paths: [
    {
      name: '@tanstack/react-query',
      importNames: ['useMutation'],
      message:
        'A write is an event of a machine (src/data/*.actors.ts, src/features/*/*.actors.ts), not a mutation.',
    },
    {
      name: 'xstate',
      importNames: ['fromPromise', 'fromCallback'],
      message: "Actors are provided in the machine's *.actors.ts (provideX(deps)), not in a view.",
    },
  ],
  patterns: [
    {
      regex: intoFolder('server'),
      message: 'src/ may not import from server/ (the contract is the only tie).',
    },
    {
      regex: '(^|/)api/client(\\.ts)?$',
      message: 'Views never call the API client: read src/data queries, send machine events.',
    },
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
      'dist-ssr/**',
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

  // The service worker (docs/adr/0103-web-push.md): plain JavaScript served as is, in a worker's global scope.
  {
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
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

  // The import graph of the app's code: no circle in machines/, server/ or src/ (import-x resolves the explicit
  // .ts/.tsx specifiers with its node resolver; type-only imports are not edges, they vanish at run time).
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // The one-way house inside src/.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: srcZones }],
    },
  },

  // Views (*.tsx) render machine state: no mutation, no inline actor, no `.provide(`, no API client.
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', viewWriteBans],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='provide']",
          message: "Provide a machine's actors in its *.actors.ts (provideX(deps)), not in a view.",
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
    files: ['server/**/*.{ts,tsx}'],
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
