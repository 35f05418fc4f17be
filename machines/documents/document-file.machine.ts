import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';

export type DocumentId = components['schemas']['DocumentId'];
export type DocumentLang = components['schemas']['Lang'];

/** Open the PDF in a new tab, or save it. */
export type DocumentAction = 'open' | 'download';

export interface DocumentRequest {
  documentId: DocumentId;
  lang: DocumentLang;
  action: DocumentAction;
}

export type DocumentFileEvent = { type: 'file.get' } & DocumentRequest;

export interface DocumentFileContext {
  request: DocumentRequest | null;
  /** What happened to the last file: a blocked tab falls back to saving it. */
  outcome: DocumentAction | null;
  error: unknown;
}

/**
 * One document row's PDF: `file.get` fetches it (with the bearer token) and hands it to the browser.
 *
 * idle | done | failed --file.get--> fetching --done--> done (`outcome`: opened, or saved when the tab was blocked)
 *                                             --error--> failed (the row shows why)
 *
 * `getFile` fetches the file and opens or saves it, answering what it did; provided by the app.
 */
export const documentFileMachine = setup({
  types: {
    context: {} as DocumentFileContext,
    events: {} as DocumentFileEvent,
  },
  actors: {
    getFile: fromPromise<DocumentAction, DocumentRequest>(async () => {
      throw new Error('getFile is provided by the app (provideDocumentFile)');
    }),
  },
}).createMachine({
  id: 'documentFile',
  context: { request: null, outcome: null, error: null },
  initial: 'idle',
  on: {
    'file.get': {
      target: '.fetching',
      actions: assign({
        request: ({ event }) => ({ documentId: event.documentId, lang: event.lang, action: event.action }),
        outcome: null,
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    fetching: {
      // A second request while one runs is ignored (the row's buttons wait).
      on: { 'file.get': {} },
      invoke: {
        src: 'getFile',
        input: ({ context }): DocumentRequest =>
          context.request ?? { documentId: 'marketing_plan', lang: 'ru', action: 'open' },
        onDone: { target: 'done', actions: assign({ outcome: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {},
    failed: {},
  },
});

export type DocumentFileSnapshot = SnapshotFrom<typeof documentFileMachine>;

/** The action running now (which button shows it is busy), or null. */
export const selectPendingAction = (snapshot: DocumentFileSnapshot): DocumentAction | null =>
  snapshot.matches('fetching') ? (snapshot.context.request?.action ?? null) : null;

/** The last failure (the row shows it), or null. */
export const selectFileError = (snapshot: DocumentFileSnapshot): unknown =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The PDF was to open in a tab, but the browser blocked it and it was saved instead. */
export const selectOpenedAsDownload = (snapshot: DocumentFileSnapshot): boolean =>
  snapshot.matches('done') &&
  snapshot.context.outcome === 'download' &&
  snapshot.context.request?.action === 'open';
