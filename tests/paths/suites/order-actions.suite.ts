import { type Actor, fromPromise } from 'xstate';
import type { OrderExchange } from '#machines/order-actions/order-actions.exchange.rules.ts';
import { orderActionsMachine } from '#machines/order-actions/order-actions.machine.ts';
import {
  LOCAL_ERROR_CODES,
  type ApiOrder,
  type OrderActionsEvent,
  type OrderActionsInput,
  type PerformActionInput,
} from '#machines/order-actions/order-actions.types.ts';
import { makeOrder } from '../../support/order-fixtures.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The order-actions workflow machine itself (what the order pages run): opening and submitting the reason form,
 * the partial editor, the comment, paying, re-queueing a failed 1C exchange, seeing someone else's change, and every
 * answer the server gives (success, 409 with and without the fresh order, validation refusals, a failed payment
 * start). The lifecycle's own paths also run through this
 * machine in tests/paths/order-actions.machine.test.ts; this suite covers the workflow's states and transitions.
 */

export const orderActionsPathMachine = orderActionsMachine.provide({
  actors: {
    performAction: fromPromise<ApiOrder, PerformActionInput>(() => new Promise<ApiOrder>(() => {})),
    loadOrder: fromPromise<ApiOrder, { orderId: number }>(() => new Promise<ApiOrder>(() => {})),
    startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(
      () => new Promise<{ paymentUrl: string }>(() => {}),
    ),
  },
});
type Machine = typeof orderActionsPathMachine;
type AEvt = Evt<Machine>;

const checking = makeOrder({ status: 'checking', version: 3 });
const fresh = { ...checking, version: 4, comment: 'changed elsewhere' };
const done = { ...checking, status: 'confirmed', version: 4 } satisfies ApiOrder;

/** 1C refused the order: the warehouse may queue it again (`exchange.requeue`). */
const failedExchange = {
  state: 'error',
  error: 'Unknown product code P-113',
  documentNumber: null,
  queuedAt: '2026-11-20T11:00:00.000Z',
  sentAt: '2026-11-20T11:05:00.000Z',
  confirmedAt: null,
} satisfies OrderExchange;
const exchangeFailed = makeOrder({ status: 'sent_to_1c', version: 9, exchange: failedExchange });
/** The same order queued again by someone else (the live stream or a refetch brings it). */
const exchangeRequeued = {
  ...exchangeFailed,
  version: 10,
  updatedAt: '2026-11-20T12:00:00.000Z',
  exchange: { ...failedExchange, state: 'queued', error: null, queuedAt: '2026-11-20T12:00:00.000Z' },
} satisfies ApiOrder;
const EXCHANGE_START = 'warehouse, 1C exchange failed';
/** A pickup order the customer came for: staff hand it over with the code (`handover.*`). */
const HANDOVER_START = 'warehouse, pickup order requested';
const pickupRequested = makeOrder({ status: 'pickup_requested', deliveryType: 'pickup', version: 7 });
const handedOver = { ...pickupRequested, status: 'received', version: 8 } satisfies ApiOrder;
/** A ready delivery order the distributor picks up instead, at the pickup point they choose (`pickup.choose`). */
const PICKUP_START = 'distributor, delivery order ready';
const readyForDelivery = makeOrder({ status: 'ready', deliveryType: 'delivery', version: 6 });
const pickupRefreshed = { ...pickupRequested, version: 8, comment: 'Customer is here' } satisfies ApiOrder;

const starts: Array<{ label: string; input: OrderActionsInput }> = [
  { label: 'warehouse, order being checked', input: { order: checking, role: 'warehouse' } },
  {
    label: 'warehouse, new order',
    input: { order: makeOrder({ status: 'awaiting_warehouse', version: 2 }), role: 'warehouse' },
  },
  {
    label: 'distributor, card order to pay',
    input: {
      order: makeOrder({ status: 'confirmed', paymentMethod: 'card', paymentState: 'need_pay', version: 5 }),
      role: 'distributor',
    },
  },
  { label: EXCHANGE_START, input: { order: exchangeFailed, role: 'warehouse' } },
  { label: HANDOVER_START, input: { order: pickupRequested, role: 'warehouse' } },
  { label: PICKUP_START, input: { order: readyForDelivery, role: 'distributor' } },
];

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as AEvt;

const userEvents: AEvt[] = [
  { type: 'order.refreshed', order: fresh },
  { type: 'action.run', action: 'order.confirm' },
  { type: 'action.run', action: 'check.start' },
  { type: 'reason.open', action: 'order.decline' },
  { type: 'reason.open', action: 'order.reject' },
  { type: 'reason.change', text: 'Out of stock' },
  { type: 'reason.submit' },
  { type: 'reason.close' },
  { type: 'partial.open' },
  { type: 'partial.quantity', lineId: '11', quantity: 1 },
  { type: 'partial.note', note: 'Only one left' },
  { type: 'partial.submit' },
  { type: 'partial.close' },
  { type: 'comment.change', text: 'Call before' },
  { type: 'comment.submit' },
  { type: 'payment.start' },
  { type: 'notice.dismiss' },
];

const answers: AEvt[] = [
  system({ type: 'xstate.done.actor.performAction', output: done }),
  system({
    type: 'xstate.error.actor.performAction',
    error: { status: 409, code: 'VERSION_CONFLICT', order: fresh },
  }),
  system({
    type: 'xstate.error.actor.performAction',
    error: { status: 409, code: 'TRANSITION_NOT_ALLOWED', order: fresh },
  }),
  system({ type: 'xstate.error.actor.performAction', error: { status: 409, code: 'VERSION_CONFLICT' } }),
  system({
    type: 'xstate.error.actor.performAction',
    error: { status: 409, code: 'TRANSITION_NOT_ALLOWED' },
  }),
  system({ type: 'xstate.error.actor.performAction', error: { status: 422, code: 'VALIDATION_FAILED' } }),
  system({ type: 'xstate.done.actor.loadOrder', output: fresh }),
  system({ type: 'xstate.error.actor.loadOrder', error: { status: 500, code: 'INTERNAL' } }),
  system({ type: 'xstate.done.actor.startPayment', output: { paymentUrl: 'http://127.0.0.1/pay/1' } }),
  system({ type: 'xstate.error.actor.startPayment', error: { status: 409, code: 'PAYMENT_NOT_ALLOWED' } }),
];

const LOCAL = new Set<string>(Object.values(LOCAL_ERROR_CODES));

/**
 * The failed 1C exchange: re-queueing it (and every answer to that), someone else re-queueing it first (the fresher
 * order, then `change.seen` once the notice was read). The order's lifecycle actions are the other starts' business.
 */
function exchangeEvents(snapshot: Snap<Machine>): AEvt[] {
  const { context } = snapshot;
  return [
    { type: 'exchange.requeue' },
    ...(context.order.version < exchangeRequeued.version
      ? [{ type: 'order.refreshed', order: exchangeRequeued } as const]
      : []),
    ...(context.changedElsewhere === null ? [] : [{ type: 'change.seen' } as const]),
    ...answers,
  ];
}

/**
 * The hand-over dialog: opening it, the camera (on, off, failing), a code too short (refused locally), the right
 * code, closing it, and the server's answers (handed over, a wrong code, too many wrong codes, someone else's change).
 */
function handoverEvents(snapshot: Snap<Machine>): AEvt[] {
  const code = snapshot.context.handover;
  const scan = snapshot.context.scan;
  return [
    { type: 'handover.open' },
    // The camera only before anything is typed, so its states do not multiply the code's.
    ...(code === '' && scan === 'off' ? [{ type: 'handover.scan.start' } as const] : []),
    ...(code === '' && scan === 'on'
      ? [{ type: 'handover.scan.stop' } as const, { type: 'handover.scan.failed' } as const]
      : []),
    ...(code === '' ? [{ type: 'handover.change', code: '12' } as const] : []),
    ...(code === '12' ? [{ type: 'handover.change', code: '48-15-16' } as const] : []),
    { type: 'handover.submit' },
    { type: 'handover.close' },
    ...(snapshot.context.order.version < pickupRefreshed.version
      ? [{ type: 'order.refreshed', order: pickupRefreshed } as const]
      : []),
    system({ type: 'xstate.done.actor.performAction', output: handedOver }),
    system({ type: 'xstate.error.actor.performAction', error: { status: 422, code: 'VALIDATION_FAILED' } }),
    system({ type: 'xstate.error.actor.performAction', error: { status: 429, code: 'RATE_LIMITED' } }),
    system({
      type: 'xstate.error.actor.performAction',
      error: { status: 409, code: 'TRANSITION_NOT_ALLOWED', order: handedOver },
    }),
  ];
}

/**
 * Keeps the graph small: one server answer per path (after it, only dismissing the notice), one draft text each,
 * one draft at a time (reason, partial editor or comment; the comment only from the first start), a fresher order
 * once.
 */
function candidateEvents(snapshot: Snap<Machine>, label: string): AEvt[] {
  const { context } = snapshot;
  const answered = context.changes > 0 || (context.errorCode !== null && !LOCAL.has(context.errorCode));
  if (answered) return snapshot.matches('ready') ? [{ type: 'notice.dismiss' }] : answers;
  if (label === EXCHANGE_START) return exchangeEvents(snapshot);
  if (label === HANDOVER_START) return handoverEvents(snapshot);
  if (label === PICKUP_START) {
    return [
      ...(snapshot.context.pickupPointId === null
        ? [{ type: 'pickup.choose', pickupPointId: 2 } as const]
        : []),
      { type: 'action.run', action: 'pickup.request' },
      system({ type: 'xstate.done.actor.performAction', output: { ...readyForDelivery, version: 7 } }),
    ];
  }
  const noReason = context.reason === null;
  const noPartial = context.partial === null;
  const noComment = context.comment === '';
  return [...userEvents, ...answers].filter((event) => {
    if (event.type.startsWith('comment.')) return label === starts[0]?.label && noReason && noPartial;
    if (event.type === 'reason.open') return noPartial && noComment;
    if (event.type === 'partial.open') return noReason && noComment;
    if (event.type === 'order.refreshed') return noComment && context.order.version < fresh.version;
    return true;
  });
}

const send = (event: OrderActionsEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const orderActionsMachineExecutors = {
  'order.refreshed': send,
  'action.run': send,
  'reason.open': send,
  'reason.change': send,
  'reason.submit': send,
  'reason.close': send,
  'partial.open': send,
  'partial.quantity': send,
  'partial.note': send,
  'partial.submit': send,
  'partial.close': send,
  'pickup.choose': send,
  'handover.open': send,
  'handover.change': send,
  'handover.submit': send,
  'handover.close': send,
  'handover.scan.start': send,
  'handover.scan.stop': send,
  'handover.scan.failed': send,
  'comment.change': send,
  'comment.submit': send,
  'payment.start': send,
  'exchange.requeue': send,
  'notice.dismiss': send,
  'change.seen': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const orderActionsSuite = definePathSuite({
  name: 'order-actions',
  file: 'machines/order-actions/order-actions.machine.ts',
  machine: orderActionsPathMachine,
  sets: () =>
    starts.map(({ label, input }) =>
      generatePaths(orderActionsPathMachine, {
        label,
        input,
        events: (snapshot) => candidateEvents(snapshot, label),
      }),
    ),
  levels: {
    machine: machineLevel(orderActionsPathMachine, orderActionsMachineExecutors),
    api: 'the order pages’ API calls are the lifecycle’s: see order-lifecycle at the api level',
    browser:
      'the order pages are clicked by the order-lifecycle browser paths (tests/paths/order-lifecycle.spec.ts)',
  },
});
