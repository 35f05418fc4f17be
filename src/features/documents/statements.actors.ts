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
import { saveFile } from '../../data/save-file.ts';

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

const statementFileLogic = provideStatementFile({ api: statementsApi, save: saveFile });

/** The actor of the statements section's download. */
export function useStatementFile() {
  return useActorRef(statementFileLogic);
}
