/**
 * The two web fonts' faces: what `web-fonts.ts` puts on, and what the boot script puts on itself for a later visit
 * to a page the server rendered (vite.config.ts `preloadBoot`: that page paints before the app's code runs).
 */
export const WEB_FONT_FACES = [
  { family: 'Open Sans', file: 'src/styles/fonts/open-sans.woff2', weight: '400 600' },
  { family: 'Montserrat', file: 'src/styles/fonts/montserrat.woff2', weight: '600 700' },
] as const;

/** Local storage: the files an earlier visit downloaded whole (their hashed URLs joined by a space). */
export const WEB_FONTS_KEY = 'web-fonts';

/** Set on `window` by the boot script once it has put the faces on. */
export const WEB_FONTS_ON_KEY = '__portalWebFontsOn';
