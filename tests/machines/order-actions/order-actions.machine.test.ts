import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { orderActionsMachine } from '#machines/order-actions/order-actions.machine.ts';
import { actionButtons, selectOrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type {
  ApiOrder,
  PerformActionInput,
  ViewerRole,
} from '#machines/order-actions/order-actions.types.ts';
import { selectOrderActions } from '#machines/order-lifecycle/order-lifecycle.selectors.ts';
import { orderFacts } from '#machines/order-actions/order-actions.facts.rules.ts';
import { makeOrder } from '../../support/order-fixtures';

type Answer = (input: PerformActionInput) => Promise<ApiOrder>;

interface Harness {
  calls: PerformActionInput[];
  loads: number[];
  changed: ApiOrder[];
  paymentUrls: string[];
}

function start(order: ApiOrder, role: ViewerRole, answer: Answer, load?: (id: number) => Promise<ApiOrder>) {
  const harness: Harness = { calls: [], loads: [], changed: [], paymentUrls: [] };
  const machine = orderActionsMachine.provide({
    actors: {
      performAction: fromPromise<ApiOrder, PerformActionInput>(async ({ input }) => {
        harness.calls.push(input);
        return answer(input);
      }),
      loadOrder: fromPromise<ApiOrder, { orderId: number }>(async ({ input }) => {
        harness.loads.push(input.orderId);
        if (!load) throw new Error('no loader');
        return load(input.orderId);
      }),
      startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(async ({ input }) => ({
        paymentUrl: `http://pay.test/${input.orderId}`,
      })),
    },
    actions: {
      orderChanged: (_, params) => {
        harness.changed.push(params.order);
      },
      openPaymentPage: (_, params) => {
        harness.paymentUrls.push(params.paymentUrl);
      },
    },
  });
  const actor = createActor(machine, { input: { order, role } });
  actor.start();
  return { actor, harness, view: () => selectOrderActionsView(actor.getSnapshot()) };
}

/** The server's answer: the order moved on with one more version. */
const moved = (order: ApiOrder, patch: Partial<ApiOrder>): ApiOrder => ({
  ...order,
  ...patch,
  version: order.version + 1,
});

const conflict = (code: string, order?: ApiOrder) =>
  Object.assign(new Error(code), { status: 409, code, ...(order ? { order } : {}) });

describe('order actions: which actions exist', () => {
  it('offers exactly the lifecycle events the role may send, as buttons', () => {
    const { view } = start(makeOrder(), 'warehouse', () => Promise.reject(new Error('unused')));
    expect(view().buttons).toEqual([
      { kind: 'direct', action: 'check.start' },
      { kind: 'reason', action: 'order.decline' },
    ]);
    const checking = makeOrder({ status: 'checking' });
    expect(actionButtons(selectOrderActions(orderFacts(checking), 'warehouse'))).toEqual([
      { kind: 'direct', action: 'order.confirm' },
      { kind: 'partial', action: 'order.confirmPartial' },
      { kind: 'reason', action: 'order.reject' },
      { kind: 'reason', action: 'order.decline' },
    ]);
  });

  it('gives the distributor accept, reject and cancel on a partial confirmation', () => {
    const order = makeOrder({ status: 'awaiting_distributor' });
    expect(actionButtons(selectOrderActions(orderFacts(order), 'distributor'))).toEqual([
      { kind: 'direct', action: 'partial.accept' },
      { kind: 'reason', action: 'partial.reject' },
      { kind: 'reason', action: 'order.cancel' },
    ]);
  });

  it('shows Pay for a confirmed card order waiting for payment and Pay again after a failure', () => {
    const due = makeOrder({ status: 'confirmed', paymentMethod: 'card', paymentState: 'need_pay' });
    expect(actionButtons(selectOrderActions(orderFacts(due), 'distributor'))).toContainEqual({
      kind: 'pay',
      action: 'payment.pay',
    });
    const failed = { ...due, paymentState: 'pay_failed' as const };
    expect(actionButtons(selectOrderActions(orderFacts(failed), 'distributor'))).toContainEqual({
      kind: 'pay',
      action: 'payment.retry',
    });
    expect(actionButtons(selectOrderActions(orderFacts(due), 'warehouse'))).not.toContainEqual(
      expect.objectContaining({ kind: 'pay' }),
    );
  });

  it('ignores an action the lifecycle does not allow (no call is made)', () => {
    const { actor, harness, view } = start(makeOrder(), 'warehouse', () => Promise.reject(new Error('x')));
    actor.send({ type: 'action.run', action: 'order.confirm' });
    actor.send({ type: 'action.run', action: 'partial.accept' });
    expect(view().mode).toBe('idle');
    expect(harness.calls).toEqual([]);
  });
});

describe('order actions: performing', () => {
  it('sends the target status the lifecycle gives with the order version, then shows the answer', async () => {
    const order = makeOrder();
    const { actor, harness, view } = start(order, 'warehouse', async () =>
      moved(order, { status: 'checking' }),
    );
    actor.send({ type: 'action.run', action: 'check.start' });
    expect(view().busy).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(harness.calls).toEqual([
      { orderId: 42, version: 2, request: { kind: 'status', event: 'check.start', status: 'checking' } },
    ]);
    expect(view().order.status).toBe('checking');
    expect(view().order.version).toBe(3);
    expect(view().changes).toBe(1);
    expect(harness.changed.map((changed) => changed.version)).toEqual([3]);
    expect(view().buttons.map((button) => button.action)).toContain('order.confirm');
  });

  it('maps distributor steps to their statuses (receipt, pickup, delivery)', async () => {
    const order = makeOrder({
      status: 'ready',
      deliveryType: 'delivery',
      deliveryAddress: {
        id: 3,
        postIndex: 'MD-2001',
        city: 'Chișinău',
        street: 'Str. Independenței',
        house: '5',
        apartment: null,
        isDefault: false,
      },
    });
    const { actor, harness } = start(order, 'distributor', async () =>
      moved(order, { status: 'delivery_requested' }),
    );
    actor.send({ type: 'action.run', action: 'delivery.request' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(harness.calls[0]?.request).toEqual({
      kind: 'status',
      event: 'delivery.request',
      status: 'delivery_requested',
    });
  });

  it('moves to conflict on 409 VERSION_CONFLICT and shows the fresh order of the error body', async () => {
    const order = makeOrder({ status: 'checking', version: 3 });
    const fresh = makeOrder({ status: 'confirmed', version: 4 });
    const { actor, harness, view } = start(order, 'warehouse', () =>
      Promise.reject(conflict('VERSION_CONFLICT', fresh)),
    );
    actor.send({ type: 'action.run', action: 'order.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'conflict' }));
    expect(view().notice).toBe('conflict');
    expect(view().errorCode).toBe('VERSION_CONFLICT');
    expect(view().order).toBe(fresh);
    expect(harness.changed).toEqual([fresh]);
    expect(harness.loads).toEqual([]);
    expect(view().buttons.map((button) => button.action)).toEqual(['order.prepare', 'order.decline']);
    actor.send({ type: 'notice.dismiss' });
    expect(view().notice).toBeNull();
    expect(view().errorCode).toBeNull();
  });

  it('refreshes the order on TRANSITION_NOT_ALLOWED without a body order, then says the step is gone', async () => {
    const order = makeOrder({ status: 'checking', version: 3 });
    const fresh = makeOrder({ status: 'cancelled_by_distributor', version: 4 });
    const { actor, harness, view } = start(
      order,
      'warehouse',
      () => Promise.reject(conflict('TRANSITION_NOT_ALLOWED')),
      async () => fresh,
    );
    actor.send({ type: 'action.run', action: 'order.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'refused' }));
    expect(harness.loads).toEqual([42]);
    expect(view().order.status).toBe('cancelled_by_distributor');
    expect(view().notice).toBe('refused');
    expect(view().buttons).toEqual([]);
  });

  it('lands in failed with the code of any other error and keeps the order', async () => {
    const order = makeOrder();
    const { actor, view } = start(order, 'warehouse', () =>
      Promise.reject(Object.assign(new Error('boom'), { status: 500, code: 'INTERNAL' })),
    );
    actor.send({ type: 'action.run', action: 'check.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'failed' }));
    expect(view().errorCode).toBe('INTERNAL');
    expect(view().order).toBe(order);
  });

  it('ignores a refreshed order older than the one it holds', () => {
    const order = makeOrder({ version: 5 });
    const { actor, view } = start(order, 'warehouse', () => Promise.reject(new Error('x')));
    actor.send({ type: 'order.refreshed', order: makeOrder({ version: 4, status: 'checking' }) });
    expect(view().order.version).toBe(5);
    actor.send({ type: 'order.refreshed', order: makeOrder({ version: 6, status: 'checking' }) });
    expect(view().order.status).toBe('checking');
  });
});

describe('order actions: reasons', () => {
  it('needs a non-blank comment to decline, then sends it with the version', async () => {
    const order = makeOrder({ status: 'confirmed', version: 4 });
    const { actor, harness, view } = start(order, 'warehouse', async () =>
      moved(order, { status: 'cancelled_by_warehouse', cancelReason: 'Out of season' }),
    );
    actor.send({ type: 'reason.open', action: 'order.decline' });
    expect(view().mode).toBe('reasoning');
    expect(view().reasonRequired).toBe(true);
    actor.send({ type: 'reason.change', text: '   ' });
    actor.send({ type: 'reason.submit' });
    expect(view().mode).toBe('reasoning');
    expect(view().errorCode).toBe('REASON_REQUIRED');
    expect(harness.calls).toEqual([]);
    actor.send({ type: 'reason.change', text: ' Out of season ' });
    actor.send({ type: 'reason.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(harness.calls).toEqual([
      { orderId: 42, version: 4, request: { kind: 'decline', comment: 'Out of season' } },
    ]);
    expect(view().order.status).toBe('cancelled_by_warehouse');
  });

  it('sends reject without a comment when none is given (optional)', async () => {
    const order = makeOrder({ status: 'checking', version: 3 });
    const { actor, harness } = start(order, 'warehouse', async () => moved(order, { status: 'rejected' }));
    actor.send({ type: 'reason.open', action: 'order.reject' });
    actor.send({ type: 'reason.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(harness.calls[0]?.request).toEqual({ kind: 'status', event: 'order.reject', status: 'rejected' });
  });

  it('keeps the typed reason after a conflict so nothing is lost', async () => {
    const order = makeOrder({ status: 'checking', version: 3 });
    const fresh = makeOrder({ status: 'checking', version: 4, comment: 'edited' });
    const { actor, view } = start(order, 'warehouse', () =>
      Promise.reject(conflict('VERSION_CONFLICT', fresh)),
    );
    actor.send({ type: 'reason.open', action: 'order.decline' });
    actor.send({ type: 'reason.change', text: 'Customer asked' });
    actor.send({ type: 'reason.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'conflict' }));
    actor.send({ type: 'reason.open', action: 'order.decline' });
    expect(view().reason).toEqual({ action: 'order.decline', text: 'Customer asked' });
  });

  it('returns to the reason form with the code of a validation failure', async () => {
    const order = makeOrder({ status: 'checking', version: 3 });
    const { actor, view } = start(order, 'warehouse', () =>
      Promise.reject(Object.assign(new Error('bad'), { status: 422, code: 'VALIDATION_FAILED' })),
    );
    actor.send({ type: 'reason.open', action: 'order.decline' });
    actor.send({ type: 'reason.change', text: 'x' });
    actor.send({ type: 'reason.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('reasoning'));
    expect(view().errorCode).toBe('VALIDATION_FAILED');
    expect(view().reason?.text).toBe('x');
  });
});

describe('order actions: partial confirmation editor', () => {
  const checking = () => makeOrder({ status: 'checking', version: 3 });

  it('starts at the requested quantities and recomputes totals and points as lines change', () => {
    const { actor, view } = start(checking(), 'warehouse', () => Promise.reject(new Error('x')));
    actor.send({ type: 'partial.open' });
    const first = view().partial;
    expect(first?.before).toEqual({ itemCount: 6, amount: 31_000, points: 30.5 });
    expect(first?.after).toEqual(first?.before);
    expect(first?.problem).toBe('NOTHING_REDUCED');
    actor.send({ type: 'partial.quantity', lineId: '11', quantity: 1 });
    actor.send({ type: 'partial.quantity', lineId: '13', quantity: 0 });
    const edited = view().partial;
    expect(edited?.after).toEqual({ itemCount: 2, amount: 15_000, points: 7.5 });
    expect(edited?.problem).toBeNull();
    expect(edited?.noteMissing).toBe(true);
    expect(edited?.valid).toBe(false);
  });

  it('refuses quantities outside 0..requested and an empty order', () => {
    const { actor, view } = start(checking(), 'warehouse', () => Promise.reject(new Error('x')));
    actor.send({ type: 'partial.open' });
    actor.send({ type: 'partial.quantity', lineId: '12', quantity: 2 });
    expect(view().partial?.problem).toBe('QUANTITY_OUT_OF_RANGE');
    expect(view().partial?.lines.find((line) => line.lineId === '12')?.inRange).toBe(false);
    for (const lineId of ['11', '12', '13']) actor.send({ type: 'partial.quantity', lineId, quantity: 0 });
    expect(view().partial?.problem).toBe('NOTHING_LEFT');
    actor.send({ type: 'partial.note', note: 'Sorry' });
    actor.send({ type: 'partial.submit' });
    expect(view().mode).toBe('editingPartial');
    expect(view().errorCode).toBe('PARTIAL_INVALID');
  });

  it('sends every line with its new quantity and the note, and closes on success', async () => {
    const order = checking();
    const { actor, harness, view } = start(order, 'warehouse', async () =>
      moved(order, { status: 'awaiting_distributor', partialNote: 'Two mascaras left' }),
    );
    actor.send({ type: 'partial.open' });
    actor.send({ type: 'partial.quantity', lineId: '13', quantity: 2 });
    actor.send({ type: 'partial.note', note: ' Two mascaras left ' });
    expect(view().partial?.valid).toBe(true);
    actor.send({ type: 'partial.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(harness.calls).toEqual([
      {
        orderId: 42,
        version: 3,
        request: {
          kind: 'confirmPartial',
          note: 'Two mascaras left',
          lines: [
            { lineId: 11, quantity: 2 },
            { lineId: 12, quantity: 1 },
            { lineId: 13, quantity: 2 },
          ],
        },
      },
    ]);
    expect(view().order.status).toBe('awaiting_distributor');
    expect(actor.getSnapshot().context.partial).toBeNull();
  });

  it('keeps the editor and draft on a validation failure, and the draft across a conflict', async () => {
    const order = checking();
    const answer = vi
      .fn<Answer>()
      .mockRejectedValueOnce(Object.assign(new Error('bad'), { status: 422, code: 'VALIDATION_FAILED' }))
      .mockRejectedValueOnce(conflict('VERSION_CONFLICT', { ...order, version: 4, comment: 'Hi' }));
    const { actor, view } = start(order, 'warehouse', answer);
    actor.send({ type: 'partial.open' });
    actor.send({ type: 'partial.quantity', lineId: '11', quantity: 1 });
    actor.send({ type: 'partial.note', note: 'One left' });
    actor.send({ type: 'partial.submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editingPartial') && snapshot.context.errorCode !== null,
    );
    expect(view().errorCode).toBe('VALIDATION_FAILED');
    actor.send({ type: 'partial.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'conflict' }));
    expect(view().order.version).toBe(4);
    actor.send({ type: 'partial.open' });
    expect(view().partial?.lines.find((line) => line.lineId === '11')?.quantity).toBe(1);
    expect(view().partialNote).toBe('One left');
  });

  it('cannot open the editor when the lifecycle gives no partial confirmation', () => {
    const single = makeOrder({
      status: 'checking',
      lines: [{ ...checking().lines[1], requestedQuantity: 1 } as ApiOrder['lines'][number]],
    });
    const { actor, view } = start(single, 'warehouse', () => Promise.reject(new Error('x')));
    actor.send({ type: 'partial.open' });
    expect(view().mode).toBe('idle');
    expect(view().buttons.map((button) => button.action)).not.toContain('order.confirmPartial');
  });
});

describe('order actions: comments and payment', () => {
  it('adds an order comment in any state, refusing a blank one', async () => {
    const order = makeOrder({ status: 'sent_to_1c', version: 9 });
    const { actor, harness, view } = start(order, 'distributor', async () =>
      moved(order, { comment: 'Thanks' }),
    );
    actor.send({ type: 'comment.submit' });
    expect(view().errorCode).toBe('COMMENT_REQUIRED');
    actor.send({ type: 'comment.change', text: 'Thanks' });
    actor.send({ type: 'comment.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(harness.calls).toEqual([
      { orderId: 42, version: 9, request: { kind: 'comment', comment: 'Thanks' } },
    ]);
    expect(view().comment).toBe('');
    expect(view().order.comment).toBe('Thanks');
  });

  it('starts a payment and sends the browser to the provider page', async () => {
    const order = makeOrder({ status: 'confirmed', paymentMethod: 'card', paymentState: 'need_pay' });
    const { actor, harness } = start(order, 'distributor', () => Promise.reject(new Error('x')));
    actor.send({ type: 'payment.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
    expect(harness.paymentUrls).toEqual(['http://pay.test/42']);
  });

  it('does not start a payment that is not due', () => {
    const order = makeOrder({ status: 'confirmed', paymentMethod: 'card', paymentState: 'paid' });
    const { actor, view } = start(order, 'distributor', () => Promise.reject(new Error('x')));
    actor.send({ type: 'payment.start' });
    expect(view().mode).toBe('idle');
  });
});

describe('order actions: every accepted action answers', () => {
  it('names what was done, on which order, from which status, and splits the primary step from the rest', async () => {
    const checking = makeOrder({ status: 'checking' });
    const { actor, view } = start(checking, 'warehouse', async (input) =>
      moved(checking, { status: input.request.kind === 'status' ? input.request.status : 'checking' }),
    );
    expect(view().answer).toBeNull();
    expect(view().primary).toEqual({ kind: 'direct', action: 'order.confirm' });
    expect(view().secondary.map((button) => button.action)).toEqual([
      'order.confirmPartial',
      'order.reject',
      'order.decline',
    ]);
    actor.send({ type: 'action.run', action: 'order.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.changes === 1);
    expect(view().answer).toEqual({ kind: 'order.confirm', number: checking.number, fromStatus: 'checking' });
  });

  it('calls a decline by its event, and keeps no answer after a refusal', async () => {
    const checking = makeOrder({ status: 'checking', version: 4 });
    const { actor, view } = start(checking, 'warehouse', async () =>
      moved(checking, { status: 'cancelled_by_warehouse' }),
    );
    actor.send({ type: 'reason.open', action: 'order.decline' });
    actor.send({ type: 'reason.change', text: 'Asked by phone' });
    actor.send({ type: 'reason.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.changes === 1);
    expect(view().answer?.kind).toBe('order.decline');

    const refused = start(checking, 'warehouse', () =>
      Promise.reject(conflict('VERSION_CONFLICT', checking)),
    );
    refused.actor.send({ type: 'action.run', action: 'order.confirm' });
    await waitFor(refused.actor, (snapshot) => snapshot.matches({ ready: 'conflict' }));
    expect(refused.view().answer).toBeNull();
  });
});
