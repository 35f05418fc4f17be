import { and, assign, or, setup, stateIn } from 'xstate';
import * as check from './order-lifecycle.guards.rules.ts';
import { computeTotals, confirmAllLines, validatePartial } from './order-lifecycle.lines.rules.ts';
import type {
  OrderLifecycleContext,
  OrderLifecycleEvent,
  OrderLifecycleInput,
} from './order-lifecycle.types.ts';

/**
 * The order lifecycle: a pure machine (no I/O) that the server enforces and the SPA asks what a role may do.
 *
 * Shape: a parallel machine with two regions.
 * - `lifecycle`: one flat state per `OrderStatus`, so `{ lifecycle: status }` is exactly the stored status. `placed`
 *   is transient (`always` -> `awaiting_warehouse`); the terminal statuses are final states.
 * - `payment`: `not_required` -> `need_pay` -> `paid` | `pay_failed` -> (retry) `need_pay`.
 * Every event carries `role`; each transition's guard starts with the role check (`isWarehouse`, `isDistributor`,
 * `isPaymentProvider`), then the business guards. Context holds only the order facts the guards need, and the
 * lines/totals a partial confirmation changes (recomputed with `computeTotals`).
 *
 * Where this differs from the first proposal (docs/order-lifecycle.md, docs/adr/0018-order-lifecycle.md), and why:
 * 1. No extra payment state for "card order, amount not final yet": `not_required` means "nothing to pay now". The
 *    payment region leaves it by an eventless transition when a card order's lifecycle enters `confirmed` (the amount
 *    is final there, after any partial confirmation), so the API keeps the four payment values of the brief.
 * 2. Payment events are accepted only while the lifecycle is `confirmed`: before, nothing is due; after, the order is
 *    either prepared (hence paid) or cancelled, and a late success from the provider must not be recorded as paid
 *    (refunds are out of scope). `payment.retry` is the distributor asking for a new payment link after a failure.
 * 3. `order.confirmPartial` also needs a comment: the distributor must be told why their order changed.
 * 4. `order.reject` (fully out of stock) has no stock guard: the machine knows stock only when the server passes
 *    `available` per line, and the warehouse may reject for reasons stock does not show; its comment is optional.
 *    `order.confirm` is refused when a known stock is short (`everyLineAvailable`).
 * 5. `pickup.request` / `delivery.request` record the distributor's final choice in `deliveryType` (the checkout
 *    choice can change while the order is ready); delivery still needs a delivery address.
 * 6. CANCEL from `placed` cannot happen because `placed` is transient; the server stores new orders as
 *    `awaiting_warehouse` (history: placed -> awaiting_warehouse).
 * 7. In `awaiting_distributor` both `partial.reject` and `order.cancel` lead to `cancelled_by_distributor`; they are
 *    kept apart for the history. `eventForTargetStatus` prefers `partial.reject` there.
 */

const cancelByDistributor = {
  guard: 'isDistributor',
  target: 'cancelled_by_distributor',
  actions: 'recordCancelReason',
} as const;

const declineByWarehouse = {
  guard: and(['isWarehouse', 'hasComment']),
  target: 'cancelled_by_warehouse',
  actions: 'recordCancelReason',
} as const;

export const orderLifecycleMachine = setup({
  types: {
    context: {} as OrderLifecycleContext,
    events: {} as OrderLifecycleEvent,
    input: {} as OrderLifecycleInput,
  },
  guards: {
    isWarehouse: ({ event }) => check.isWarehouse(event),
    isDistributor: ({ event }) => check.isDistributor(event),
    isPaymentProvider: ({ event }) => check.isPaymentProvider(event),
    hasComment: ({ event }) => check.hasComment(event),
    everyLineAvailable: ({ context }) => check.linesAvailable(context),
    partialIsValid: ({ context, event }) => check.partialIsValid(context, event),
    hasDeliveryAddress: ({ context }) => check.hasDeliveryAddress(context),
    isCashOrder: ({ context }) => check.isCashOrder(context),
    isCardOrder: ({ context }) => check.isCardOrder(context),
    /** PREPARE: a card order must be paid first; cash is paid on handover. */
    isPaidOrCash: or([({ context }) => check.isCashOrder(context), stateIn({ payment: 'paid' })]),
    /** The amount is final and payment is open only while the order waits in `confirmed`. */
    orderAwaitsPayment: stateIn({ lifecycle: 'confirmed' }),
  },
  actions: {
    confirmAllLines: assign(({ context }) => {
      const lines = confirmAllLines(context.lines);
      return { lines, totals: computeTotals(lines) };
    }),
    applyPartial: assign(({ context, event }) => {
      if (event.type !== 'order.confirmPartial') return {};
      const result = validatePartial(context.lines, event.lines);
      return result.ok ? { lines: result.lines, totals: computeTotals(result.lines) } : {};
    }),
    recordCancelReason: assign(({ event }) => ({ cancelReason: check.commentOf(event) })),
    choosePickup: assign({ deliveryType: 'pickup' as const }),
    chooseDelivery: assign({ deliveryType: 'delivery' as const }),
  },
}).createMachine({
  id: 'orderLifecycle',
  type: 'parallel',
  context: ({ input }) => ({
    paymentMethod: input.paymentMethod,
    deliveryType: input.deliveryType,
    hasDeliveryAddress: input.hasDeliveryAddress,
    lines: input.lines.map((line) => ({ ...line })),
    totals: computeTotals(input.lines),
    cancelReason: null,
  }),
  states: {
    lifecycle: {
      initial: 'placed',
      states: {
        placed: { always: { target: 'awaiting_warehouse' } },
        awaiting_warehouse: {
          on: {
            'check.start': { guard: 'isWarehouse', target: 'checking' },
            'order.cancel': cancelByDistributor,
            'order.decline': declineByWarehouse,
          },
        },
        checking: {
          on: {
            'order.confirm': {
              guard: and(['isWarehouse', 'everyLineAvailable']),
              target: 'confirmed',
              actions: 'confirmAllLines',
            },
            'order.confirmPartial': {
              guard: and(['isWarehouse', 'partialIsValid', 'hasComment']),
              target: 'awaiting_distributor',
              actions: 'applyPartial',
            },
            'order.reject': { guard: 'isWarehouse', target: 'rejected', actions: 'recordCancelReason' },
            'order.cancel': cancelByDistributor,
            'order.decline': declineByWarehouse,
          },
        },
        /** The warehouse changed the order; the distributor answers. */
        awaiting_distributor: {
          on: {
            'partial.accept': { guard: 'isDistributor', target: 'confirmed' },
            'partial.reject': cancelByDistributor,
            'order.cancel': cancelByDistributor,
            'order.decline': declineByWarehouse,
          },
        },
        /** The amount is final: card orders pay here (payment region), and PREPARE waits for it. */
        confirmed: {
          on: {
            'order.prepare': { guard: and(['isWarehouse', 'isPaidOrCash']), target: 'prepared' },
            'order.cancel': cancelByDistributor,
            'order.decline': declineByWarehouse,
          },
        },
        prepared: {
          on: {
            'order.markReady': { guard: 'isWarehouse', target: 'ready' },
            'order.decline': declineByWarehouse,
          },
        },
        ready: {
          on: {
            'pickup.request': { guard: 'isDistributor', target: 'pickup_requested', actions: 'choosePickup' },
            'delivery.request': {
              guard: and(['isDistributor', 'hasDeliveryAddress']),
              target: 'delivery_requested',
              actions: 'chooseDelivery',
            },
            'order.decline': declineByWarehouse,
          },
        },
        pickup_requested: {
          on: {
            'order.handOver': { guard: 'isWarehouse', target: 'received' },
            'order.decline': declineByWarehouse,
          },
        },
        delivery_requested: {
          on: {
            'delivery.process': { guard: 'isWarehouse', target: 'delivery_processing' },
            'order.decline': declineByWarehouse,
          },
        },
        delivery_processing: {
          on: {
            'order.send': { guard: 'isWarehouse', target: 'sent' },
            'order.decline': declineByWarehouse,
          },
        },
        sent: { on: { 'delivery.outForDelivery': { guard: 'isWarehouse', target: 'in_delivery' } } },
        in_delivery: { on: { 'receipt.confirm': { guard: 'isDistributor', target: 'received' } } },
        received: { on: { 'order.complete': { guard: 'isWarehouse', target: 'completed' } } },
        /** The warehouse hands the order to the 1C exchange queue. */
        completed: { on: { 'order.sendTo1c': { guard: 'isWarehouse', target: 'sent_to_1c' } } },
        sent_to_1c: { type: 'final' },
        rejected: { type: 'final' },
        cancelled_by_distributor: { type: 'final' },
        cancelled_by_warehouse: { type: 'final' },
      },
    },
    payment: {
      initial: 'not_required',
      states: {
        /** Cash orders stay here; card orders leave once the amount is final. */
        not_required: {
          always: { guard: and(['isCardOrder', 'orderAwaitsPayment']), target: 'need_pay' },
        },
        need_pay: {
          on: {
            'payment.succeeded': { guard: and(['isPaymentProvider', 'orderAwaitsPayment']), target: 'paid' },
            'payment.failed': {
              guard: and(['isPaymentProvider', 'orderAwaitsPayment']),
              target: 'pay_failed',
            },
          },
        },
        pay_failed: {
          on: {
            'payment.retry': { guard: and(['isDistributor', 'orderAwaitsPayment']), target: 'need_pay' },
          },
        },
        paid: {},
      },
    },
  },
});

export type OrderLifecycleMachine = typeof orderLifecycleMachine;
