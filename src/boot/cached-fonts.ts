/**
 * A later visit's browser has the web fonts (src/styles/web-fonts.ts stores which files it downloaded whole): on a
 * page the server rendered, the boot script puts them on before its first paint, since the app's code runs only
 * after it. `display: fallback`: the cached files are here well within its short block period; were they not, the
 * text paints in the local font meanwhile.
 */
import { type BootFont, type BootWindow, WEB_FONTS_KEY, WEB_FONTS_ON_KEY } from './contract.ts';

/** What src/styles/web-fonts.ts stores once both files have downloaded: their URLs, in order, joined by a space. */
export function fontsSignature(fonts: readonly BootFont[]): string {
  return fonts.map(([, url]) => url).join(' ');
}

/**
 * Puts the web fonts on when this browser downloaded these very files before, and says so under
 * `WEB_FONTS_ON_KEY`; returns whether it did. Never throws (storage blocked, no `FontFace`: the app decides).
 */
export function applyCachedFonts(fonts: readonly BootFont[], win: BootWindow): boolean {
  try {
    if (typeof win.FontFace !== 'function') return false;
    if (win.localStorage.getItem(WEB_FONTS_KEY) !== fontsSignature(fonts)) return false;
    for (const [family, url, weight] of fonts) {
      const face = new win.FontFace(family, `url(${url}) format('woff2')`, {
        weight,
        style: 'normal',
        display: 'fallback',
      });
      win.document.fonts.add(face);
      face.load().catch(() => undefined);
    }
    Reflect.set(win, WEB_FONTS_ON_KEY, true);
    return true;
  } catch {
    return false;
  }
}
