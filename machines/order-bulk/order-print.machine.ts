import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/** The warehouse's print documents. */
export const PRINT_KINDS = ['pick-list', 'packing-slips'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

export interface PrintRequest {
  kind: PrintKind;
  /** The orders to print (one from the order page, the selection from the bulk bar). */
  orderIds: readonly number[];
}

export type OrderPrintEvent = { type: 'print.get' } & PrintRequest;

export interface OrderPrintContext {
  request: PrintRequest | null;
  error: unknown;
}

/**
 * One print button group's PDFs (the pick list, the packing slips), in the pattern of the file-download machine
 * (`machines/downloads/file-download.machine.ts`): `print.get` fetches the PDF with the bearer token and saves it.
 *
 * idle | done | failed --print.get--> fetching --done--> done
 *                                              --error--> failed (the group shows why)
 *
 * A second request while one runs is ignored. `getPrint` fetches and saves the file; provided by the app.
 */
export const orderPrintMachine = setup({
  types: {
    context: {} as OrderPrintContext,
    events: {} as OrderPrintEvent,
  },
  actors: {
    getPrint: fromPromise<void, PrintRequest>(async () => {
      throw new Error('getPrint is provided by the app (provideOrderPrint)');
    }),
  },
  guards: {
    hasOrders: ({ event }) => event.orderIds.length > 0,
  },
}).createMachine({
  id: 'orderPrint',
  context: { request: null, error: null },
  initial: 'idle',
  on: {
    'print.get': {
      guard: 'hasOrders',
      target: '.fetching',
      actions: assign({
        request: ({ event }) => ({ kind: event.kind, orderIds: [...event.orderIds] }),
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    fetching: {
      on: { 'print.get': {} },
      invoke: {
        src: 'getPrint',
        input: ({ context }): PrintRequest => context.request ?? { kind: 'pick-list', orderIds: [] },
        onDone: { target: 'done' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {},
    failed: {},
  },
});

export type OrderPrintSnapshot = SnapshotFrom<typeof orderPrintMachine>;

/** The document being fetched now (its button shows it is busy), or null. */
export const selectPrinting = (snapshot: OrderPrintSnapshot): PrintKind | null =>
  snapshot.matches('fetching') ? (snapshot.context.request?.kind ?? null) : null;

export const selectPrintError = (snapshot: OrderPrintSnapshot): unknown =>
  snapshot.matches('failed') ? snapshot.context.error : null;
