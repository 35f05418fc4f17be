/**
 * The document-file machine with the app's calls, provided in one place (`provideDocumentFile`, tested with fakes):
 * the PDF is fetched with the bearer token, then opened in a new tab or saved (a blocked tab falls back to saving).
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  type DocumentAction,
  documentFileMachine,
  type DocumentRequest,
} from '../../../machines/documents/document-file.machine.ts';
import { type DocumentFile, type DocumentsApi, documentsApi } from '../../data/documents.ts';
import { BLOB_URL_LIFETIME_MS, saveFile } from '../../data/save-file.ts';

/** Opens the PDF in a new tab; answers false when the browser blocked the tab. */
function openInNewTab(file: DocumentFile): boolean {
  const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  const tab = window.open(url, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  if (tab === null) return false;
  tab.opener = null;
  return true;
}

export interface DocumentFileDeps {
  api: Pick<DocumentsApi, 'fetchDocumentFile'>;
  /** Opens the file in a new tab; false when the browser blocked it. */
  open: (file: DocumentFile) => boolean;
  save: (file: DocumentFile) => void;
}

export function provideDocumentFile({ api, open, save }: DocumentFileDeps) {
  return documentFileMachine.provide({
    actors: {
      getFile: fromPromise<DocumentAction, DocumentRequest>(async ({ input }) => {
        const file = await api.fetchDocumentFile(input.documentId, input.lang);
        if (input.action === 'open' && open(file)) return 'open';
        save(file);
        return 'download';
      }),
    },
  });
}

const documentFileLogic = provideDocumentFile({ api: documentsApi, open: openInNewTab, save: saveFile });

/** The actor of one document row. */
export function useDocumentFile() {
  return useActorRef(documentFileLogic);
}
