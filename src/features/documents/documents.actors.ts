/**
 * The documents' use of the one file-download machine, in one place (`provideDocumentFile`, tested with fakes): a
 * request's `file` is a document's id; its PDF in the request's language is fetched with the bearer token (named as
 * the server's Content-Disposition says), then opened in a new tab or saved (a blocked tab falls back to saving).
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  fileDownloadMachine,
  type FileOutcome,
  type FileRequest,
} from '#machines/downloads/file-download.machine.ts';
import {
  type FileDownloadSnapshot,
  selectPendingRequest,
} from '#machines/downloads/file-download.selectors.ts';
import { type DocumentFile, type DocumentId, type DocumentsApi, documentsApi } from '../../data/documents.ts';
import { BLOB_URL_LIFETIME_MS, saveFile } from '../../data/save-file.ts';

/** The documents there are (the contract's `DocumentId`): a request's `file` is one of them. */
const DOCUMENT_IDS = {
  marketing_plan: true,
  ethics_code: true,
  qualification_2025: true,
} as const satisfies Record<DocumentId, true>;

const isDocumentId = (file: string): file is DocumentId => Object.hasOwn(DOCUMENT_IDS, file);

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
  return fileDownloadMachine.provide({
    actors: {
      getFile: fromPromise<FileOutcome, FileRequest>(async ({ input }) => {
        if (!isDocumentId(input.file)) throw new Error(`no document ${input.file}`);
        const file = await api.fetchDocumentFile(input.file, input.lang);
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

/** The action running now (which button shows it is busy), or null. */
export const selectPendingAction = (snapshot: FileDownloadSnapshot): FileOutcome | null =>
  selectPendingRequest(snapshot)?.action ?? null;
