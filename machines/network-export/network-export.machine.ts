import { assign, fromCallback, setup } from 'xstate';

export interface ExportProgress {
  /** Bytes of the file received so far. */
  bytes: number;
  /** Distributor rows received so far. */
  rows: number;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

export type NetworkExportEvent =
  | { type: 'export.start' }
  | { type: 'export.cancel' }
  /** From the download actor: */
  | { type: 'export.progress'; progress: ExportProgress }
  | { type: 'export.done'; file: ExportedFile }
  | { type: 'export.failed'; error: unknown };

export interface NetworkExportContext {
  /** What arrived so far, while a download runs. */
  progress: ExportProgress | null;
  /** Rows of the last file saved. */
  savedRows: number | null;
}

/**
 * The network file download (`GET /users/my-network-file`, streamed).
 *
 * idle --export.start--> downloading --export.done--> idle   (`saveFile` hands the file to the browser)
 *                                    --export.failed--> idle (`reportFailure`)
 *                                    --export.cancel--> idle (the download actor is stopped: the request aborts)
 *
 * `download` is a callback actor provided by the app: it streams the file and sends back `export.progress`,
 * then `export.done` or `export.failed` (never for its own abort).
 */
export const networkExportMachine = setup({
  types: {
    context: {} as NetworkExportContext,
    events: {} as NetworkExportEvent,
  },
  actors: {
    download: fromCallback<NetworkExportEvent>(() => {
      throw new Error('download is provided by the app (provideNetworkExport)');
    }),
  },
  actions: {
    saveFile: (_, _params: { file: ExportedFile }) => undefined,
    reportFailure: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'networkExport',
  context: { progress: null, savedRows: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ progress: null }),
      on: { 'export.start': 'downloading' },
    },
    downloading: {
      entry: assign({ progress: { bytes: 0, rows: 0 }, savedRows: null }),
      invoke: { id: 'download', src: 'download' },
      on: {
        'export.progress': { actions: assign({ progress: ({ event }) => event.progress }) },
        'export.done': {
          target: 'idle',
          actions: [
            { type: 'saveFile', params: ({ event }) => ({ file: event.file }) },
            assign({ savedRows: ({ event }) => event.file.rows }),
          ],
        },
        'export.failed': {
          target: 'idle',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
        'export.cancel': 'idle',
      },
    },
  },
});
