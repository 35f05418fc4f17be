/**
 * The warehouse print buttons' use of the one file-download machine, in one place (`provideOrderPrint`, tested with
 * fakes): a request's `file` is the print (the pick list or the packing slips) and its `ids` the orders; the PDF in
 * the request's language is fetched with the bearer token, then saved under the server's file name, whatever the
 * request's action.
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
import {
  type PrintFile,
  type PrintKind,
  type WarehouseQueueApi,
  warehouseQueueApi,
} from '#src/data/warehouse-queue.ts';
import { saveFile } from '#src/data/save-file.ts';

/** The prints there are: a request's `file` is one of them. */
const PRINT_KINDS = {
  'pick-list': true,
  'packing-slips': true,
} as const satisfies Record<PrintKind, true>;

const isPrintKind = (file: string): file is PrintKind => Object.hasOwn(PRINT_KINDS, file);

export interface OrderPrintDeps {
  api: Pick<WarehouseQueueApi, 'print'>;
  save: (file: PrintFile) => void;
}

export function provideOrderPrint({ api, save }: OrderPrintDeps) {
  return fileDownloadMachine.provide({
    actors: {
      getFile: fromPromise<FileOutcome, FileRequest>(async ({ input }) => {
        if (!isPrintKind(input.file)) throw new Error(`no print ${input.file}`);
        if (input.ids === undefined) throw new Error('a print names its orders');
        save(await api.print(input.file, input.ids, input.lang));
        return 'download';
      }),
    },
  });
}

const orderPrintLogic = provideOrderPrint({ api: warehouseQueueApi, save: saveFile });

/** The actor of one group of print buttons. */
export function useOrderPrint() {
  return useActorRef(orderPrintLogic);
}

/** The print being fetched now (its button shows it is busy), or null. */
export const selectPrinting = (snapshot: FileDownloadSnapshot): PrintKind | null => {
  const file = selectPendingRequest(snapshot)?.file;
  return file !== undefined && isPrintKind(file) ? file : null;
};
