/**
 * The documents of the Documents screen, as real PDF files in every language: the marketing plan, the code of
 * ethics and the Qualification 2025 programme. `renderDocument` builds a PDF once per (document, language) and keeps
 * it in memory.
 */
import { LANGS, type Lang, type Localized } from '../db/reference.ts';
import { ethicsCode } from './content/ethics-code.ts';
import { marketingPlan } from './content/marketing-plan.ts';
import { qualification2025 } from './content/qualification-2025.ts';
import { renderPdf, type DocumentContent } from './render.ts';

export const DOCUMENT_IDS = ['marketing_plan', 'ethics_code', 'qualification_2025'] as const;
export type DocumentId = (typeof DOCUMENT_IDS)[number];

/**
 * The documents a new distributor accepts at sign-up, each with the edition in force (docs/adr/0140-sign-up-under-a-sponsor.md).
 * An edition names the text as published: change it whenever the document's content changes, so `user_consents`
 * tells which text each person accepted and a form showing an older one is refused.
 */
export const CONSENT_EDITIONS = {
  // 2026: section 9, who may become a distributor (18 or over, through a sponsor's link, one account a person).
  // 2026.2: section 3, the shop link — a client's retail price, and their orders' PV credited to the distributor.
  marketing_plan: '2026.2',
  ethics_code: '2025-01-01',
} as const satisfies Partial<Record<DocumentId, string>>;
export type ConsentDocumentId = keyof typeof CONSENT_EDITIONS;

const CONTENT: Record<DocumentId, (lang: Lang) => DocumentContent> = {
  marketing_plan: marketingPlan,
  ethics_code: ethicsCode,
  qualification_2025: qualification2025,
};

export const titles = (id: DocumentId): Localized => {
  const out = {} as Localized;
  for (const lang of LANGS) out[lang] = CONTENT[id](lang).title;
  return out;
};

export type DocumentInfo = {
  id: DocumentId;
  title: Localized;
  /** file name for Content-Disposition, without the language: `marketing-plan` -> `marketing-plan-ru.pdf` */
  fileName: string;
};

export const DOCUMENTS: readonly DocumentInfo[] = DOCUMENT_IDS.map((id) => ({
  id,
  title: titles(id),
  fileName: id.replaceAll('_', '-'),
}));

export const isDocumentId = (value: string): value is DocumentId =>
  (DOCUMENT_IDS as readonly string[]).includes(value);
export const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value);

const cache = new Map<string, Promise<Buffer>>();

/** The PDF bytes of a document in a language (built on first use, then served from memory). */
export function renderDocument(id: DocumentId, lang: Lang): Promise<Buffer> {
  const key = `${id}:${lang}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = renderPdf(CONTENT[id](lang), lang);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}
