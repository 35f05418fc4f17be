/**
 * The brand fonts (Montserrat for headings, Open Sans for text) for PDF documents, from @fontsource. Fontsource ships
 * each font as unicode-range subsets (latin, latin-ext, cyrillic, ...), so a line of Romanian or Russian text needs
 * glyphs from several files: `splitRuns` cuts text into runs that one subset can draw.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext'] as const;
export type Subset = (typeof SUBSETS)[number];

export type FontFace = 'heading' | 'text' | 'strong' | 'italic';

const FACES: Record<
  FontFace,
  { family: 'montserrat' | 'open-sans'; weight: number; style: 'normal' | 'italic' }
> = {
  heading: { family: 'montserrat', weight: 700, style: 'normal' },
  text: { family: 'open-sans', weight: 400, style: 'normal' },
  strong: { family: 'open-sans', weight: 600, style: 'normal' },
  italic: { family: 'open-sans', weight: 400, style: 'italic' },
};

type Range = readonly [number, number];

function parseRanges(text: string): Range[] {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from ?? '0', 16);
    return [start, to === undefined ? start : Number.parseInt(to, 16)] as const;
  });
}

/** unicode ranges of each subset, as fontsource publishes them (the same for both families) */
const RANGES: Record<Subset, Range[]> = (() => {
  const table = JSON.parse(
    readFileSync(require.resolve('@fontsource/open-sans/unicode.json'), 'utf8'),
  ) as Record<string, string>;
  const out = {} as Record<Subset, Range[]>;
  for (const subset of SUBSETS) out[subset] = parseRanges(table[subset] ?? '');
  return out;
})();

export function subsetOf(codePoint: number): Subset {
  for (const subset of SUBSETS) {
    if (RANGES[subset].some(([from, to]) => codePoint >= from && codePoint <= to)) return subset;
  }
  return 'latin';
}

export type Run = { subset: Subset; text: string };

/** Cuts text into runs of one subset each. Spaces and punctuation (latin) join the run around them when possible. */
export function splitRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const subset = subsetOf(char.codePointAt(0) ?? 32);
    const last = runs[runs.length - 1];
    if (last && last.subset === subset) last.text += char;
    else runs.push({ subset, text: char });
  }
  return runs;
}

export const fontName = (face: FontFace, subset: Subset): string => `${face}-${subset}`;

let cache: Map<string, Buffer> | undefined;

/** Every (face, subset) font file, read once: name -> WOFF bytes, for `doc.registerFont(name, bytes)`. */
export function fontFiles(): ReadonlyMap<string, Buffer> {
  if (cache) return cache;
  const files = new Map<string, Buffer>();
  for (const [face, { family, weight, style }] of Object.entries(FACES) as [
    FontFace,
    (typeof FACES)[FontFace],
  ][]) {
    for (const subset of SUBSETS) {
      const path = require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-${style}.woff`);
      files.set(fontName(face, subset), readFileSync(path));
    }
  }
  cache = files;
  return files;
}
