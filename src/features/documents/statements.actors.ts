/**
 * The statement-file machine with the app's calls, provided in one place (`provideStatementFile`): the PDF is
 * fetched with the bearer token and saved.
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  statementFileMachine,
  type StatementFileRequest,
} from '../../../machines/statements/statement-file.machine.ts';
import { type StatementFile, type StatementsApi, statementsApi } from '../../data/statements.ts';

/** How long a blob URL handed to a download stays valid. */
const BLOB_URL_LIFETIME_MS = 60_000;

function saveToDisk(file: StatementFile): void {
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

export interface StatementFileDeps {
  api: Pick<StatementsApi, 'fetchStatementFile'>;
  save: (file: StatementFile) => void;
}

export function provideStatementFile({ api, save }: StatementFileDeps) {
  return statementFileMachine.provide({
    actors: {
      getFile: fromPromise<void, StatementFileRequest>(async ({ input }) => {
        save(await api.fetchStatementFile(input.month, input.lang));
      }),
    },
  });
}

const statementFileLogic = provideStatementFile({ api: statementsApi, save: saveToDisk });

/** The actor of the statements section's download. */
export function useStatementFile() {
  return useActorRef(statementFileLogic);
}
