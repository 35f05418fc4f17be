import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';

export type FileLang = components['schemas']['Lang'];

/** What the browser is to do (or did) with the file: open it in a new tab, or save it. */
export type FileOutcome = 'open' | 'download';

export interface FileRequest {
  /** Which file, in its use's own terms (a document's id, a closed month `YYYY-MM`): that use's `getFile` reads it. */
  file: string;
  lang: FileLang;
  action: FileOutcome;
  /** The records the one file covers, when a use names several (the orders a warehouse print lists). */
  ids?: readonly number[];
}

export type FileDownloadEvent = { type: 'file.get' } & FileRequest;

export interface FileDownloadContext {
  /** The last file asked for (kept once it settles: the view says which one was saved or failed). */
  request: FileRequest | null;
  /** What happened to the last file: a tab the browser blocked falls back to saving it. */
  outcome: FileOutcome | null;
  error: unknown;
}

/** The request as the machine keeps it: `ids` copied (the view's selection may change), and only when named. */
const requestOf = ({ file, lang, action, ids }: FileRequest): FileRequest => ({
  file,
  lang,
  action,
  ...(ids === undefined ? {} : { ids: [...ids] }),
});

/**
 * One protected file (a PDF behind the bearer token) a view asks for: `file.get` fetches it and hands it to the
 * browser. A use (the documents' rows, the bonus statements, the warehouse's print buttons) provides `getFile` in
 * ONE place, its `*.actors.ts` (`src/features/documents/documents.actors.ts`, `statements.actors.ts`,
 * `src/features/orders/print/print.actors.ts`): which request to send for `file` (and `ids`), how the file is
 * named, and whether it opens or is saved; `getFile` answers what it did.
 *
 * idle | done | failed --file.get--> fetching --done--> done (`outcome`: opened, or saved when the tab was blocked)
 *                                             --error--> failed (the view shows why; asking again is the retry)
 *
 * A second request while one runs is ignored (the view's buttons wait), and so is one naming an empty list of `ids`
 * (a print of no orders).
 */
export const fileDownloadMachine = setup({
  types: {
    context: {} as FileDownloadContext,
    events: {} as FileDownloadEvent,
  },
  actors: {
    getFile: fromPromise<FileOutcome, FileRequest>(async () => {
      throw new Error('getFile is provided by each use (its *.actors.ts)');
    }),
  },
  guards: {
    namesSomething: ({ event }) => event.ids === undefined || event.ids.length > 0,
  },
}).createMachine({
  id: 'fileDownload',
  context: { request: null, outcome: null, error: null },
  initial: 'idle',
  on: {
    'file.get': {
      guard: 'namesSomething',
      target: '.fetching',
      actions: assign({
        request: ({ event }) => requestOf(event),
        outcome: null,
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    fetching: {
      on: { 'file.get': {} },
      invoke: {
        id: 'getFile',
        src: 'getFile',
        // Only `file.get` enters this state: its request is the file to get.
        input: ({ event }): FileRequest => requestOf(event),
        onDone: { target: 'done', actions: assign({ outcome: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {},
    failed: {},
  },
});
