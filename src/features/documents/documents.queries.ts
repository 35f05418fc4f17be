import { useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

export type PortalDocument = components['schemas']['Document'];
export type DocumentId = components['schemas']['DocumentId'];
export type Lang = components['schemas']['Lang'];

export const documentsQueryKey = ['documents'] as const;

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

export const documentsApi = createDocumentsApi(api);

export function useDocuments() {
  return useQuery({
    queryKey: documentsQueryKey,
    queryFn: ({ signal }) => documentsApi.listDocuments(signal),
  });
}

/** How long a blob URL handed to another tab or to a download stays valid. */
const BLOB_URL_LIFETIME_MS = 60_000;

/** Opens the PDF in a new tab; answers false when the browser blocked the tab. */
function openInNewTab(file: DocumentFile): boolean {
  const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  const tab = window.open(url, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  if (tab === null) return false;
  tab.opener = null;
  return true;
}

function saveToDisk(file: DocumentFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}

export type DocumentAction = 'open' | 'download';

export interface DocumentRequest {
  documentId: DocumentId;
  lang: Lang;
  action: DocumentAction;
}

/**
 * Fetches a document's PDF and opens it in a new tab or saves it. A blocked tab falls back to saving the file
 * (the answer says which happened). Errors stay with the caller (`meta.toast: false`): the row shows them.
 */
export function useDocumentFile() {
  return useMutation({
    meta: { toast: false },
    mutationFn: async ({ documentId, lang, action }: DocumentRequest): Promise<DocumentAction> => {
      const file = await documentsApi.fetchDocumentFile(documentId, lang);
      if (action === 'open' && openInNewTab(file)) return 'open';
      saveToDisk(file);
      return 'download';
    },
  });
}
