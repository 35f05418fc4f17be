/**
 * The print machine with the app's calls, provided in one place (`provideOrderPrint`, testable with fakes): the
 * PDF is fetched with the bearer token, then saved under the server's file name.
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { orderPrintMachine, type PrintRequest } from '../../../../machines/order-bulk/order-print.machine.ts';
import { type PrintFile, type WarehouseQueueApi, warehouseQueueApi } from '../../../data/warehouse-queue.ts';

/** How long a blob URL handed to a download stays valid. */
const BLOB_URL_LIFETIME_MS = 60_000;

function saveToDisk(file: PrintFile): void {
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

export interface OrderPrintDeps {
  api: Pick<WarehouseQueueApi, 'print'>;
  save: (file: PrintFile) => void;
}

export function provideOrderPrint({ api, save }: OrderPrintDeps) {
  return orderPrintMachine.provide({
    actors: {
      getPrint: fromPromise<void, PrintRequest>(async ({ input }) => {
        save(await api.print(input.kind, input.orderIds));
      }),
    },
  });
}

const orderPrintLogic = provideOrderPrint({ api: warehouseQueueApi, save: saveToDisk });

/** The actor of one group of print buttons. */
export function useOrderPrint() {
  return useActorRef(orderPrintLogic);
}
