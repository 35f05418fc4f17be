/**
 * Generated product pictures: a flat SVG per product, with a package shape that fits the product type (lipstick,
 * pencil, wand, compact, bottle of nail polish or foundation, perfume flacon, pump bottle, tube, jar, dropper
 * bottle, sheet-mask sachet), the category's colour (a shade varied per SKU so neighbours differ), the line's
 * initials on the package and the SKU below. Pure: the same product always gives the same bytes.
 *
 * No scripts, no external references, no text outside the product's own name and SKU (escaped): safe under
 * `img-src 'self'` and when opened directly.
 */
import type { Category } from '../db/reference.ts';

export type PackageShape =
  | 'lipstick'
  | 'pencil'
  | 'wand'
  | 'compact'
  | 'polish'
  | 'flacon'
  | 'pump'
  | 'tube'
  | 'jar'
  | 'dropper'
  | 'sachet';

export interface ImageSource {
  sku: string;
  category: Category;
  /** The English name; it decides the shape and the initials. */
  name: string;
}

interface Palette {
  /** Hue of the category (degrees). */
  hue: number;
  saturation: number;
}

const PALETTES: Record<Category, Palette> = {
  makeup: { hue: 340, saturation: 55 },
  perfumery: { hue: 268, saturation: 38 },
  facial_care: { hue: 165, saturation: 42 },
};

const SHAPE_RULES: ReadonlyArray<[RegExp, PackageShape]> = [
  [/lipstick/i, 'lipstick'],
  [/liner|pencil/i, 'pencil'],
  [/mascara|gloss|eyeliner|concealer/i, 'wand'],
  [/palette|powder|blush|bronzer|highlighter/i, 'compact'],
  [/nail|foundation/i, 'polish'],
  [/parfum|toilette|cologne|perfume(?!d)|mist/i, 'flacon'],
  [/lotion|micellar|toner|water/i, 'pump'],
  [/sheet mask/i, 'sachet'],
  [/serum|oil|drops|essence/i, 'dropper'],
  [/gel|wash|foam|scrub|cleans/i, 'tube'],
  [/cream|mask|peel|balm|butter/i, 'jar'],
];

const DEFAULT_SHAPE: Record<Category, PackageShape> = {
  makeup: 'lipstick',
  perfumery: 'flacon',
  facial_care: 'jar',
};

export function shapeFor(source: ImageSource): PackageShape {
  for (const [pattern, shape] of SHAPE_RULES) if (pattern.test(source.name)) return shape;
  return DEFAULT_SHAPE[source.category];
}

/** Up to two letters: the first letters of the first two words that start with a letter. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s,]+/).filter((word) => /^\p{L}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('en'))
    .join('');
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const hsl = (h: number, s: number, l: number): string => `hsl(${h % 360} ${s}% ${l}%)`;

interface Colours {
  body: string;
  dark: string;
  light: string;
  cap: string;
  label: string;
}

/** The package drawing (viewBox 0 0 400 400, standing on y = 330) and where its label text goes. */
function drawShape(shape: PackageShape, c: Colours): { svg: string; labelY: number; labelSize: number } {
  switch (shape) {
    case 'lipstick':
      return {
        svg: `<path d="M178 118 L222 100 L222 168 L178 168 Z" fill="${c.body}"/><rect x="170" y="166" width="60" height="30" rx="4" fill="${c.light}"/><rect x="160" y="194" width="80" height="136" rx="8" fill="${c.cap}"/>`,
        labelY: 270,
        labelSize: 34,
      };
    case 'pencil':
      return {
        svg: `<g transform="rotate(-28 200 215)"><rect x="182" y="90" width="36" height="200" rx="4" fill="${c.cap}"/><path d="M182 290 L218 290 L200 336 Z" fill="${c.light}"/><path d="M193 318 L207 318 L200 336 Z" fill="${c.body}"/><rect x="182" y="90" width="36" height="22" fill="${c.body}"/></g>`,
        labelY: 0,
        labelSize: 0,
      };
    case 'wand':
      return {
        svg: `<rect x="184" y="70" width="32" height="110" rx="10" fill="${c.cap}"/><rect x="176" y="176" width="48" height="154" rx="14" fill="${c.body}"/><rect x="176" y="176" width="48" height="12" fill="${c.dark}"/>`,
        labelY: 268,
        labelSize: 24,
      };
    case 'compact':
      return {
        svg: `<ellipse cx="200" cy="300" rx="118" ry="30" fill="${c.dark}"/><rect x="82" y="262" width="236" height="38" fill="${c.dark}"/><ellipse cx="200" cy="262" rx="118" ry="30" fill="${c.body}"/><ellipse cx="200" cy="262" rx="84" ry="20" fill="${c.light}"/>`,
        labelY: 318,
        labelSize: 22,
      };
    case 'polish':
      return {
        svg: `<rect x="176" y="96" width="48" height="92" rx="6" fill="${c.cap}"/><rect x="140" y="186" width="120" height="144" rx="26" fill="${c.body}"/><rect x="156" y="200" width="14" height="110" rx="7" fill="${c.light}" opacity="0.6"/>`,
        labelY: 276,
        labelSize: 36,
      };
    case 'flacon':
      return {
        svg: `<rect x="178" y="92" width="44" height="50" rx="6" fill="${c.cap}"/><rect x="190" y="140" width="20" height="24" fill="${c.dark}"/><path d="M120 178 Q120 162 136 162 L264 162 Q280 162 280 178 L292 314 Q292 330 276 330 L124 330 Q108 330 108 314 Z" fill="${c.body}"/><path d="M136 182 L150 182 L142 310 L128 310 Z" fill="${c.light}" opacity="0.6"/>`,
        labelY: 262,
        labelSize: 40,
      };
    case 'pump':
      return {
        svg: `<rect x="196" y="62" width="52" height="14" rx="6" fill="${c.cap}"/><rect x="192" y="62" width="14" height="60" fill="${c.cap}"/><rect x="178" y="118" width="44" height="34" rx="6" fill="${c.cap}"/><rect x="148" y="150" width="104" height="180" rx="18" fill="${c.body}"/><rect x="162" y="166" width="12" height="146" rx="6" fill="${c.light}" opacity="0.6"/>`,
        labelY: 258,
        labelSize: 36,
      };
    case 'tube':
      return {
        svg: `<path d="M142 96 L258 96 L246 282 Q244 296 230 296 L170 296 Q156 296 154 282 Z" fill="${c.body}"/><rect x="142" y="86" width="116" height="16" rx="3" fill="${c.dark}"/><rect x="170" y="294" width="60" height="36" rx="6" fill="${c.cap}"/>`,
        labelY: 210,
        labelSize: 38,
      };
    case 'jar':
      return {
        svg: `<rect x="112" y="178" width="176" height="44" rx="10" fill="${c.cap}"/><rect x="120" y="220" width="160" height="110" rx="20" fill="${c.body}"/><rect x="132" y="232" width="12" height="84" rx="6" fill="${c.light}" opacity="0.6"/>`,
        labelY: 290,
        labelSize: 36,
      };
    case 'dropper':
      return {
        svg: `<ellipse cx="200" cy="92" rx="18" ry="26" fill="${c.cap}"/><rect x="182" y="110" width="36" height="52" rx="6" fill="${c.dark}"/><rect x="150" y="160" width="100" height="170" rx="20" fill="${c.body}"/><rect x="164" y="174" width="12" height="138" rx="6" fill="${c.light}" opacity="0.6"/>`,
        labelY: 262,
        labelSize: 36,
      };
    case 'sachet':
      return {
        svg: `<path d="M118 96 L282 96 L282 330 L118 330 Z" fill="${c.body}"/><path d="M118 96 L282 96 L282 122 L118 122 Z" fill="${c.dark}"/><path d="M118 330 L130 318 L142 330 L154 318 L166 330 L178 318 L190 330 L202 318 L214 330 L226 318 L238 330 L250 318 L262 330 L274 318 L282 326 L282 330 Z" fill="${c.dark}"/><circle cx="200" cy="196" r="46" fill="${c.light}" opacity="0.7"/>`,
        labelY: 212,
        labelSize: 40,
      };
  }
}

/** The SVG picture of a product. */
export function productSvg(source: ImageSource): string {
  const palette = PALETTES[source.category];
  const h = hash(source.sku);
  const hue = palette.hue + ((h % 41) - 20);
  const lightness = 38 + ((h >>> 8) % 14);
  const colours: Colours = {
    body: hsl(hue, palette.saturation, lightness),
    dark: hsl(hue, palette.saturation, lightness - 14),
    light: hsl(hue, palette.saturation + 10, 88),
    cap: hsl(hue, 12, 18),
    label: '#ffffff',
  };
  const background = hsl(hue, palette.saturation, 95);
  const shape = shapeFor(source);
  const drawing = drawShape(shape, colours);
  const initials = escapeXml(initialsOf(source.name));
  const label =
    drawing.labelSize > 0 && initials !== ''
      ? `<text x="200" y="${drawing.labelY}" text-anchor="middle" font-family="Montserrat, 'Open Sans', Arial, sans-serif" font-size="${drawing.labelSize}" font-weight="600" letter-spacing="2" fill="${colours.label}">${initials}</text>`
      : '';
  const title = escapeXml(source.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="400" height="400" fill="${background}"/>`,
    `<ellipse cx="200" cy="336" rx="120" ry="10" fill="${hsl(hue, 10, 80)}"/>`,
    drawing.svg,
    label,
    `<text x="200" y="376" text-anchor="middle" font-family="'Open Sans', Arial, sans-serif" font-size="15" letter-spacing="1.5" fill="${hsl(hue, 15, 40)}">${escapeXml(source.sku)}</text>`,
    `</svg>`,
  ].join('');
}
