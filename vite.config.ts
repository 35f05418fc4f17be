import { resolve } from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { precompressDir } from './scripts/lib/precompress.mjs';

const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Pre-compressed siblings of every built text file (`x.js.br` at brotli's best, `x.js.gz` at gzip's best), written
 * once at build time so the server (`@fastify/static` with `preCompressed`) sends them as they are, like a CDN.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/** The font of the text above the fold (body text, Cyrillic: the default language), preloaded with the entry. */
const ABOVE_THE_FOLD_FONTS = ['open-sans-cyrillic-400-normal.woff2'];

/**
 * `<link rel="preload" as="font">` for the above-the-fold font file, so it downloads alongside the entry instead of
 * after the stylesheet is parsed and the text laid out; the other faces load when text needs them
 * (`font-display: swap` everywhere, `unicode-range` per subset).
 */
function preloadFonts(): Plugin {
  return {
    name: 'portal:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const tags: HtmlTagDescriptor[] = [];
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'asset') continue;
          const names = output.originalFileNames.map((name) => name.split('/').at(-1));
          if (!names.some((name) => name !== undefined && ABOVE_THE_FOLD_FONTS.includes(name))) continue;
          tags.push({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${output.fileName}`,
              crossorigin: '',
            },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}

/**
 * `dist/.vite/modules.json`: the size of every module in every chunk (before minification), so `npm run budget` can
 * tell what each package costs of the JavaScript loaded up front.
 */
function moduleSizes(): Plugin {
  return {
    name: 'portal:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * The active language's message catalogue downloads alongside the entry instead of after it has run: a small classic
 * script (`assets/catalogue-preload-*.js`, `async`, external because the CSP allows no inline script) reads the
 * stored language as `src/i18n/i18n.ts` does and adds a `modulepreload` link for that catalogue's chunk.
 */
function preloadCatalogue(): Plugin {
  let scriptFile: string | undefined;
  return {
    name: 'portal:preload-catalogue',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        const code =
          output.type === 'chunk'
            ? /locales\/(\w+)\/messages\.po$/.exec(output.facadeModuleId ?? '')?.[1]
            : undefined;
        if (code !== undefined) files[code] = `/${output.fileName}`;
      }
      if (Object.keys(files).length === 0) return;
      const source = `// Preloads the active language's catalogue (see vite.config.ts, preloadCatalogue).
(function () {
  var files = ${JSON.stringify(files)};
  var code = 'ru';
  try {
    var stored = String(localStorage.getItem('lang') || 'ru').trim().toLowerCase().split(/[-_]/)[0];
    if (Object.prototype.hasOwnProperty.call(files, stored)) code = stored;
  } catch (e) {}
  var link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = files[code];
  document.head.appendChild(link);
})();
`;
      const ref = this.emitFile({ type: 'asset', name: 'catalogue-preload.js', source });
      scriptFile = this.getFileName(ref);
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (scriptFile === undefined) return [];
        return [{ tag: 'script', attrs: { async: true, src: `/${scriptFile}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    preloadCatalogue(),
    preloadFonts(),
    moduleSizes(),
    precompress(),
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reports, without a `sourceMappingURL` in the files (and the server does not serve them).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunk each route loads with its imports (read by `npm run budget`; a dot
    // directory, so the server does not serve it).
    manifest: true,
  },
});
