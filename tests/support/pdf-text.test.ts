// The tests' PDF reader keeps rows, columns and pages apart as the assertions on receipts, pick lists and
// statements expect.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

function makePdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

describe('pdfText', () => {
  it('reads rows top to bottom, columns apart, and pages separated by a form feed', async () => {
    const pdf = await makePdf((doc) => {
      doc.font('Helvetica').fontSize(12);
      doc.text('Receipt', 40, 40);
      doc.text('Lipstick', 40, 100, { lineBreak: false });
      doc.text('2', 300, 100, { lineBreak: false });
      doc.text('Total', 40, 130, { lineBreak: false });
      doc.text('1 234,00 MDL', 400, 130, { lineBreak: false });
      doc.addPage();
      doc.text('Page two', 40, 40);
    });
    const text = await pdfText(pdf);
    const [first, second] = text.split('\f');
    expect(
      first
        ?.trim()
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual([
      'Receipt',
      expect.stringMatching(/^Lipstick {10,}2$/),
      expect.stringMatching(/^Total {10,}1 234,00 MDL$/),
    ]);
    expect(second?.trim()).toBe('Page two');
  });

  it('keeps a word whole when it is drawn in two pieces', async () => {
    const pdf = await makePdf((doc) => {
      doc
        .fontSize(12)
        .font('Helvetica')
        .text('Bal', 40, 40, { continued: true })
        .font('Helvetica-Bold')
        .text('an');
    });
    expect((await pdfText(pdf)).trim()).toBe('Balan');
  });
});
