/**
 * The two web fonts' faces: what `web-fonts.ts` puts on, and what the boot script puts on itself for a later visit
 * to a page the server rendered (src/boot/cached-fonts.ts: that page paints before the app's code runs). The build
 * gives the boot script their built files (scripts/vite/boot-preloads.ts).
 */
export const WEB_FONT_FACES = [
  { family: 'Open Sans', file: 'src/styles/fonts/open-sans.woff2', weight: '400 600' },
  { family: 'Montserrat', file: 'src/styles/fonts/montserrat.woff2', weight: '600 700' },
] as const;
