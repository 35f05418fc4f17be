/**
 * What the boot script preloads, read from the browser build's bundle: the catalogues, the session chunk, each screen
 * route's chunks and stylesheets, and the web fonts' built files (src/boot/contract.ts `BootPreloads`).
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { BootFont, BootPreloads, ScreenPreload } from '../../src/boot/contract.ts';
import { WEB_FONT_FACES } from '../../src/styles/web-font-faces.ts';
import { patternSource, readScreenRoutes } from '../lib/screen-routes.mjs';

/** The session chunk's module (`loadSessionRuntime` in src/session/auth-context.tsx). */
export const SESSION_MODULE = '/src/session/session-runtime.tsx';

/**
 * A chunk of stylesheets only (one imported by two screens, say): Vite drops its file from the build and puts the
 * stylesheets on its importers, so it is never preloaded (a preload of it would be a 404), only its stylesheets.
 */
const isPureCss = (chunk: OutputChunk | undefined): boolean =>
  chunk !== undefined &&
  chunk.moduleIds.length > 0 &&
  chunk.moduleIds.every((id) => /\.(css|less|sass|scss|styl|stylus|pcss|postcss|sss)(\?|$)/.test(id));

/** Below this many screen routes, the reading of the route table has surely missed some. */
const FEW_SCREEN_ROUTES = 10;

export interface BundlePreloads {
  preloads: BootPreloads;
  fonts: BootFont[];
}

/**
 * The preloads of a bundle, or `undefined` when it is not the app's (no catalogues or no entry). `root` is the
 * project's (its route table is read: scripts/lib/screen-routes.mjs); `warn` is told of what is not preloaded.
 * Throws when a web font has no built file.
 */
export function bundlePreloads(
  bundle: OutputBundle,
  root: string,
  warn: (message: string) => void,
): BundlePreloads | undefined {
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
  if (Object.keys(catalogues).length === 0 || entry === undefined) return undefined;

  const fonts = WEB_FONT_FACES.map((face): BootFont => {
    const file = Object.values(bundle).find(
      (output) =>
        output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(face.file)),
    );
    if (file === undefined) throw new Error(`boot script: no built file for ${face.file}`);
    return [face.family, `/${file.fileName}`, face.weight];
  });

  // The entry and what it imports are loaded by the page itself: never preloaded again.
  const upFront = new Set<string>();
  const markUpFront = (file: string) => {
    if (upFront.has(file)) return;
    upFront.add(file);
    for (const next of chunks.get(file)?.imports ?? []) markUpFront(next);
  };
  markUpFront(entry.fileName);

  // The session chunk (auth and language machines, query cache; the `session` group of scripts/lib/chunk-groups.mjs)
  // and its imports, with their stylesheets (else asked for only once the chunk has run).
  const session: string[] = [];
  const sessionStyles = new Set<string>();
  const visitedCss = new Set<string>();
  const visitSession = (file: string) => {
    if (upFront.has(file) || session.includes(`/${file}`) || visitedCss.has(file)) return;
    if (isPureCss(chunks.get(file))) visitedCss.add(file);
    else session.push(`/${file}`);
    for (const sheet of chunks.get(file)?.viteMetadata?.importedCss ?? []) sessionStyles.add(`/${sheet}`);
    for (const next of chunks.get(file)?.imports ?? []) visitSession(next);
  };
  const sessionChunk = [...chunks.values()].find((chunk) =>
    chunk.moduleIds.some((id) => id.endsWith(SESSION_MODULE)),
  );
  if (sessionChunk === undefined) warn(`boot script: no chunk for ${SESSION_MODULE}`);
  else visitSession(sessionChunk.fileName);

  // Each screen route's chunk (its own, or a group's: the login screen is in `login`) and what it imports beyond
  // the entry and the session.
  const byModule = new Map([...chunks.values()].flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk])));
  const screens: ScreenPreload[] = [];
  const screenRoutes = readScreenRoutes(root);
  for (const [pattern, module] of screenRoutes) {
    const chunk = byModule.get(module);
    if (chunk === undefined) {
      warn(`boot script: no chunk for ${module} (${pattern}); that route is not preloaded`);
      continue;
    }
    const js: string[] = [];
    const css = new Set<string>();
    const cssOnly = new Set<string>();
    let usesSession = false;
    const visit = (file: string) => {
      if (session.includes(`/${file}`)) usesSession = true;
      if (upFront.has(file) || session.includes(`/${file}`) || js.includes(`/${file}`) || cssOnly.has(file))
        return;
      const visited = chunks.get(file);
      if (isPureCss(visited)) cssOnly.add(file);
      else js.push(`/${file}`);
      for (const sheet of visited?.viteMetadata?.importedCss ?? []) css.add(`/${sheet}`);
      for (const next of visited?.imports ?? []) visit(next);
    };
    visit(chunk.fileName);
    screens.push(
      usesSession ? [patternSource(pattern), js, [...css], 1] : [patternSource(pattern), js, [...css]],
    );
  }
  if (screenRoutes.length < FEW_SCREEN_ROUTES)
    warn(`boot script: only ${screenRoutes.length} screen routes found`);

  return { preloads: { catalogues, session, sessionStyles: [...sessionStyles], screens }, fonts };
}
