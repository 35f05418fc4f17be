import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderActionsMachine } from '#machines/order-actions/order-actions.machine.ts';
import { selectOrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { ApiOrder, PerformActionInput } from '#machines/order-actions/order-actions.types.ts';
import { makeOrder } from '../../support/order-fixtures';

const entry = (id: number, fullName: string | null, at: string): ApiOrder['history'][number] => ({
  id,
  at,
  actor: fullName === null ? null : { id: 50 + id, fullName, role: 'warehouse' },
  from: 'awaiting_warehouse',
  to: 'checking',
  event: 'START_CHECK',
  comment: null,
  changedLines: [],
});

function start(order: ApiOrder) {
  const machine = orderActionsMachine.provide({
    actors: {
      performAction: fromPromise<ApiOrder, PerformActionInput>(async ({ input }) =>
        makeOrder({ ...order, version: input.version + 1, status: 'checking' }),
      ),
      loadOrder: fromPromise<ApiOrder, { orderId: number }>(async () => order),
      startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(async () => ({
        paymentUrl: '',
      })),
    },
  });
  const actor = createActor(machine, { input: { order, role: 'warehouse' } });
  actor.start();
  return actor;
}

describe('order-actions: a change made elsewhere', () => {
  it('is learnt from a newer copy before any click: who changed it, and the fresh actions', () => {
    const order = makeOrder({ version: 3, status: 'awaiting_warehouse' });
    const actor = start(order);
    expect(selectOrderActionsView(actor.getSnapshot()).changedElsewhere).toBeNull();
    actor.send({ type: 'order.refreshed', order: { ...order, version: 3 } });
    expect(selectOrderActionsView(actor.getSnapshot()).changedElsewhere).toBeNull();
    const newer = makeOrder({
      ...order,
      version: 4,
      status: 'checking',
      history: [entry(1, null, '2026-01-01T10:00:00Z'), entry(2, 'Victor Munteanu', '2026-01-01T10:05:00Z')],
    });
    actor.send({ type: 'order.refreshed', order: newer });
    const view = selectOrderActionsView(actor.getSnapshot());
    expect(view.changedElsewhere).toEqual({ by: 'Victor Munteanu', at: '2026-01-01T10:05:00Z' });
    expect(view.order.status).toBe('checking');
    expect(view.buttons.map((button) => button.action)).not.toContain('check.start');
    actor.send({ type: 'change.seen' });
    expect(selectOrderActionsView(actor.getSnapshot()).changedElsewhere).toBeNull();
  });

  it('is forgotten when the viewer acts (their own answer is no change by someone else)', async () => {
    const order = makeOrder({ version: 3, status: 'awaiting_warehouse' });
    const actor = start(order);
    actor.send({
      type: 'order.refreshed',
      order: makeOrder({ ...order, version: 4, history: [entry(1, null, 'x')] }),
    });
    expect(selectOrderActionsView(actor.getSnapshot()).changedElsewhere).toEqual({ by: null, at: 'x' });
    actor.send({ type: 'comment.change', text: 'hello' });
    actor.send({ type: 'comment.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.changes === 1);
    expect(selectOrderActionsView(actor.getSnapshot()).changedElsewhere).toBeNull();
  });
});
