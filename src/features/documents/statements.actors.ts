/**
 * The bonus statements' use of the one file-download machine, in one place (`provideStatementFile`): a request's
 * `file` is a closed month (`YYYY-MM`); its statement PDF in the request's language is fetched with the bearer token
 * (named as the server's Content-Disposition says) and saved, whatever the request's action.
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
  selectDelivered,
  selectPendingRequest,
} from '#machines/downloads/file-download.selectors.ts';
import { type StatementFile, type StatementsApi, statementsApi } from '../../data/statements.ts';
import { saveFile } from '../../data/save-file.ts';

export interface StatementFileDeps {
  api: Pick<StatementsApi, 'fetchStatementFile'>;
  save: (file: StatementFile) => void;
}

export function provideStatementFile({ api, save }: StatementFileDeps) {
  return fileDownloadMachine.provide({
    actors: {
      getFile: fromPromise<FileOutcome, FileRequest>(async ({ input }) => {
        save(await api.fetchStatementFile(input.file, input.lang));
        return 'download';
      }),
    },
  });
}

const statementFileLogic = provideStatementFile({ api: statementsApi, save: saveFile });

/** The actor of the statements section's download. */
export function useStatementFile() {
  return useActorRef(statementFileLogic);
}

/** The month whose file is being fetched, or null. */
export const selectFetchingMonth = (snapshot: FileDownloadSnapshot): string | null =>
  selectPendingRequest(snapshot)?.file ?? null;

/** The month whose file was saved last, or null. */
export const selectSavedMonth = (snapshot: FileDownloadSnapshot): string | null =>
  selectDelivered(snapshot)?.request.file ?? null;
