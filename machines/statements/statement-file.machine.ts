import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';

export type StatementLang = components['schemas']['Lang'];

export interface StatementFileRequest {
  /** The closed month, `YYYY-MM`. */
  month: string;
  lang: StatementLang;
}

export type StatementFileEvent = { type: 'file.get' } & StatementFileRequest;

export interface StatementFileContext {
  request: StatementFileRequest | null;
  error: unknown;
}

/**
 * The bonus statement PDF of a closed month (the documents' file pattern): `file.get` fetches it with the bearer
 * token and saves it.
 *
 * idle | saved | failed --file.get--> fetching --done--> saved
 *                                              --error--> failed (the section shows why)
 *
 * `getFile` fetches the file and saves it; provided by the app.
 */
export const statementFileMachine = setup({
  types: {
    context: {} as StatementFileContext,
    events: {} as StatementFileEvent,
  },
  actors: {
    getFile: fromPromise<void, StatementFileRequest>(async () => {
      throw new Error('getFile is provided by the app (provideStatementFile)');
    }),
  },
}).createMachine({
  id: 'statementFile',
  context: { request: null, error: null },
  initial: 'idle',
  on: {
    'file.get': {
      target: '.fetching',
      actions: assign({
        request: ({ event }) => ({ month: event.month, lang: event.lang }),
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    fetching: {
      // A second click while one runs is ignored (the button waits).
      on: { 'file.get': {} },
      invoke: {
        src: 'getFile',
        input: ({ context }): StatementFileRequest => context.request ?? { month: '2000-01', lang: 'ru' },
        onDone: { target: 'saved' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    saved: {},
    failed: {},
  },
});

export type StatementFileSnapshot = SnapshotFrom<typeof statementFileMachine>;

/** The month whose file is being fetched, or null. */
export const selectFetchingMonth = (snapshot: StatementFileSnapshot): string | null =>
  snapshot.matches('fetching') ? (snapshot.context.request?.month ?? null) : null;

/** The last failure, or null. */
export const selectStatementFileError = (snapshot: StatementFileSnapshot): unknown =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The month whose file was saved last, or null. */
export const selectSavedMonth = (snapshot: StatementFileSnapshot): string | null =>
  snapshot.matches('saved') ? (snapshot.context.request?.month ?? null) : null;
