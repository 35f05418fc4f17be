import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { eligibleFor } from './order-bulk.rules.ts';
import type {
  BulkAnswer,
  BulkCandidate,
  BulkSubmission,
  OrderBulkContext,
  OrderBulkEvent,
} from './order-bulk.types.ts';

/**
 * The warehouse's bulk work over the queue (docs/adr/0028-warehouse-queue.md): a selection of orders, each
 * with the version the clerk saw, and one action over the ones the lifecycle allows, answered per order.
 *
 * selecting --bulk.submit (some eligible)--> submitting --done--> selecting (results shown)
 *                                                      --error--> selecting (error shown, selection kept)
 *
 * - `selection.toggle` / `selection.page` / `selection.clear` change the selection (not while submitting);
 * - `bulk.submit` sends only the selected orders the lifecycle allows the action for (`eligibleFor`), each with
 *   its own version, through `submitBulk` (one server call, `POST /orders/bulk`; provided by the app);
 * - the results stay until dismissed or the next submit; done orders leave the selection, the others stay
 *   selected with the order as it is now (so the clerk sees what changed before trying again).
 */
export const orderBulkMachine = setup({
  types: {
    context: {} as OrderBulkContext,
    events: {} as OrderBulkEvent,
  },
  actors: {
    submitBulk: fromPromise<BulkAnswer, BulkSubmission>(async () => {
      throw new Error('submitBulk is provided by the app (provideOrderBulk)');
    }),
  },
  actions: {
    /** The app refreshes what shows orders (lists, counts); provided by the app. */
    ordersChanged: () => undefined,
  },
  guards: {
    hasEligible: ({ context, event }) =>
      event.type === 'bulk.submit' && eligibleFor(context.selected, event.action).length > 0,
  },
}).createMachine({
  id: 'orderBulk',
  context: { selected: [], action: null, sentNumbers: {}, results: null, error: null },
  initial: 'selecting',
  states: {
    selecting: {
      on: {
        'selection.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.some((order) => order.id === event.order.id)
                ? context.selected.filter((order) => order.id !== event.order.id)
                : [...context.selected, event.order],
          }),
        },
        'selection.page': {
          actions: assign({
            selected: ({ context, event }) => {
              const ids = new Set(event.orders.map((order) => order.id));
              const others = context.selected.filter((order) => !ids.has(order.id));
              return event.selected ? [...others, ...event.orders] : others;
            },
          }),
        },
        'selection.clear': { actions: assign({ selected: [] }) },
        'results.dismiss': { actions: assign({ results: null, error: null }) },
        'bulk.submit': {
          guard: 'hasEligible',
          target: 'submitting',
          actions: assign({
            action: ({ event }) => event.action,
            results: null,
            error: null,
            sentNumbers: ({ context, event }) =>
              Object.fromEntries(eligibleFor(context.selected, event.action).map((o) => [o.id, o.number])),
          }),
        },
      },
    },
    submitting: {
      invoke: {
        src: 'submitBulk',
        input: ({ context }): BulkSubmission => {
          const sent = new Set(Object.keys(context.sentNumbers).map(Number));
          return {
            action: context.action ?? 'check',
            orders: context.selected
              .filter((order) => sent.has(order.id))
              .map(({ id, version }) => ({ id, version })),
          };
        },
        onDone: {
          target: 'selecting',
          actions: [
            assign({
              results: ({ event }) => event.output.results,
              selected: ({ context, event }) => {
                const byId = new Map(event.output.results.map((result) => [result.id, result]));
                return context.selected.flatMap((order): BulkCandidate[] => {
                  const result = byId.get(order.id);
                  if (result === undefined) return [order];
                  if (result.outcome === 'done' || result.outcome === 'not_found') return [];
                  return [result.order ?? order];
                });
              },
            }),
            'ordersChanged',
          ],
        },
        onError: { target: 'selecting', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});

export type OrderBulkSnapshot = SnapshotFrom<typeof orderBulkMachine>;
