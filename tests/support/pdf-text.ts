// The text of a PDF, read inside the test process with Mozilla's PDF.js (no system program): one line per row of
// text on the page, in reading order, the pages one after another. Words on a row are kept apart by at least one
// space, and by more where the page leaves a wider gap (about one space per character width), so a table's columns
// stay apart as `pdftotext -layout` keeps them; pieces that touch (a word split by a change of font) stay one word.
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Piece {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/** Pieces whose baselines lie within a third of their height of each other are one row. */
function rows(pieces: Piece[]): Piece[][] {
  const sorted = [...pieces].sort((a, b) => b.y - a.y || a.x - b.x);
  const result: Piece[][] = [];
  for (const piece of sorted) {
    const row = result.at(-1);
    const first = row?.[0];
    if (
      row !== undefined &&
      first !== undefined &&
      Math.abs(first.y - piece.y) <= Math.max(first.height, piece.height) / 3
    )
      row.push(piece);
    else result.push([piece]);
  }
  return result.map((row) => row.sort((a, b) => a.x - b.x));
}

function rowText(row: Piece[]): string {
  let line = '';
  let end: number | undefined;
  for (const piece of row) {
    if (end !== undefined) {
      const charWidth = piece.text.length > 0 ? piece.width / piece.text.length : piece.height / 2;
      const gap = piece.x - end;
      // Pieces that touch are one word split by a change of font (a glyph from a fallback font, say).
      const touching = gap < piece.height * 0.15;
      const spaced = line.endsWith(' ') || piece.text.startsWith(' ');
      if (!touching) line += ' '.repeat(Math.max(spaced ? 0 : 1, Math.round(gap / charWidth)));
    }
    line += piece.text;
    end = piece.x + piece.width;
  }
  return line.trimEnd();
}

/** The text of every page of `pdf`, pages separated by a form feed as pdftotext does. */
export async function pdfText(pdf: Uint8Array | ArrayBuffer): Promise<string> {
  // PDF.js takes the bytes over (it detaches the buffer it is given): pass a copy.
  const data = new Uint8Array(pdf instanceof ArrayBuffer ? pdf.slice(0) : pdf.slice());
  const task = getDocument({ data, useSystemFonts: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const pieces: Piece[] = [];
      for (const item of content.items) {
        // PDF.js stands a gap in for a space as a piece of its own, " " as wide as the gap: the gap is measured here.
        if (!('str' in item) || item.str.trim() === '') continue;
        pieces.push({
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          width: item.width,
          height: Math.abs(item.height) || Math.abs(item.transform[3] as number) || 1,
          text: item.str,
        });
      }
      pages.push(rows(pieces).map(rowText).join('\n'));
      page.cleanup();
    }
    return pages.join('\n\f');
  } finally {
    await task.destroy();
  }
}

/** The text of the PDF file at `path` (a download a browser test saved). */
export async function pdfFileText(path: string): Promise<string> {
  return pdfText(await readFile(path));
}
