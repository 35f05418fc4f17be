/**
 * The boot script: what it does for the page being opened, in order. The build compiles `main.ts`, which calls
 * `boot` with the data it wrote in (`BootConfig`), into a classic script inline first in index.html's `<head>`
 * (scripts/vite/boot-script.ts); the server allows it by its hash (server/http/page-csp.ts).
 *
 * On every page it preloads the active language's catalogue, the session chunk and its stylesheets when the visit
 * has a token, and the opened screen's chunks and stylesheets; on a page rendered in the browser it also sends the
 * screen's first reads. On a page the server rendered (its first screen is in the HTML, src/prerender/) it first puts
 * the cached web fonts on and starts holding input, makes the screen's stylesheets block rendering instead of
 * preloading them, and holds the app's code back until that screen has painted.
 */
import { applyCachedFonts } from './cached-fonts.ts';
import { type BootConfig, type BootWindow, PRERENDERED_STATE_ID } from './contract.ts';
import { afterFirstPaint } from './first-paint.ts';
import { sendFirstReads } from './first-reads.ts';
import { holdInput } from './held-input.ts';
import { addLink, appCode, hasToken, screenFor, storedLanguage } from './preload.ts';

export function boot(config: BootConfig, win: BootWindow = window): void {
  const doc = win.document;
  const prerendered = doc.getElementById(PRERENDERED_STATE_ID) !== null;
  const code = appCode(doc, prerendered);
  // A page the server rendered must not paint without a screen's stylesheets; another one only preloads them.
  const styles = (href: string) =>
    prerendered ? addLink(doc, 'stylesheet', href) : addLink(doc, 'preload', href, 'style');
  const signedIn = hasToken(doc.cookie, win.location.search);
  if (prerendered) {
    applyCachedFonts(config.fonts, win);
    holdInput(doc, win);
    afterFirstPaint(() => {
      code.start(config.entryScripts);
    }, win);
  }
  const language = storedLanguage(win, config.catalogues);
  const catalogue = config.catalogues[language];
  if (catalogue !== undefined) code.add(catalogue);
  const screen = screenFor(config.screens, win.location.pathname);
  // A visit with a token needs the session chunk at once; one without paints without it, unless the server rendered
  // a screen whose code uses the session (a public storefront: it hydrates with the session, some of its styles are
  // the session's).
  if (signedIn || (prerendered && screen?.[3] === 1)) {
    config.session.forEach(code.add);
    config.sessionStyles.forEach(styles);
  }
  // A server-rendered page came with its first reads.
  if (!prerendered) sendFirstReads(config, language, win);
  if (screen !== undefined) {
    screen[1].forEach(code.add);
    screen[2].forEach(styles);
  }
}
