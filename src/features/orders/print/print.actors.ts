/**
 * The print machine with the app's calls, provided in one place (`provideOrderPrint`, testable with fakes): the
 * PDF is fetched with the bearer token, then saved under the server's file name.
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { orderPrintMachine, type PrintRequest } from '../../../../machines/order-bulk/order-print.machine.ts';
import { type PrintFile, type WarehouseQueueApi, warehouseQueueApi } from '../../../data/warehouse-queue.ts';
import { saveFile } from '../../../data/save-file.ts';

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

const orderPrintLogic = provideOrderPrint({ api: warehouseQueueApi, save: saveFile });

/** The actor of one group of print buttons. */
export function useOrderPrint() {
  return useActorRef(orderPrintLogic);
}
