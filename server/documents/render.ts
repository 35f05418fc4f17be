/**
 * Lays out a document (title, sections, paragraphs, lists, tables) as an A4 PDF with pdfkit, in the brand fonts,
 * with a running footer (document title, page n of N).
 */
import PDFDocument from 'pdfkit';
import { fontFiles, fontName, splitRuns, type FontFace, type Run } from './fonts.ts';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | {
      kind: 'table';
      columns: readonly string[];
      rows: readonly (readonly string[])[];
      widths?: readonly number[];
    }
  | { kind: 'note'; text: string };

export type DocumentContent = {
  title: string;
  subtitle: string;
  /** 'Edition: 2025' and the like, under the subtitle */
  edition: string;
  blocks: readonly Block[];
  /** footer text before the page number: 'Page' */
  pageLabel: string;
  /** word between page numbers: 'of' */
  ofLabel: string;
};

const PRIMARY = '#171717';
const SECONDARY = '#626060';
const ACCENT = '#BB0D44';
const RULE = '#D9D6D6';
const MARGIN = 56;

type Doc = InstanceType<typeof PDFDocument>;

type Word = { runs: Run[]; widths: number[]; width: number };

/**
 * Breaks text into lines of words, each word measured run by run in its subset font. Line breaking is ours, at
 * spaces only: pdfkit's own wrapping would treat every change of font as a place to break.
 */
function layout(
  doc: Doc,
  face: FontFace,
  size: number,
  text: string,
  width: number,
): { lines: Word[][]; space: number } {
  doc.fontSize(size);
  const space = doc.font(fontName(face, 'latin')).widthOfString(' ');
  const lines: Word[][] = [];
  let line: Word[] = [];
  let used = 0;
  for (const token of text.split(' ')) {
    if (token === '') continue;
    const runs = splitRuns(token);
    const widths = runs.map((run) => doc.font(fontName(face, run.subset)).widthOfString(run.text));
    const word = { runs, widths, width: widths.reduce((sum, w) => sum + w, 0) };
    const needed = line.length === 0 ? word.width : used + space + word.width;
    if (line.length > 0 && needed > width) {
      lines.push(line);
      line = [word];
      used = word.width;
    } else {
      line.push(word);
      used = needed;
    }
  }
  if (line.length > 0) lines.push(line);
  return { lines, space };
}

const lineHeight = (size: number, lineGap: number): number => size * 1.32 + lineGap;

/** Height of the text laid out in `width`. */
function measure(doc: Doc, face: FontFace, size: number, text: string, width: number, lineGap = 0): number {
  return layout(doc, face, size, text, width).lines.length * lineHeight(size, lineGap);
}

type TextOptions = { x?: number; width: number; lineGap?: number; align?: 'left' | 'right' };

/** Draws mixed-script text from (x, doc.y), breaking lines at spaces and pages when the page is full. */
function write(doc: Doc, face: FontFace, size: number, text: string, options: TextOptions): void {
  const x = options.x ?? doc.x;
  const gap = options.lineGap ?? 0;
  const height = lineHeight(size, gap);
  const { lines, space } = layout(doc, face, size, text, options.width);
  let y = doc.y;
  for (const line of lines) {
    if (y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    const lineWidth = line.reduce((sum, word) => sum + word.width, 0) + space * (line.length - 1);
    let cursor = options.align === 'right' ? x + options.width - lineWidth : x;
    for (const word of line) {
      word.runs.forEach((run, index) => {
        doc.font(fontName(face, run.subset)).fontSize(size).text(run.text, cursor, y, { lineBreak: false });
        cursor += word.widths[index] ?? 0;
      });
      cursor += space;
    }
    y += height;
  }
  doc.x = x;
  doc.y = y;
}

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawTable(doc: Doc, block: Extract<Block, { kind: 'table' }>): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const weights = block.widths ?? block.columns.map(() => 1);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const columnWidths = weights.map((w) => (w / total) * width);
  const padding = 5;
  const size = 9.5;

  const heightOf = (cells: readonly string[], face: FontFace) =>
    Math.max(
      ...cells.map((cell, i) => measure(doc, face, size, cell, (columnWidths[i] ?? 0) - 2 * padding)),
    ) +
    2 * padding;

  const drawRow = (cells: readonly string[], header: boolean, shade: boolean) => {
    const face: FontFace = header ? 'strong' : 'text';
    const height = heightOf(cells, face);
    if (!header && doc.y + height > doc.page.height - doc.page.margins.bottom) {
      // A row that does not fit starts a new page, under a repeated header.
      doc.addPage();
      drawRow(block.columns, true, false);
    }
    const top = doc.y;
    if (header) doc.rect(left, top, width, height).fill(PRIMARY);
    else if (shade) doc.rect(left, top, width, height).fill('#F4F2F2');
    let x = left;
    cells.forEach((cell, i) => {
      const w = columnWidths[i] ?? 0;
      doc.fillColor(header ? '#FFFFFF' : PRIMARY);
      doc.y = top + padding;
      write(doc, face, size, cell, { x: x + padding, width: w - 2 * padding });
      x += w;
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };

  // Keep the header with the first row.
  ensureRoom(doc, heightOf(block.columns, 'strong') + heightOf(block.rows[0] ?? [], 'text'));
  drawRow(block.columns, true, false);
  block.rows.forEach((row, index) => drawRow(row, false, index % 2 === 1));
  doc.fillColor(PRIMARY);
  doc.moveDown(0.8);
}

/** Renders the content to PDF bytes. */
export function renderPdf(content: DocumentContent, lang: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
      bufferPages: true,
      lang,
      displayTitle: true,
      info: {
        Title: content.title,
        Subject: content.subtitle,
        Author: 'MLM portal',
        Creator: 'mlm-portal reference server',
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      for (const [name, bytes] of fontFiles()) doc.registerFont(name, bytes);
      const left = doc.page.margins.left;
      const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

      // Title block.
      doc.rect(left, doc.y, 48, 4).fill(ACCENT);
      doc.moveDown(0.8);
      doc.fillColor(PRIMARY);
      write(doc, 'heading', 24, content.title, { width });
      doc.moveDown(0.2);
      doc.fillColor(SECONDARY);
      write(doc, 'text', 12, content.subtitle, { width });
      write(doc, 'italic', 9.5, content.edition, { width });
      doc.moveDown(0.6);
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .lineWidth(0.75)
        .strokeColor(RULE)
        .stroke();
      doc.moveDown(1);

      for (const block of content.blocks) {
        doc.x = left;
        switch (block.kind) {
          case 'heading':
            ensureRoom(doc, 60);
            doc.moveDown(0.4);
            doc.fillColor(PRIMARY);
            write(doc, 'heading', 13, block.text, { width });
            doc.moveDown(0.35);
            break;
          case 'paragraph':
            doc.fillColor(PRIMARY);
            write(doc, 'text', 10.5, block.text, { x: left, width, lineGap: 2.5 });
            doc.moveDown(0.6);
            break;
          case 'note':
            doc.fillColor(SECONDARY);
            write(doc, 'italic', 9.5, block.text, { width, lineGap: 2 });
            doc.moveDown(0.6);
            break;
          case 'list':
            doc.fillColor(PRIMARY);
            for (const item of block.items) {
              ensureRoom(doc, 28);
              const top = doc.y;
              doc.circle(left + 4, top + 7, 1.8).fill(ACCENT);
              doc.fillColor(PRIMARY);
              doc.y = top;
              write(doc, 'text', 10.5, item, { x: left + 14, width: width - 14, lineGap: 2 });
              doc.moveDown(0.3);
            }
            doc.x = left;
            doc.moveDown(0.4);
            break;
          case 'table':
            drawTable(doc, block);
            break;
        }
      }

      // Footer on every page.
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        const bottom = doc.page.height - MARGIN + 6;
        const savedBottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .moveTo(left, bottom - 6)
          .lineTo(left + width, bottom - 6)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
        doc.fillColor(SECONDARY);
        doc.y = bottom;
        write(doc, 'text', 8, content.title, { x: left, width: width / 2 });
        doc.y = bottom;
        write(doc, 'text', 8, `${content.pageLabel} ${i + 1} ${content.ofLabel} ${range.count}`, {
          x: left + width / 2,
          width: width / 2,
          align: 'right',
        });
        doc.page.margins.bottom = savedBottom;
      }
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
