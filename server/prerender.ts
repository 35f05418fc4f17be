/**
 * First screens rendered on the server: for a signed-in visit that opens a screen whose first data is
 * known, the page's HTML carries the screen itself and the data it was rendered from, so it paints as soon as the
 * HTML and CSS are here, before any JavaScript, and the browser hydrates it (src/prerender/). The renderer is the
 * app's own code, built by `vite build --ssr` into dist-ssr/; it reads through this server's own API in process
 * (`app.inject`), with the visitor's token, so it sees exactly what the browser would be answered.
 *
 * Where the app's route guards would send the visitor on before any screen (`/`, /login signed in, the signed-in area
 * logged out, /dashboard for a USER), the renderer says where instead (machines/auth/auth.redirects.ts), and the
 * server answers the redirect itself (server/app.ts).
 *
 * Whatever goes wrong (no renderer built, a read or the render failing, taking too long) the page is sent as it
 * is and the browser renders it, as for any other visit: a first screen is never lost to the renderer.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { BootManifest } from './http/boot-manifest.ts';
import { pageLang, requestCookies } from './http/page-language.ts';

/**
 * What src/prerender/server-entry.tsx exports (`PrerenderRequest`, `Prerendered`): written again here, since the
 * server imports nothing of src/; tests/server/prerender.test.ts runs the two together.
 */
interface RendererModule {
  prerender(request: {
    url: string;
    token: string | null;
    locale: string | undefined;
    timeZone: string | undefined;
    read: (path: string, headers: Record<string, string>) => Promise<Response>;
    apiBase: string;
    eventPosition: number | null;
  }): Promise<{ html: string; state: unknown } | { redirect: string } | null>;
  serializePrerenderedState(state: unknown): string;
  /** Loads what renders need (catalogues, screens) and renders once, before the first visitor. */
  warm(): Promise<void>;
}

/**
 * index.html without its entry scripts (`entryScripts`: their tags, from the boot manifest), each with the white
 * space after it. A page the server rendered starts the app only once its first screen has painted: its boot script
 * adds the entry scripts then (src/boot/preload.ts `appCode`). Throws when index.html lacks one: the manifest is of
 * another build.
 */
export function withoutEntryScripts(template: string, entryScripts: BootManifest['entryScripts']): string {
  if (entryScripts.length === 0)
    throw new Error('the boot manifest names no entry script to start the app with');
  let page = template;
  for (const { tag } of entryScripts) {
    const at = page.indexOf(tag);
    if (at === -1) throw new Error(`index.html has no ${tag} (the boot manifest is of another build)`);
    const after = page.slice(at + tag.length);
    page = page.slice(0, at) + after.slice(after.length - after.trimStart().length);
  }
  return page;
}

/**
 * index.html (its entry scripts taken out) with a rendered screen: the state first in `<head>` (the boot script,
 * next, reads it), the page's language, the screen in `#root`. `state` is already safe inside a `<script>`
 * (`serializePrerenderedState`), `html` is React's escaped output, `locale` one of the app's codes.
 */
export function pageWithScreen(
  template: string,
  screen: { html: string; state: string; locale: string },
): string {
  if (!/^[a-z]{2}$/.test(screen.locale)) throw new Error(`not a language code: ${screen.locale}`);
  // Replacer functions: a `$&` or `$'` in the data is text, not a replacement pattern.
  return template
    .replace(
      '<head>',
      () => `<head><script type="application/json" id="portal-prerendered">${screen.state}</script>`,
    )
    .replace(/<html lang="[^"]*"/, () => `<html lang="${screen.locale}"`)
    .replace('<div id="root"></div>', () => `<div id="root">${screen.html}</div>`);
}

/**
 * What the renderer makes of a page request: index.html with the visitor's first screen in it, or the address the
 * app would send the visitor on to before rendering anything (its route guards' rule, answered 302).
 */
export type RenderedPage = { page: string } | { redirect: string };

export interface PageRenderer {
  /** The visitor's page or redirect, or `null` to send index.html as it is. */
  render(request: FastifyRequest): Promise<RenderedPage | null>;
}

/** A redirect the renderer may answer: a path of this site (`/…`, never `//host` or `/\host`). */
function isOwnPath(location: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(location);
}

/** The renderer, or `null` when there is none to load (no build, PRERENDER=off): every page renders in the browser. */
export async function loadPageRenderer(
  app: FastifyInstance,
  options: {
    entry: string | undefined;
    template: string;
    /** The built app's boot manifest (server/http/boot-manifest.ts). */
    boot: BootManifest | null;
    apiPrefix: string;
    log: FastifyBaseLogger;
    /** A render that takes longer is dropped: the page goes as it is (PRERENDER_TIMEOUT_MS). */
    timeoutMs: number;
  },
): Promise<PageRenderer | null> {
  if (options.entry === undefined || !existsSync(options.entry)) return null;
  if (options.boot === null)
    throw new Error('the app was built without its boot manifest (.vite/boot-manifest.json): rebuild it');
  const renderer = (await import(pathToFileURL(options.entry).href)) as RendererModule;
  const { apiPrefix } = options;
  if (!options.template.includes('<div id="root"></div>') || !/<head>/.test(options.template))
    throw new Error(
      'index.html has no empty <div id="root"></div> or no <head> to render a first screen into',
    );
  const template = withoutEntryScripts(options.template, options.boot.entryScripts);
  // A process's first render of a screen would pay for loading it, and could miss PRERENDER_TIMEOUT_MS.
  const warming = Date.now();
  let warmTimer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      renderer.warm(),
      new Promise((_, reject) => {
        warmTimer = setTimeout(() => reject(new Error('took over 10 s')), 10_000);
      }),
    ]);
    options.log.debug({ ms: Date.now() - warming }, 'prerender: renderer ready');
  } catch (error) {
    options.log.warn({ err: error }, 'prerender: warming the renderer failed; first renders may be slower');
  } finally {
    clearTimeout(warmTimer);
  }

  const read = async (path: string, headers: Record<string, string>): Promise<Response> => {
    const answer = await app.inject({
      method: 'GET',
      url: path,
      headers: { ...headers, accept: 'application/json' },
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

  return {
    async render(request) {
      const cookies = requestCookies(request.headers.cookie);
      const token = cookies.get('token');
      let timer: NodeJS.Timeout | undefined;
      try {
        const rendered = await Promise.race([
          renderer.prerender({
            url: request.url,
            token: token === undefined || token === '' ? null : token,
            // The one rule for the page's language, which its head follows too (server/http/page-language.ts).
            locale: pageLang(request),
            timeZone: cookies.get('tz'),
            read,
            apiBase: apiPrefix,
            // Taken before the render's reads: the page's first live stream resumes from it (server/events/hub.ts).
            eventPosition: app.events.readPosition,
          }),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => {
              options.log.warn(
                { url: request.url },
                'prerender: took too long, the page is rendered in the browser',
              );
              resolve(null);
            }, options.timeoutMs);
          }),
        ]);
        if (rendered === null) return null;
        if ('redirect' in rendered) {
          if (!isOwnPath(rendered.redirect)) throw new Error(`a redirect off the site: ${rendered.redirect}`);
          return { redirect: rendered.redirect };
        }
        const page = pageWithScreen(template, {
          html: rendered.html,
          state: renderer.serializePrerenderedState(rendered.state),
          locale: (rendered.state as { locale: string }).locale,
        });
        return { page };
      } catch (error) {
        options.log.warn(
          { err: error, url: request.url },
          'prerender: failed, the page is rendered in the browser',
        );
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
