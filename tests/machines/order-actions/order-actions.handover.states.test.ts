import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderActionsMachine } from '#machines/order-actions/order-actions.machine.ts';
import { selectOrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { ApiOrder, PerformActionInput } from '#machines/order-actions/order-actions.types.ts';
import { makeOrder } from '../../support/order-fixtures';

const pickup = makeOrder({ status: 'pickup_requested', deliveryType: 'pickup', version: 7 });
const CODE = '481516';

/** A server that hands over with `CODE` only, and answers 429 from the third wrong code on. */
function start(order: ApiOrder = pickup) {
  const calls: PerformActionInput[] = [];
  let wrong = 0;
  const machine = orderActionsMachine.provide({
    actors: {
      performAction: fromPromise<ApiOrder, PerformActionInput>(async ({ input }) => {
        calls.push(input);
        if (input.request.kind !== 'handOver') throw new Error('not a hand-over');
        if (input.request.code === CODE) return { ...order, status: 'received', version: order.version + 1 };
        wrong += 1;
        throw Object.assign(new Error('refused'), {
          status: wrong > 2 ? 429 : 422,
          code: wrong > 2 ? 'RATE_LIMITED' : 'VALIDATION_FAILED',
        });
      }),
      loadOrder: fromPromise<ApiOrder, { orderId: number }>(async () => order),
      startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(async () => ({
        paymentUrl: 'x',
      })),
    },
  });
  const actor = createActor(machine, { input: { order, role: 'warehouse' } });
  actor.start();
  return { actor, calls, view: () => selectOrderActionsView(actor.getSnapshot()) };
}

const submit = (actor: ReturnType<typeof start>['actor'], code: string) => {
  actor.send({ type: 'handover.change', code });
  actor.send({ type: 'handover.submit' });
};

describe('order actions: handing a pickup order over with its code', () => {
  it('offers Hand over as a dialog button to staff, never to the distributor', () => {
    const { view } = start();
    expect(view().primary).toEqual({ kind: 'code', action: 'order.handOver' });
    const customer = createActor(orderActionsMachine, {
      input: { order: pickup, role: 'distributor' },
    }).start();
    customer.send({ type: 'handover.open' });
    expect(customer.getSnapshot().matches('handingOver')).toBe(false);
  });

  it('keeps digits only, refuses fewer than six without a call, and sends the code with the version', async () => {
    const { actor, calls, view } = start();
    actor.send({ type: 'handover.open' });
    expect(view().form).toBe('handover');
    submit(actor, '48 15');
    expect(view().handoverCode).toBe('4815');
    expect(view().errorCode).toBe('HANDOVER_CODE_INCOMPLETE');
    expect(calls).toHaveLength(0);
    submit(actor, '481-516-99');
    await waitFor(actor, (snapshot) => snapshot.context.changes === 1);
    expect(calls).toEqual([{ orderId: pickup.id, version: 7, request: { kind: 'handOver', code: CODE } }]);
    expect(view().order.status).toBe('received');
    expect(view().answer).toEqual({
      kind: 'order.handOver',
      number: pickup.number,
      fromStatus: 'pickup_requested',
    });
    expect(view().form).toBeNull();
    expect(view().handoverCode).toBe('');
  });

  it('stays in the dialog with the wrong-code message, then the limit, keeping what was typed', async () => {
    const { actor, view } = start();
    actor.send({ type: 'handover.open' });
    submit(actor, '000000');
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('handingOver') && snapshot.context.errorCode !== null,
    );
    expect(view().errorCode).toBe('HANDOVER_CODE_WRONG');
    expect(view().handoverCode).toBe('000000');
    submit(actor, '000001');
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('handingOver') && snapshot.context.errorCode !== null,
    );
    submit(actor, '000002');
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('handingOver') && snapshot.context.errorCode !== null,
    );
    expect(view().errorCode).toBe('RATE_LIMITED');
    actor.send({ type: 'handover.close' });
    expect(view().form).toBeNull();
    expect(view().order.status).toBe('pickup_requested');
  });
});

describe('order actions: requesting pickup of a delivery order', () => {
  it('sends the pickup point the distributor chose with the request, and none without a choice', async () => {
    const ready = makeOrder({ status: 'ready', deliveryType: 'delivery', version: 6 });
    const calls: PerformActionInput[] = [];
    const machine = orderActionsMachine.provide({
      actors: {
        performAction: fromPromise<ApiOrder, PerformActionInput>(async ({ input }) => {
          calls.push(input);
          return { ...ready, status: 'pickup_requested', deliveryType: 'pickup', version: ready.version + 1 };
        }),
      },
    });
    const actor = createActor(machine, { input: { order: ready, role: 'distributor' } }).start();
    expect(selectOrderActionsView(actor.getSnapshot()).choosesPickupPoint).toBe(true);
    actor.send({ type: 'pickup.choose', pickupPointId: 5 });
    actor.send({ type: 'action.run', action: 'pickup.request' });
    await waitFor(actor, (snapshot) => snapshot.context.changes === 1);
    expect(calls[0]?.request).toEqual({
      kind: 'status',
      event: 'pickup.request',
      status: 'pickup_requested',
      pickupPointId: 5,
    });
    expect(selectOrderActionsView(actor.getSnapshot()).choosesPickupPoint).toBe(false);

    const plain = createActor(machine, { input: { order: ready, role: 'distributor' } }).start();
    plain.send({ type: 'action.run', action: 'pickup.request' });
    await waitFor(plain, (snapshot) => snapshot.context.changes === 1);
    expect(calls[1]?.request).not.toHaveProperty('pickupPointId');
    const staff = createActor(machine, { input: { order: ready, role: 'warehouse' } }).start();
    expect(selectOrderActionsView(staff.getSnapshot()).choosesPickupPoint).toBe(false);
  });
});

describe('order actions: the hand-over camera', () => {
  it('keeps the camera in the machine: on until it reads a code, stopped, failed, and off again on close', () => {
    const { actor, view } = start();
    actor.send({ type: 'handover.open' });
    expect([view().scanning, view().scanFailed]).toEqual([false, false]);
    actor.send({ type: 'handover.scan.start' });
    expect(view().scanning).toBe(true);
    actor.send({ type: 'handover.change', code: 'code 481-516' });
    expect(view().handoverCode).toBe(CODE);
    expect(view().scanning).toBe(false);
    actor.send({ type: 'handover.scan.start' });
    actor.send({ type: 'handover.scan.stop' });
    expect(view().scanning).toBe(false);
    actor.send({ type: 'handover.scan.start' });
    actor.send({ type: 'handover.scan.failed' });
    expect([view().scanning, view().scanFailed]).toEqual([false, true]);
    // Typing the code instead clears the camera's failure.
    actor.send({ type: 'handover.change', code: '4' });
    expect(view().scanFailed).toBe(false);
    actor.send({ type: 'handover.scan.start' });
    actor.send({ type: 'handover.scan.failed' });
    actor.send({ type: 'handover.close' });
    expect(view().scanFailed).toBe(false);
    actor.send({ type: 'handover.open' });
    actor.send({ type: 'handover.scan.start' });
    actor.send({ type: 'handover.close' });
    actor.send({ type: 'handover.open' });
    expect([view().scanning, view().scanFailed]).toEqual([false, false]);
  });
});
