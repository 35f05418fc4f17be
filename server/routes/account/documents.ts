/** The documents (marketing plan, ethics code, qualification 2025) and their PDF files per language. */
import { file, type Handler } from '../../contract/types.ts';
import { LANGS, type Localized } from '../../db/reference.ts';
import { DOCUMENTS, isDocumentId, isLang, renderDocument } from '../../documents/index.ts';
import { publicLink } from '../../domain/account/one-time-tokens.ts';
import { notFound } from '../../http/errors.ts';

export const listDocuments: Handler<'listDocuments'> = async ({ config }) =>
  DOCUMENTS.map((document) => {
    const url = {} as Localized;
    for (const lang of LANGS)
      url[lang] = publicLink(config.publicUrl, `/api/v3/documents/${document.id}/${lang}`);
    return { id: document.id, title: document.title, url };
  });

/** The PDF, inline, named `<documentId>-<lang>.pdf` as the contract says. */
export const getDocumentFile: Handler<'getDocumentFile'> = async ({ params }) => {
  const { documentId, lang } = params;
  if (!isDocumentId(documentId) || !isLang(lang)) throw notFound();
  const pdf = await renderDocument(documentId, lang);
  return file(pdf, 'application/pdf', `${documentId}-${lang}.pdf`, 'inline');
};
