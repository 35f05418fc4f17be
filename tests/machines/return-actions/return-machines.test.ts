import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, waitFor } from 'xstate';
import { returnActionsMachine } from '#machines/return-actions/return-actions.machine.ts';
import {
  selectReturnActionsView,
  selectReturnRequestView,
} from '#machines/return-actions/return-actions.selectors.ts';
import type { ApiReturn } from '#machines/return-actions/return-actions.types.ts';
import {
  attemptFor,
  returnRequestMachine,
  type ReturnAttempt,
} from '#machines/return-actions/return-request.machine.ts';
import { PATH_LIST, PATH_ORDER, PATH_RETURN } from '../../paths/suites/return-fixtures.ts';

/** A request actor whose answers the test gives, one call at a time. */
function scripted() {
  const calls: ReturnAttempt[] = [];
  const answers: Array<(attempt: ReturnAttempt) => Promise<ApiReturn>> = [];
  let keys = 0;
  const logic = returnRequestMachine.provide({
    actors: {
      requestReturn: fromPromise<ApiReturn, ReturnAttempt>(({ input }) => {
        calls.push(input);
        const answer = answers.shift();
        return answer === undefined ? new Promise<ApiReturn>(() => {}) : answer(input);
      }),
    },
    actions: {
      prepareAttempt: assign({ attempt: ({ context }) => attemptFor(context, () => `key-${++keys}`) }),
    },
  });
  const actor = createActor(logic, { input: { order: PATH_ORDER, list: PATH_LIST } }).start();
  return { actor, calls, answers };
}

function fill(actor: ReturnType<typeof scripted>['actor']) {
  actor.send({ type: 'request.open' });
  actor.send({ type: 'line.quantity', productId: 111, quantity: 2 });
  actor.send({ type: 'line.quantity', productId: 112, quantity: 1 });
  actor.send({ type: 'reason.choose', reason: 'unopened' });
}

describe('the return request machine', () => {
  it('previews the refund at the promotion price paid and the PV taken back, by the shared policy', () => {
    const { actor } = scripted();
    fill(actor);
    const view = selectReturnRequestView(actor.getSnapshot());
    // 2 × 100.00 + 1 × 40.00 (the promotion price), 100 % within the first 14 days; 2 × 5 + 2.5 PV.
    expect(view.preview.refund).toBe(24_000);
    expect(view.preview.pointsBack).toBe(12.5);
    expect(view.preview.valid).toBe(true);
  });

  it('keeps the key after a lost answer (the retry replays) and makes a new one after a refusal', async () => {
    const { actor, calls, answers } = scripted();
    fill(actor);
    answers.push(() => Promise.reject({ status: 503, code: 'NETWORK_ERROR' }));
    actor.send({ type: 'request.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.errorCode !== null);
    answers.push(() =>
      Promise.reject({
        status: 422,
        code: 'VALIDATION_FAILED',
        details: [{ location: 'body', path: '/lines/1/quantity', message: 'x', reason: 'too_many' }],
      }),
    );
    actor.send({ type: 'request.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.errorCode === 'VALIDATION_FAILED');
    expect(selectReturnRequestView(actor.getSnapshot()).problems).toEqual([{ index: 1, reason: 'too_many' }]);
    answers.push(() => Promise.resolve(PATH_RETURN));
    actor.send({ type: 'request.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(calls.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(calls[0]?.body).toEqual({
      reason: 'unopened',
      lines: [
        { productId: 111, quantity: 2 },
        { productId: 112, quantity: 1 },
      ],
    });
    expect(selectReturnRequestView(actor.getSnapshot()).created).toEqual(PATH_RETURN);
  });

  it('sends once on a double click, and not at all over the returnable units or after the period', () => {
    const { actor, calls } = scripted();
    fill(actor);
    actor.send({ type: 'request.submit' });
    actor.send({ type: 'request.submit' });
    expect(calls).toHaveLength(1);

    const second = scripted();
    second.actor.send({ type: 'request.open' });
    second.actor.send({ type: 'line.quantity', productId: 111, quantity: 3 });
    second.actor.send({ type: 'reason.choose', reason: 'faulty' });
    second.actor.send({ type: 'request.submit' });
    expect(second.calls).toHaveLength(0);
    expect(second.actor.getSnapshot().context.errorCode).toBe('RETURN_NOT_ALLOWED');
    second.actor.send({
      type: 'list.refreshed',
      list: { ...PATH_LIST, windows: PATH_LIST.windows.map((window) => ({ ...window, open: false })) },
    });
    second.actor.send({ type: 'line.quantity', productId: 111, quantity: 1 });
    second.actor.send({ type: 'request.submit' });
    expect(second.calls).toHaveLength(0);
    expect(selectReturnRequestView(second.actor.getSnapshot()).preview.windowClosed).toBe(true);
  });
});

describe('the return actions machine', () => {
  function acting(viewer: 'warehouse' | 'distributor', answer: (input: unknown) => Promise<ApiReturn>) {
    const calls: unknown[] = [];
    const logic = returnActionsMachine.provide({
      actors: {
        performReturnAction: fromPromise(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
        loadReturn: fromPromise(() => Promise.resolve({ ...PATH_RETURN, version: 9 })),
      },
    });
    return { actor: createActor(logic, { input: { ret: PATH_RETURN, viewer } }).start(), calls };
  }

  it('offers staff receive and refuse on a requested return, the distributor cancel, and nothing else', () => {
    const staff = selectReturnActionsView(
      acting('warehouse', () => new Promise(() => {})).actor.getSnapshot(),
    );
    expect(staff.actions).toEqual({ canCancel: false, canReceive: true, canAccept: false, canRefuse: true });
    const distributor = acting('distributor', () => new Promise(() => {})).actor;
    expect(selectReturnActionsView(distributor.getSnapshot()).actions).toEqual({
      canCancel: true,
      canReceive: false,
      canAccept: false,
      canRefuse: false,
    });
    distributor.send({ type: 'accept' });
    distributor.send({ type: 'receipt.open' });
    expect(distributor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('refuses a receipt over the bounds locally and sends a valid one with the version', async () => {
    const { actor, calls } = acting('warehouse', () =>
      Promise.resolve({
        ...PATH_RETURN,
        status: 'received',
        version: 2,
        lines: PATH_RETURN.lines.map((line) => ({ ...line, received: 2, damaged: 1 })),
      }),
    );
    actor.send({ type: 'receipt.open' });
    actor.send({ type: 'receipt.change', productId: 111, received: 1, damaged: 2 });
    actor.send({ type: 'receipt.submit' });
    expect(calls).toHaveLength(0);
    expect(actor.getSnapshot().context.errorCode).toBe('RECEIPT_INVALID');
    actor.send({ type: 'receipt.change', productId: 111, received: 2, damaged: 1 });
    actor.send({ type: 'receipt.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(calls).toEqual([
      {
        returnId: 5,
        version: 1,
        request: { kind: 'receive', lines: [{ productId: 111, received: 2, damaged: 1 }] },
      },
    ]);
    const view = selectReturnActionsView(actor.getSnapshot());
    expect(view.actions.canAccept).toBe(true);
    expect(view.answer).toEqual({ kind: 'receive', number: '000042-R1' });
  });

  it('takes the fresh return of a stale version and keeps the refusal typed', async () => {
    const fresh = { ...PATH_RETURN, version: 4, comment: 'changed' };
    const { actor } = acting('warehouse', () =>
      Promise.reject({ status: 409, code: 'VERSION_CONFLICT', return: fresh }),
    );
    actor.send({ type: 'refuse.open' });
    actor.send({ type: 'refuse.submit' });
    expect(actor.getSnapshot().context.errorCode).toBe('COMMENT_REQUIRED');
    actor.send({ type: 'refuse.change', text: 'Box opened' });
    actor.send({ type: 'refuse.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'conflict' }));
    const view = selectReturnActionsView(actor.getSnapshot());
    expect(view.ret).toEqual(fresh);
    expect(view.notice).toBe('conflict');
    actor.send({ type: 'refuse.open' });
    expect(selectReturnActionsView(actor.getSnapshot()).refusal).toBe('Box opened');
  });
});
