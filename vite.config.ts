import { resolve } from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { chunkGroups } from './scripts/lib/chunk-groups.mjs';
import { BOOT_READS, BOOT_RESPONSES_KEY } from './src/api/boot-reads.ts';
import { HELD_INPUT_KEY } from './src/prerender/state.ts';
import { WEB_FONT_FACES, WEB_FONTS_KEY, WEB_FONTS_ON_KEY } from './src/styles/web-font-faces.ts';
import { precompressDir } from './scripts/lib/precompress.mjs';
import { patternSource, readScreenRoutes } from './scripts/lib/screen-routes.mjs';

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

/** The session chunk's module (`loadSessionRuntime` in src/session/auth-context.tsx). */
export const SESSION_MODULE = '/src/session/session-runtime.tsx';

/**
 * A parallel boot. A small classic script, inline in index.html's `<head>` (the server's CSP allows it by its
 * sha256), runs as the page is parsed, before the entry is even asked for, and adds, for the URL being opened:
 * - a `modulepreload` link for the active language's catalogue (the stored language, read as `src/i18n/i18n.ts`
 *   reads it);
 * - `modulepreload` links for the session chunk (`SESSION_MODULE`: the auth and language machines, the query
 *   cache) and its imports, when the visit has a token (a visit without one starts logged out and paints without
 *   it, `loadSessionRuntime` in src/session/auth-context.tsx);
 * - `modulepreload` links for the route's screen chunk and the chunks it imports beyond the entry, and `preload`
 *   links for its stylesheets (the screen routes of `src/app/router.tsx`, see `scripts/lib/screen-routes.mjs`).
 * So the catalogue, the screen and the shell download together instead of one after another.
 */
function preloadBoot(): Plugin {
  let bootSource: string | undefined;
  let root = process.cwd();
  let apiBase = '/api/v3';
  return {
    name: 'portal:preload-boot',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      // As src/api/client.ts reads it.
      const configured: unknown = config.env.VITE_API_BASE;
      if (typeof configured === 'string' && configured.trim() !== '') apiBase = configured.trim();
    },
    generateBundle(_options, bundle) {
      const catalogues: Record<string, string> = {};
      const chunks = new Map<string, OutputChunk>();
      let entry: OutputChunk | undefined;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, output);
        if (output.isEntry) entry = output;
        const code = /locales\/(\w+)\/messages\.po$/.exec(output.facadeModuleId ?? '')?.[1];
        if (code !== undefined) catalogues[code] = `/${output.fileName}`;
      }
      if (Object.keys(catalogues).length === 0 || entry === undefined) return;
      // The web fonts' built files, in WEB_FONT_FACES' order: [family, URL, weight].
      const fonts = WEB_FONT_FACES.map((face) => {
        const file = Object.values(bundle).find(
          (output) =>
            output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(face.file)),
        );
        if (file === undefined) this.error(`preload-boot: no built file for ${face.file}`);
        return [face.family, `/${file.fileName}`, face.weight];
      });
      const upFront = new Set<string>();
      const markUpFront = (file: string) => {
        if (upFront.has(file)) return;
        upFront.add(file);
        for (const next of chunks.get(file)?.imports ?? []) markUpFront(next);
      };
      markUpFront(entry.fileName);
      // The session chunk (auth and language machines, query cache) and its imports: every page loads it, so it is
      // preloaded for every URL, beside the screen.
      const session: string[] = [];
      // Its stylesheets, preloaded beside it (else asked for only once the chunk has run).
      const sessionStyles = new Set<string>();
      // The chunk holding the session module (the `session` group of scripts/lib/chunk-groups.mjs).
      const sessionChunk = [...chunks.values()].find((chunk) =>
        chunk.moduleIds.some((id) => id.endsWith(SESSION_MODULE)),
      );
      if (sessionChunk === undefined) this.warn(`preload-boot: no chunk for ${SESSION_MODULE}`);
      const visitSession = (file: string) => {
        if (upFront.has(file) || session.includes(`/${file}`)) return;
        session.push(`/${file}`);
        for (const sheet of chunks.get(file)?.viteMetadata?.importedCss ?? []) sessionStyles.add(`/${sheet}`);
        for (const next of chunks.get(file)?.imports ?? []) visitSession(next);
      };
      if (sessionChunk !== undefined) visitSession(sessionChunk.fileName);
      const screens: Array<[string, string[], string[]]> = [];
      // The chunk holding each module: a screen's own chunk, or a group's (the login screen is in `login`).
      const byModule = new Map(
        [...chunks.values()].flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk])),
      );
      const screenRoutes = readScreenRoutes(root);
      for (const [pattern, module] of screenRoutes) {
        const chunk = byModule.get(module);
        if (chunk === undefined) {
          this.warn(`preload-boot: no chunk for ${module} (${pattern}); that route is not preloaded`);
          continue;
        }
        const js: string[] = [];
        const css = new Set<string>();
        const visit = (file: string) => {
          if (upFront.has(file) || session.includes(`/${file}`) || js.includes(`/${file}`)) return;
          js.push(`/${file}`);
          const visited = chunks.get(file);
          for (const sheet of visited?.viteMetadata?.importedCss ?? []) css.add(`/${sheet}`);
          for (const next of visited?.imports ?? []) visit(next);
        };
        visit(chunk.fileName);
        screens.push([patternSource(pattern), js, [...css]]);
      }
      if (screenRoutes.length < 10)
        this.warn(`preload-boot: only ${screenRoutes.length} screen routes found`);
      const source = `// Preloads the catalogue and the screen of the URL being opened (see vite.config.ts, preloadBoot).
(function () {
  var catalogues = ${JSON.stringify(catalogues)};
  var screens = ${JSON.stringify(screens)};
  var session = ${JSON.stringify(session)};
  var sessionStyles = ${JSON.stringify([...sessionStyles])};
  var reads = ${JSON.stringify(BOOT_READS)};
  var apiBase = ${JSON.stringify(apiBase)};
  var fonts = ${JSON.stringify(fonts)};
  var entryScripts = __ENTRY_SCRIPTS__;
  // A page the server rendered (src/prerender/) has its first screen in the HTML: its stylesheets are needed before
  // it paints, and its first reads came with it.
  var prerendered = !!document.getElementById('portal-prerendered');
  // The app's code: preloaded now; for a server-rendered page, once its first screen has painted (then the entry
  // scripts too, which the server takes out of that page): the screen's HTML and CSS have the line to themselves,
  // and the app takes the screen over a moment later (src/prerender/).
  var later = [];
  // A later visit's browser has the web fonts (src/styles/web-fonts.ts): on a page the server rendered they go on
  // here, before its first paint (the app's code runs after it). \`fallback\`: the cached files are here well within
  // its short block period; were they not, the text paints in the local font meanwhile.
  if (prerendered)
    try {
      var signature = [];
      for (var f = 0; f < fonts.length; f++) signature.push(fonts[f][1]);
      if (typeof FontFace === 'function' && localStorage.getItem('${WEB_FONTS_KEY}') === signature.join(' ')) {
        for (var g = 0; g < fonts.length; g++) {
          var face = new FontFace(fonts[g][0], 'url(' + fonts[g][1] + ") format('woff2')", {
            weight: fonts[g][2], style: 'normal', display: 'fallback'
          });
          document.fonts.add(face);
          face.load().catch(function () {});
        }
        window.${WEB_FONTS_ON_KEY} = true;
      }
    } catch (e) {}
  // A click, a submit or a choice in a list on the rendered screen before the app has taken it over is held, and
  // handed to the app once it has (src/prerender/browser.ts \`releaseHeldInput\`): the screen looks ready, so it acts
  // so. A click with a modifier (a link opened in a new tab) is the browser's.
  if (prerendered) {
    var held = (window.${HELD_INPUT_KEY} = { released: false, events: [] });
    var holdable =
      'a[href],button,summary,[role="button"],[role="tab"],[role="link"],[role="checkbox"],[role="switch"],' +
      'input[type="checkbox"],input[type="radio"]';
    var hold = function (event) {
      if (held.released || !event.target || !event.target.closest) return;
      if (event.type === 'click' && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey))
        return;
      var target = event.type === 'click' ? event.target.closest(holdable) : event.target;
      if (event.type === 'change' && target.tagName !== 'SELECT') return;
      var root = document.getElementById('root');
      if (!target || !root || !root.contains(target)) return;
      event.preventDefault();
      event.stopPropagation();
      held.events.push({ type: event.type, target: target, value: target.value });
    };
    document.addEventListener('click', hold, true);
    document.addEventListener('submit', hold, true);
    document.addEventListener('change', hold, true);
  }
  function appCode(href) {
    if (prerendered) later.push(href);
    else link('modulepreload', href);
  }
  if (prerendered)
    afterFirstPaint(function () {
      for (var l = 0; l < later.length; l++) link('modulepreload', later[l]);
      for (var e = 0; e < entryScripts.length; e++) {
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = entryScripts[e];
        document.head.appendChild(script);
      }
    });
  // Once the browser reports the first contentful paint (it has been shown); at most a few seconds (a page opened
  // in a background tab paints only when shown).
  function afterFirstPaint(run) {
    var done = false;
    function once() {
      if (done) return;
      done = true;
      setTimeout(run, 0);
    }
    try {
      new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var n = 0; n < entries.length; n++) if (entries[n].name === 'first-contentful-paint') once();
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      requestAnimationFrame(once);
    }
    setTimeout(once, 3000);
  }
  function link(rel, href, as) {
    var element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    if (as) element.as = as;
    if (rel === 'stylesheet') element.setAttribute('blocking', 'render');
    // Vite's loader asks for scripts and stylesheets with crossorigin: a preload without it would not be reused.
    // An image is asked for by an <img> without it.
    if (as === 'image') element.fetchPriority = 'high';
    else element.crossOrigin = '';
    document.head.appendChild(element);
  }
  // The first \`count\` items' images of a list answer, preloaded once it is here.
  function preloadImagesOf(answer, count) {
    answer
      .then(function (response) { return response.ok ? response.clone().json() : null; })
      .then(function (body) {
        var items = (body && body.items) || [];
        for (var n = 0; n < Math.min(count, items.length); n++)
          if (typeof items[n].imageUrl === 'string') link('preload', items[n].imageUrl, 'image');
      })
      .catch(function () {});
  }
  var code = 'ru';
  try {
    var stored = String(localStorage.getItem('lang') || 'ru').trim().toLowerCase().split(/[-_]/)[0];
    if (Object.prototype.hasOwnProperty.call(catalogues, stored)) code = stored;
  } catch (e) {}
  appCode(catalogues[code]);
  // A visit with a token (cookie, or ?token= on /) needs the session chunk at once; one without paints without it.
  if (/(^|;\\s*)token=[^;]/.test(document.cookie) || /[?&]token=/.test(location.search)) {
    for (var s = 0; s < session.length; s++) appCode(session[s]);
    for (var t = 0; t < sessionStyles.length; t++)
      if (prerendered) link('stylesheet', sessionStyles[t]);
      else link('preload', sessionStyles[t], 'style');
  }
  // A signed-in visit's first reads (src/api/boot-reads.ts), sent now with the headers the app's client sends;
  // the client takes the answers (src/api/boot-responses.ts).
  try {
    var cookie = /(?:^|;\\s*)token=([^;]+)/.exec(document.cookie);
    if (cookie && !location.search && !prerendered && typeof fetch === 'function') {
      var token = decodeURIComponent(cookie[1]);
      var part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      var claims = JSON.parse(atob(part + '==='.slice((part.length + 3) % 4)));
      var path = location.pathname.replace(/\\/$/, '');
      for (var r = 0; r < reads.length && typeof claims.exp === 'number' && claims.exp * 1000 > Date.now(); r++) {
        var claim = reads[r].claim ? claims[reads[r].claim] : true;
        if ((reads[r].screen !== '*' && reads[r].screen !== path) || (claim !== true && claim !== 1)) continue;
        var boot = (window.${BOOT_RESPONSES_KEY} = window.${BOOT_RESPONSES_KEY} || {
          authorization: 'Bearer ' + token, language: code, at: Date.now(), responses: {}
        });
        for (var p = 0; p < reads[r].paths.length; p++) {
          var url = (/^https?:/.test(apiBase) ? '' : location.origin) + apiBase + reads[r].paths[p];
          var answer = fetch(url, { headers: { Authorization: boot.authorization, 'Accept-Language': code } });
          answer.catch(function () {});
          boot.responses[url] = answer;
          if (p === 0 && reads[r].preloadImages) preloadImagesOf(answer, reads[r].preloadImages);
        }
      }
    }
  } catch (e) {}
  for (var i = 0; i < screens.length; i++) {
    if (!new RegExp(screens[i][0]).test(location.pathname)) continue;
    for (var j = 0; j < screens[i][1].length; j++) appCode(screens[i][1][j]);
    for (var k = 0; k < screens[i][2].length; k++)
      if (prerendered) link('stylesheet', screens[i][2][k]);
      else link('preload', screens[i][2][k], 'style');
    break;
  }
})();
`;
      bootSource = source;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (bootSource === undefined) return [];
        // The page's entry scripts, which the boot script adds itself to a page the server rendered.
        const entryScripts = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
        // Inline, first in <head>: what it preloads starts as the document is parsed, with the entry, not a round
        // trip later. The server allows it by its hash (server/http/page-csp.ts).
        return [
          {
            tag: 'script',
            children: bootSource.replace('__ENTRY_SCRIPTS__', JSON.stringify(entryScripts)),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** An entry script of the built index.html (server/prerender.ts takes them out of a server-rendered page). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

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

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      // See src/api/query-client-context.d.ts.
      '@portal/query-client-context': resolve(
        import.meta.dirname,
        'node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js',
      ),
    },
  },
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    ...(isSsrBuild === true ? [] : [preloadBoot(), moduleSizes(), precompress()]),
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
