import { resolve } from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { chunkGroups } from './scripts/lib/chunk-groups.mjs';
import { bootScript } from './scripts/vite/boot-script.ts';
import { linguiPluralNumber } from './scripts/vite/lingui-plural-number.ts';
import { moduleSizes } from './scripts/vite/module-sizes.ts';
import { precompress } from './scripts/vite/precompress.ts';

const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/** The browser's build: dist/. */
const browserBuild: UserConfig = {
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reports, without a `sourceMappingURL` in the files (and the server does not serve them).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunk each route loads with its imports (read by `npm run budget`; a dot
    // directory, so the server does not serve it).
    manifest: true,
    // No modulepreload polyfill: without it the entry is the `app` chunk itself instead of a file of its own in front
    // of it. A browser without `<link rel="modulepreload">` (Safari before 17) only loses the early download.
    modulePreload: { polyfill: false },
    // Fewer, larger lazy chunks: the session's and the screens' shared code, one file each (see the module).
    rolldownOptions: {
      output: { codeSplitting: chunkGroups(resolve(import.meta.dirname)) },
      // No report of slow plugins in every build on a busy machine (`npm start` builds on first run): the build
      // takes about 3 s, most of it in Babel's Lingui macro pass, which is known.
      checks: { bundlerTimings: false },
    },
  },
};

/**
 * `vite build --ssr src/prerender/server-entry.tsx` (`npm run build`'s second step): the server's renderer of first
 * screens, into dist-ssr/ (not served). The same app code and transforms (the Lingui macro and catalogues); no
 * boot script, chunk groups or compressed copies, which are the browser's. TanStack Query is bundled, not left to
 * Node: the entry's `@portal/query-client-context` (its context module, aliased) and the package must be one
 * module, as in the browser's build.
 */
const ssrBuild: UserConfig = {
  ssr: { noExternal: ['@tanstack/react-query', '@tanstack/query-core'] },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: true,
    // A dynamic import that does not split a chunk is no cost on the server (the browser's build keeps the check).
    rolldownOptions: { checks: { bundlerTimings: false, ineffectiveDynamicImport: false } },
  },
};

/**
 * React Router's package exports only its development build (dev warnings and checks; remix-run/react-router#12532,
 * #14753): a production build takes its production build, file for file.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

export default defineConfig(({ isSsrBuild, command, mode }) => ({
  resolve: {
    alias: [
      // See src/api/query-client-context.d.ts.
      {
        find: '@portal/query-client-context',
        replacement: resolve(
          import.meta.dirname,
          'node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js',
        ),
      },
      ...(command === 'build' && mode === 'production' ? reactRouterProduction : []),
    ],
  },
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    // Lingui writes a plural's number only when its text shows it (see the module).
    linguiPluralNumber(),
    // The browser's build only: the inline boot script (src/boot/) and its manifest, module sizes for the budget,
    // pre-compressed files.
    ...(isSsrBuild === true ? [] : [bootScript(), moduleSizes(), precompress()]),
  ],
  server: {
    proxy: {
      '/api': { target: apiProxyTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiProxyTarget, changeOrigin: true },
    },
  },
  ...(isSsrBuild === true ? ssrBuild : browserBuild),
}));
