/** The documents (`GET /documents`, the PDFs with the bearer token). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { documentKeys } from './keys.ts';

export type PortalDocument = components['schemas']['Document'];
export type DocumentId = components['schemas']['DocumentId'];
export type Lang = components['schemas']['Lang'];

export interface DocumentFile {
  blob: Blob;
  /** `marketing_plan-ru.pdf`, as the server's Content-Disposition names it. */
  fileName: string;
}

function fileNameOf(response: Response, documentId: DocumentId, lang: Lang): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `${documentId}-${lang}.pdf`;
}

export function createDocumentsApi(client: ApiClient) {
  return {
    /** `GET /documents`: the documents with their titles in every language. */
    listDocuments(signal?: AbortSignal): Promise<PortalDocument[]> {
      return unwrap(client.GET('/documents', signal === undefined ? {} : { signal }));
    },
    /** `GET /documents/{documentId}/{lang}` with the bearer token (a plain link could not carry it). */
    async fetchDocumentFile(documentId: DocumentId, lang: Lang): Promise<DocumentFile> {
      let fileName = `${documentId}-${lang}.pdf`;
      const blob = await unwrap(
        client
          .GET('/documents/{documentId}/{lang}', {
            params: { path: { documentId, lang } },
            parseAs: 'blob',
          })
          .then((result) => {
            fileName = fileNameOf(result.response, documentId, lang);
            return result;
          }),
      );
      return { blob: blob instanceof Blob ? blob : new Blob([blob], { type: 'application/pdf' }), fileName };
    },
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;

export const documentsApi: DocumentsApi = createDocumentsApi(api);

export const documentQueries = {
  list: () =>
    queryOptions({
      queryKey: documentKeys.all(),
      queryFn: ({ signal }) => documentsApi.listDocuments(signal),
    }),
};

export function useDocuments() {
  return useQuery(documentQueries.list());
}
