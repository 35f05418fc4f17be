import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS } from '#src/styles/breakpoints.ts';

const tokens = readFileSync(new URL('../../../src/styles/tokens.css', import.meta.url), 'utf8');
const webFonts = readFileSync(new URL('../../../src/styles/web-fonts.ts', import.meta.url), 'utf8');
const fallbacks = readFileSync(new URL('../../../src/styles/fallback-fonts.css', import.meta.url), 'utf8');

function customProperty(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(tokens)?.[1]?.trim();
}

describe('the visual constants of spec section 2', () => {
  it('has the spec breakpoints, the same in CSS and in TypeScript', () => {
    expect(BREAKPOINTS).toEqual({
      iphone: 320,
      phoneY: 480,
      phoneX: 720,
      tabletY: 768,
      tabletX: 1024,
      desktopY: 1080,
      desktopMd: 1280,
      container: 1680,
      desktopX: 1960,
    });
    const css: Record<keyof typeof BREAKPOINTS, string> = {
      iphone: 'bp-iphone',
      phoneY: 'bp-phone-y',
      phoneX: 'bp-phone-x',
      tabletY: 'bp-tablet-y',
      tabletX: 'bp-tablet-x',
      desktopY: 'bp-desktop-y',
      desktopMd: 'bp-desktop-md',
      container: 'bp-container',
      desktopX: 'bp-desktop-x',
    };
    for (const [key, property] of Object.entries(css) as [keyof typeof BREAKPOINTS, string][]) {
      expect(customProperty(property), property).toBe(`${BREAKPOINTS[key]}px`);
    }
    expect(customProperty('container-max')).toBe('1680px');
  });

  it('has the spec colours', () => {
    expect(customProperty('color-primary')?.toLowerCase()).toBe('#171717');
    expect(customProperty('color-error')?.toLowerCase()).toBe('#bb0d44');
    expect(customProperty('color-secondary')?.toLowerCase()).toBe('#626060');
  });

  it('self-hosts Montserrat and Open Sans as one file each (scripts/fonts/build-fonts.py), no CDN', () => {
    expect(customProperty('font-heading')).toMatch(/^'Montserrat'/);
    expect(customProperty('font-body')).toMatch(/^'Open Sans'/);
    const sources = [...webFonts.matchAll(/from '(\.\/fonts\/[^']+)\?url'/g)].map((match) => match[1] ?? '');
    expect(sources.sort()).toEqual(['./fonts/montserrat.woff2', './fonts/open-sans.woff2']);
    expect(webFonts).not.toMatch(/https?:\/\//);
  });

  it('follows each web font with the local fonts scaled to stand in for it (scripts/fonts/fallback-faces.mjs)', () => {
    for (const [token, family] of [
      ['font-heading', 'Montserrat'],
      ['font-body', 'Open Sans'],
    ] as const) {
      const stack = customProperty(token) ?? '';
      for (const local of ['Arial', 'Roboto', 'DejaVu']) {
        expect(stack).toContain(`'${family} ${local}'`);
        // A regular and a bold face, each sized to the web font, from local files only.
        const faces = [...fallbacks.matchAll(new RegExp(`font-family: '${family} ${local}';([^}]+)}`, 'g'))];
        expect(faces).toHaveLength(2);
        for (const [, body] of faces) {
          expect(body).toMatch(/src: local\('[^']+'\)/);
          expect(body).toMatch(/size-adjust: \d+\.\d+%/);
          expect(body).not.toMatch(/url\(/);
        }
      }
    }
  });
});
