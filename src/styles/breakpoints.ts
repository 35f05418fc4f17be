/** The spec's breakpoints in px (section 2), the same values as the `--bp-*` custom properties in tokens.css. */
export const BREAKPOINTS = {
  iphone: 320,
  phoneY: 480,
  phoneX: 720,
  tabletY: 768,
  tabletX: 1024,
  desktopY: 1080,
  desktopMd: 1280,
  container: 1680,
  desktopX: 1960,
} as const;
