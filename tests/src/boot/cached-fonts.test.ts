// @vitest-environment jsdom
// A later visit's web fonts, put on by the boot script before a server-rendered page paints (src/boot/cached-fonts.ts).
import { describe, expect, it, vi } from 'vitest';
import { type BootFont, WEB_FONTS_KEY, WEB_FONTS_ON_KEY } from '#src/boot/contract.ts';
import { applyCachedFonts, fontsSignature } from '#src/boot/cached-fonts.ts';
import { openPage } from './page.ts';

const FONTS: BootFont[] = [
  ['Open Sans', '/assets/open-sans-A1.woff2', '400 600'],
  ['Montserrat', '/assets/montserrat-B2.woff2', '600 700'],
];

/** A page whose browser has a `FontFace` (jsdom has none) that records the faces made and added. */
function pageWithFonts() {
  const win = openPage('https://portal.test/dashboard');
  const made: Array<{ family: string; source: string; descriptors: FontFaceDescriptors }> = [];
  const load = vi.fn(() => Promise.reject(new Error('not in cache after all')));
  class RecordingFontFace {
    constructor(
      readonly family: string,
      readonly source: string,
      readonly descriptors: FontFaceDescriptors,
    ) {
      made.push({ family, source, descriptors });
    }
    load = load;
  }
  const added: unknown[] = [];
  Reflect.set(win, 'FontFace', RecordingFontFace);
  Object.defineProperty(win.document, 'fonts', { value: { add: (face: unknown) => added.push(face) } });
  return { win, made, added, load };
}

describe('applyCachedFonts', () => {
  it('puts the faces on, with a short block period, when this browser downloaded these very files', async () => {
    const { win, made, added, load } = pageWithFonts();
    win.localStorage.setItem(WEB_FONTS_KEY, '/assets/open-sans-A1.woff2 /assets/montserrat-B2.woff2');
    expect(applyCachedFonts(FONTS, win)).toBe(true);
    expect(made).toEqual([
      {
        family: 'Open Sans',
        source: "url(/assets/open-sans-A1.woff2) format('woff2')",
        descriptors: { weight: '400 600', style: 'normal', display: 'fallback' },
      },
      {
        family: 'Montserrat',
        source: "url(/assets/montserrat-B2.woff2) format('woff2')",
        descriptors: { weight: '600 700', style: 'normal', display: 'fallback' },
      },
    ]);
    expect(added).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(2);
    expect(Reflect.get(win, WEB_FONTS_ON_KEY)).toBe(true);
    // A file that does not load after all is no unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('leaves them to the app when the stored files are others (a new build), none, or storage is blocked', () => {
    for (const stored of [
      null,
      '/assets/open-sans-OLD.woff2 /assets/montserrat-B2.woff2',
      '/assets/open-sans-A1.woff2',
    ]) {
      const { win, added } = pageWithFonts();
      if (stored !== null) win.localStorage.setItem(WEB_FONTS_KEY, stored);
      expect(applyCachedFonts(FONTS, win), String(stored)).toBe(false);
      expect(added).toEqual([]);
      expect(Reflect.get(win, WEB_FONTS_ON_KEY)).toBeUndefined();
    }
    const { win } = pageWithFonts();
    Object.defineProperty(win, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(applyCachedFonts(FONTS, win)).toBe(false);
  });

  it('does nothing in a browser without FontFace', () => {
    const win = openPage();
    win.localStorage.setItem(WEB_FONTS_KEY, fontsSignature(FONTS));
    expect(applyCachedFonts(FONTS, win)).toBe(false);
    expect(Reflect.get(win, WEB_FONTS_ON_KEY)).toBeUndefined();
  });
});
