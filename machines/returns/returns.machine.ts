import { and, assign, setup, stateIn } from 'xstate';
import * as check from './returns.guards.rules.ts';
import { refundAmount } from './returns.policy.rules.ts';
import type { ReturnContext, ReturnEvent, ReturnInput } from './returns.types.ts';

/**
 * A return of a received order's goods: a pure machine (no I/O) that the server enforces and the SPA asks what a
 * role may do (docs/adr/0138-returns.md). The policy (periods, quantities, amounts) is `returns.policy.rules.ts`;
 * a return exists only once the policy accepted the request, so the machine starts in `requested`.
 *
 * A parallel machine with two regions:
 * - `status`: `requested` → (`return.receive`, the warehouse, per line received and damaged) `received` →
 *   `accepted` | `refused` (a comment is required). From `requested` also `cancelled` (the distributor withdraws)
 *   and `refused` (the goods never came). `accepted`, `refused` and `cancelled` are final.
 * - `refund`: `none` until the return is accepted with something to refund; then a card order's refund is `pending`
 *   until the acquirer confirms it (`refund.succeeded`) and `refunded`; a cash order's is `credited` at once (a
 *   credit noted on the order).
 * Every event carries `role`; each transition's guard starts with the role check.
 */

const refuseByWarehouse = {
  guard: and(['isWarehouse', 'hasComment']),
  target: 'refused',
  actions: 'recordRefusal',
} as const;

export const returnMachine = setup({
  types: {
    context: {} as ReturnContext,
    events: {} as ReturnEvent,
    input: {} as ReturnInput,
  },
  guards: {
    isWarehouse: ({ event }) => check.isWarehouse(event),
    isDistributor: ({ event }) => check.isDistributor(event),
    isPaymentProvider: ({ event }) => check.isPaymentProvider(event),
    hasComment: ({ event }) => check.hasComment(event),
    receiptIsValid: ({ context, event }) => check.receiptIsValid(context, event),
    somethingReceived: ({ context }) => check.somethingReceived(context),
    isCardReturn: ({ context }) => check.isCardReturn(context),
    somethingToRefund: ({ context }) => refundAmount(context.lines, context.ratePercent) > 0,
    returnAccepted: stateIn({ status: 'accepted' }),
  },
  actions: {
    recordReceipt: assign(({ context, event }) =>
      event.type === 'return.receive' ? { lines: check.applyReceipt(context.lines, event.lines) } : {},
    ),
    recordRefusal: assign(({ event }) => ({ refuseComment: check.commentOf(event) })),
  },
}).createMachine({
  id: 'return',
  type: 'parallel',
  context: ({ input }) => ({
    paymentMethod: input.paymentMethod,
    ratePercent: input.ratePercent,
    lines: input.lines.map((line) => ({ ...line })),
    refuseComment: null,
  }),
  states: {
    status: {
      initial: 'requested',
      states: {
        /** Asked for; the goods are on their way to the warehouse. */
        requested: {
          on: {
            'return.receive': {
              guard: and(['isWarehouse', 'receiptIsValid']),
              target: 'received',
              actions: 'recordReceipt',
            },
            'return.cancel': { guard: 'isDistributor', target: 'cancelled' },
            'return.refuse': refuseByWarehouse,
          },
        },
        /** The warehouse has the goods and counted them; it decides. */
        received: {
          on: {
            'return.accept': { guard: and(['isWarehouse', 'somethingReceived']), target: 'accepted' },
            'return.refuse': refuseByWarehouse,
          },
        },
        accepted: { type: 'final' },
        refused: { type: 'final' },
        cancelled: { type: 'final' },
      },
    },
    refund: {
      initial: 'none',
      states: {
        none: {
          always: [
            { guard: and(['returnAccepted', 'somethingToRefund', 'isCardReturn']), target: 'pending' },
            { guard: and(['returnAccepted', 'somethingToRefund']), target: 'credited' },
          ],
        },
        /** The server asks the acquirer for the partial refund until it confirms (retried on failure). */
        pending: {
          on: { 'refund.succeeded': { guard: 'isPaymentProvider', target: 'refunded' } },
        },
        refunded: {},
        credited: {},
      },
    },
  },
});

export type ReturnMachine = typeof returnMachine;
