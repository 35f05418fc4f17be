import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '#server/db/reference.ts';
import { ethicsCode } from '#server/documents/content/ethics-code.ts';
import { marketingPlan } from '#server/documents/content/marketing-plan.ts';
import { qualification2025 } from '#server/documents/content/qualification-2025.ts';
import { DOCUMENTS, DOCUMENT_IDS, renderDocument, type DocumentId } from '#server/documents/index.ts';
import type { DocumentContent } from '#server/documents/render.ts';

const CONTENT: Record<DocumentId, (lang: Lang) => DocumentContent> = {
  marketing_plan: marketingPlan,
  ethics_code: ethicsCode,
  qualification_2025: qualification2025,
};

/** The text of a document's content, every block flattened. */
function textOf(content: DocumentContent): string {
  const parts = [content.title, content.subtitle, content.edition];
  for (const block of content.blocks) {
    if (block.kind === 'list') parts.push(...block.items);
    else if (block.kind === 'table') parts.push(...block.columns, ...block.rows.flat());
    else parts.push(block.text);
  }
  return parts.join(' ');
}

/**
 * The ToUnicode maps of the embedded fonts: glyph -> code points. Every glyph drawn has an entry, so the set of
 * mapped code points is the set of characters the PDF shows; a character drawn from a font without it would map the
 * `.notdef` glyph (id 0) to itself.
 */
function unicodeMaps(pdf: Buffer): { codePoints: Set<number>; notdefUsed: boolean } {
  const text = pdf.toString('latin1');
  const codePoints = new Set<number>();
  let notdefUsed = false;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!body.includes('beginbfrange')) continue;
    for (const range of body.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
      const first = Number.parseInt(range[1] ?? '0', 16);
      const targets = [...(range[2] ?? '').matchAll(/<([0-9a-f]+)>/g)].map((m) =>
        Number.parseInt(m[1] ?? '0', 16),
      );
      targets.forEach((codePoint, index) => {
        if (first + index === 0 && codePoint !== 0) notdefUsed = true;
        if (codePoint !== 0) codePoints.add(codePoint);
      });
    }
  }
  return { codePoints, notdefUsed };
}

describe('documents', () => {
  it('lists the three documents with a title in every language', () => {
    expect(DOCUMENTS.map((doc) => doc.id)).toEqual(['marketing_plan', 'ethics_code', 'qualification_2025']);
    for (const doc of DOCUMENTS) {
      expect(new Set(LANGS.map((lang) => doc.title[lang])).size, doc.id).toBeGreaterThanOrEqual(4);
      for (const lang of LANGS) expect(doc.title[lang].length).toBeGreaterThan(5);
    }
  });

  for (const id of DOCUMENT_IDS) {
    for (const lang of LANGS) {
      it(`renders ${id} in ${lang} as a PDF that shows all of its text`, async () => {
        const pdf = await renderDocument(id, lang);
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
        expect(pdf.length).toBeGreaterThan(15_000);
        const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
        expect(pages.length).toBeGreaterThanOrEqual(2);

        const { codePoints, notdefUsed } = unicodeMaps(pdf);
        expect(notdefUsed).toBe(false);
        const shown = new Set(
          [...textOf(CONTENT[id](lang))]
            .filter((char) => char.trim() !== '')
            .map((char) => char.codePointAt(0) ?? 0),
        );
        const missing = [...shown]
          .filter((codePoint) => !codePoints.has(codePoint))
          .map((cp) => String.fromCodePoint(cp));
        expect(missing).toEqual([]);
        if (lang === 'ru' || lang === 'uk')
          expect(codePoints.has('Д'.codePointAt(0) ?? 0) || codePoints.has('д'.codePointAt(0) ?? 0)).toBe(
            true,
          );
        if (lang === 'uk') expect(codePoints.has('і'.codePointAt(0) ?? 0)).toBe(true);
        if (lang === 'ro') expect(codePoints.has('ș'.codePointAt(0) ?? 0)).toBe(true);
      });
    }
  }

  it('builds each PDF once and serves it from memory afterwards', async () => {
    const first = await renderDocument('ethics_code', 'ro');
    const second = await renderDocument('ethics_code', 'ro');
    expect(second).toBe(first);
  });

  it('gives a translation of its own for every language', () => {
    for (const id of DOCUMENT_IDS) {
      const texts = LANGS.map((lang) => textOf(CONTENT[id](lang)));
      expect(new Set(texts).size).toBe(LANGS.length);
    }
  });

  it('says in the marketing plan, in every language, who may become a distributor: 18 or over (ADR 0140)', () => {
    for (const lang of LANGS) {
      const blocks = marketingPlan(lang).blocks;
      const at = blocks.findIndex((block) => block.kind === 'heading' && block.text.startsWith('9. '));
      expect(at, lang).toBeGreaterThan(0);
      const section = blocks[at + 1];
      expect(section?.kind === 'paragraph' ? section.text : '', lang).toMatch(/\b18\b/);
    }
  });
});
