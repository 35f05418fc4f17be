import type { Actor } from 'xstate';
import { orderLifecycleMachine } from '#machines/order-lifecycle/order-lifecycle.machine.ts';
import type { OrderLifecycleEvent } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { type OrderLifecycleMachine, orderLifecyclePathSets } from '../support/order-lifecycle.paths';
import type { ExecutorTable } from '../support/run-path';
import { definePathSuite, machineLevel } from '../support/suite';

const send = (event: OrderLifecycleEvent, actor: Actor<OrderLifecycleMachine>) => {
  actor.send(event);
};

/** The machine runner's executor table: one entry per event type, or this file does not compile. */
export const orderLifecycleMachineExecutors = {
  'check.start': send,
  'order.confirm': send,
  'order.confirmPartial': send,
  'order.reject': send,
  'partial.accept': send,
  'partial.reject': send,
  'order.cancel': send,
  'order.decline': send,
  'order.prepare': send,
  'order.markReady': send,
  'pickup.request': send,
  'delivery.request': send,
  'order.handOver': send,
  'delivery.process': send,
  'order.send': send,
  'delivery.outForDelivery': send,
  'receipt.confirm': send,
  'order.complete': send,
  'order.sendTo1c': send,
  'payment.succeeded': send,
  'payment.failed': send,
  'payment.retry': send,
} satisfies ExecutorTable<OrderLifecycleMachine, Actor<OrderLifecycleMachine>>;

/**
 * The order lifecycle (the machine the server enforces): four starting orders, every event of every role. The API
 * level drives real orders through `POST /orders/set/{id}/status` and friends, the browser level clicks the order
 * pages of the warehouse and the distributor; both can produce every event, so nothing is left to the machine.
 */
export const orderLifecycleSuite = definePathSuite({
  name: 'order-lifecycle',
  file: 'machines/order-lifecycle/order-lifecycle.machine.ts',
  machine: orderLifecycleMachine,
  sets: () => orderLifecyclePathSets(),
  levels: {
    machine: machineLevel(orderLifecycleMachine, orderLifecycleMachineExecutors),
    api: { spec: 'tests/paths/order-lifecycle.api.spec.ts' },
    browser: { spec: 'tests/paths/order-lifecycle.spec.ts' },
  },
});
