import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderActionsMachine } from '../../machines/order-actions/order-actions.machine';
import { orderFacts } from '../../machines/order-actions/order-actions.facts.rules';
import { actionButtons, selectOrderActionsView } from '../../machines/order-actions/order-actions.selectors';
import {
  DIRECT_ACTIONS,
  type ApiOrder,
  type DirectAction,
  type PerformActionInput,
  type ViewerRole,
} from '../../machines/order-actions/order-actions.types';
import { computeTotals } from '../../machines/order-lifecycle/order-lifecycle.lines.rules';
import { orderLifecycleMachine } from '../../machines/order-lifecycle/order-lifecycle.machine';
import {
  applyEvent,
  eventForTargetStatus,
  outcomeOf,
} from '../../machines/order-lifecycle/order-lifecycle.transitions';
import { selectOrderActions } from '../../machines/order-lifecycle/order-lifecycle.selectors';
import type {
  LifecycleEventOf,
  OrderLifecycleEvent,
} from '../../machines/order-lifecycle/order-lifecycle.types';
import { makeLine, makeOrder } from '../support/order-fixtures';
import { coverageReport } from './support/coverage';
import type { ModelPath, Snap } from './support/model-paths';
import { type OrderLifecycleMachine, orderLifecyclePathSets } from './support/order-lifecycle.paths';
import { type ExecutorTable, runPath } from './support/run-path';

/**
 * The order-lifecycle model paths, run through the order-actions workflow machine (what the order pages use)
 * against an in-memory server that asks the lifecycle machine, as the reference server does, and checks versions.
 * Each person (warehouse, distributor) has their own actor of the workflow machine on the same order; the payment
 * provider reports outcomes to the server directly. With `staleEveryOtherStep`, someone else changes the order
 * before every other step: the workflow must land in `conflict` with the fresh order, and the repeated action
 * must then succeed.
 */

type Machine = OrderLifecycleMachine;
type Person = ViewerRole;

/** The code the in-memory server derives for the order (the real one is an HMAC; here any fixed code will do). */
const HANDOVER_CODE = '481516';

class LifecycleServer {
  order: ApiOrder;
  calls = 0;
  conflicts = 0;

  constructor(order: ApiOrder) {
    this.order = order;
  }

  /** Applies a lifecycle event as `role`, like `changeOrder` on the server; throws the API's error shapes. */
  apply(event: OrderLifecycleEvent): ApiOrder {
    const result = applyEvent(orderFacts(this.order), event);
    if (result.error !== undefined) {
      throw Object.assign(new Error(result.reason), {
        status: 409,
        code: 'TRANSITION_NOT_ALLOWED',
        order: this.order,
      });
    }
    const lines = this.order.lines.map((line) => ({
      ...line,
      confirmedQuantity:
        result.context.lines.find((candidate) => candidate.lineId === String(line.id))?.confirmed ?? null,
    }));
    const totals = computeTotals(result.context.lines);
    this.order = {
      ...this.order,
      status: result.status,
      paymentState: result.paymentState,
      lines,
      itemCount: totals.itemCount,
      points: totals.points,
      cancelReason: result.context.cancelReason,
      version: this.order.version + 1,
    };
    return this.order;
  }

  perform(role: Person, { version, request }: PerformActionInput): ApiOrder {
    this.calls += 1;
    if (version !== this.order.version) {
      this.conflicts += 1;
      throw Object.assign(new Error('stale'), { status: 409, code: 'VERSION_CONFLICT', order: this.order });
    }
    switch (request.kind) {
      case 'comment':
        this.order = { ...this.order, comment: request.comment, version: this.order.version + 1 };
        return this.order;
      case 'requeue':
        // A 1C re-queue is not a lifecycle event: the lifecycle paths never send one.
        throw Object.assign(new Error('not a lifecycle step'), { status: 400, code: 'NOT_MODELLED' });
      case 'decline':
        return this.apply({ type: 'order.decline', role, comment: request.comment });
      case 'handOver':
        if (request.code !== HANDOVER_CODE) {
          throw Object.assign(new Error('wrong code'), {
            status: 422,
            code: 'VALIDATION_FAILED',
            order: this.order,
          });
        }
        return this.apply({ type: 'order.handOver', role });
      case 'confirmPartial':
        return this.apply({
          type: 'order.confirmPartial',
          role,
          comment: request.note,
          lines: request.lines.map((line) => ({ lineId: String(line.lineId), quantity: line.quantity })),
        });
      case 'status': {
        const type = eventForTargetStatus(orderFacts(this.order), role, request.status);
        if (type === null) {
          throw Object.assign(new Error('refused'), {
            status: 409,
            code: 'TRANSITION_NOT_ALLOWED',
            order: this.order,
          });
        }
        // `set/{id}/status` names a target status, not an event: in awaiting_distributor, cancelling and rejecting the
        // changed order both target cancelled_by_distributor, and the server records it as partial.reject.
        if (type !== request.event)
          expect([type, request.event].sort()).toEqual(['order.cancel', 'partial.reject']);
        return this.apply({
          type,
          role,
          ...(request.comment === undefined ? {} : { comment: request.comment }),
        } as OrderLifecycleEvent);
      }
    }
  }

  /** Someone else comments on the order: every version the pages hold is now stale. */
  commentElsewhere(): void {
    this.order = {
      ...this.order,
      comment: `elsewhere ${this.order.version}`,
      version: this.order.version + 1,
    };
  }
}

type WorkflowActor = Actor<typeof orderActionsMachine>;

interface Ctx {
  server: LifecycleServer;
  actors: Record<Person, WorkflowActor>;
  /** Model line id → API line id. */
  lineIds: Map<string, number>;
  staleEveryOtherStep: boolean;
  step: number;
  payments: number;
}

function startWorkflow(server: LifecycleServer, role: Person): WorkflowActor {
  const machine = orderActionsMachine.provide({
    actors: {
      performAction: fromPromise<ApiOrder, PerformActionInput>(async ({ input }) =>
        server.perform(role, input),
      ),
      loadOrder: fromPromise<ApiOrder, { orderId: number }>(async () => server.order),
      startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(async () => ({
        paymentUrl: 'http://provider.test/page',
      })),
    },
  });
  const actor = createActor(machine, { input: { order: server.order, role } });
  actor.start();
  return actor;
}

const personOf = (event: OrderLifecycleEvent): Person =>
  event.role === 'payment_provider' ? 'distributor' : event.role;

/** The page of `person` shows the newest order (as a reload or refetch would). */
function refresh(ctx: Ctx, person: Person): WorkflowActor {
  const actor = ctx.actors[person];
  actor.send({ type: 'order.refreshed', order: ctx.server.order });
  return actor;
}

/** Sends the person's events; when the server's version moved on first, expects the conflict and repeats once. */
async function act(ctx: Ctx, person: Person, send: (actor: WorkflowActor) => void): Promise<void> {
  const actor = refresh(ctx, person);
  ctx.step += 1;
  if (ctx.staleEveryOtherStep && ctx.step % 2 === 0) {
    ctx.server.commentElsewhere();
    send(actor);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'conflict' }));
    const view = selectOrderActionsView(actor.getSnapshot());
    expect(view.order.version).toBe(ctx.server.order.version);
    expect(view.errorCode).toBe('VERSION_CONFLICT');
  }
  const before = ctx.server.order.version;
  send(actor);
  await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
  expect(ctx.server.order.version).toBe(before + 1);
}

const isDirect = (type: string): type is DirectAction => (DIRECT_ACTIONS as readonly string[]).includes(type);

const direct = async (event: OrderLifecycleEvent, ctx: Ctx) => {
  const type = event.type;
  if (!isDirect(type)) throw new Error(`${type} is not a direct action`);
  await act(ctx, personOf(event), (actor) => actor.send({ type: 'action.run', action: type }));
};

/** Staff type the customer's code in the hand-over dialog (a wrong code first: refused, the dialog stays). */
const handOver = async (_event: OrderLifecycleEvent, ctx: Ctx) => {
  const actor = refresh(ctx, 'warehouse');
  actor.send({ type: 'handover.open' });
  actor.send({ type: 'handover.change', code: '000000' });
  actor.send({ type: 'handover.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('handingOver') && snapshot.context.errorCode !== null);
  expect(actor.getSnapshot().context.errorCode).toBe('HANDOVER_CODE_WRONG');
  actor.send({ type: 'handover.close' });
  await act(ctx, 'warehouse', (again) => {
    again.send({ type: 'handover.open' });
    again.send({ type: 'handover.change', code: HANDOVER_CODE });
    again.send({ type: 'handover.submit' });
  });
};

const withReason = async (
  event: LifecycleEventOf<'order.decline' | 'order.reject' | 'order.cancel' | 'partial.reject'>,
  ctx: Ctx,
) => {
  await act(ctx, personOf(event), (actor) => {
    actor.send({ type: 'reason.open', action: event.type });
    actor.send({ type: 'reason.change', text: event.comment ?? '' });
    actor.send({ type: 'reason.submit' });
  });
};

const confirmPartial = async (event: LifecycleEventOf<'order.confirmPartial'>, ctx: Ctx) => {
  await act(ctx, 'warehouse', (actor) => {
    actor.send({ type: 'partial.open' });
    for (const change of event.lines) {
      actor.send({
        type: 'partial.quantity',
        lineId: String(ctx.lineIds.get(change.lineId)),
        quantity: change.quantity,
      });
    }
    actor.send({ type: 'partial.note', note: event.comment });
    actor.send({ type: 'partial.submit' });
  });
};

/** The provider's outcome reaches the server; the distributor's page must offer paying first. */
const providerOutcome = async (event: OrderLifecycleEvent, ctx: Ctx) => {
  const actor = refresh(ctx, 'distributor');
  actor.send({ type: 'payment.start' });
  await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
  ctx.payments += 1;
  ctx.server.apply(event);
  ctx.actors.distributor.stop();
  ctx.actors.distributor = startWorkflow(ctx.server, 'distributor');
};

/** Pay again: the workflow starts a payment; the server records the retry (as `POST /payment/pay` does). */
const retryPayment = async (event: OrderLifecycleEvent, ctx: Ctx) => {
  const actor = refresh(ctx, 'distributor');
  expect(selectOrderActionsView(actor.getSnapshot()).buttons).toContainEqual({
    kind: 'pay',
    action: 'payment.retry',
  });
  actor.send({ type: 'payment.start' });
  await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
  ctx.server.apply(event);
  ctx.actors.distributor.stop();
  ctx.actors.distributor = startWorkflow(ctx.server, 'distributor');
};

const executors = {
  'check.start': direct,
  'order.confirm': direct,
  'order.confirmPartial': confirmPartial,
  'order.reject': withReason,
  'partial.accept': direct,
  'partial.reject': withReason,
  'order.cancel': withReason,
  'order.decline': withReason,
  'order.prepare': direct,
  'order.markReady': direct,
  'pickup.request': direct,
  'delivery.request': direct,
  'order.handOver': handOver,
  'delivery.process': direct,
  'order.send': direct,
  'delivery.outForDelivery': direct,
  'receipt.confirm': direct,
  'order.complete': direct,
  'order.sendTo1c': direct,
  'payment.succeeded': providerOutcome,
  'payment.failed': providerOutcome,
  'payment.retry': retryPayment,
} satisfies ExecutorTable<Machine, Ctx>;

/** An API order shaped like the path's input (lines 101, 102, ... for l1, l2, ...). */
function orderFor(path: ModelPath<Machine>): { order: ApiOrder; lineIds: Map<string, number> } {
  const lineIds = new Map(path.input.lines.map((line, index) => [line.lineId, 101 + index]));
  const order = makeOrder({
    paymentMethod: path.input.paymentMethod,
    deliveryType: path.input.deliveryType,
    deliveryAddress: path.input.hasDeliveryAddress
      ? {
          id: 5,
          postIndex: 'MD-2001',
          city: 'Chișinău',
          street: 'Str. Ismail',
          house: '33',
          apartment: null,
          isDefault: false,
        }
      : null,
    lines: path.input.lines.map((line, index) =>
      makeLine(101 + index, line.requested, line.price, line.points),
    ),
  });
  return { order, lineIds };
}

/** Buttons each person must see in a model state (stock the API does not expose is left out). */
function expectButtons(ctx: Ctx, expected: Snap<Machine>): void {
  const { status, paymentState, context } = outcomeOf(expected);
  for (const person of ['warehouse', 'distributor'] as const) {
    const view = selectOrderActionsView(refresh(ctx, person).getSnapshot());
    expect(view.order.status).toBe(status);
    expect(view.order.paymentState).toBe(paymentState);
    const facts = {
      status,
      paymentState,
      paymentMethod: context.paymentMethod,
      deliveryType: context.deliveryType,
      hasDeliveryAddress: context.hasDeliveryAddress,
      lines: context.lines.map(({ available: _available, ...line }) => line),
    };
    expect(view.buttons, `${person} in ${status}/${paymentState}`).toEqual(
      actionButtons(selectOrderActions(facts, person)),
    );
  }
}

async function runThroughWorkflow(path: ModelPath<Machine>, staleEveryOtherStep: boolean): Promise<Ctx> {
  const { order, lineIds } = orderFor(path);
  const server = new LifecycleServer(order);
  const ctx: Ctx = {
    server,
    actors: {
      warehouse: startWorkflow(server, 'warehouse'),
      distributor: startWorkflow(server, 'distributor'),
    },
    lineIds,
    staleEveryOtherStep,
    step: 0,
    payments: 0,
  };
  await runPath(path, { executors, ctx, checkState: (expected) => expectButtons(ctx, expected) });
  ctx.actors.warehouse.stop();
  ctx.actors.distributor.stop();
  return ctx;
}

const sets = orderLifecyclePathSets();

describe('order lifecycle paths through the order-actions workflow', () => {
  for (const set of sets) {
    describe(set.label, () => {
      it.each(set.paths.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
        const ctx = await runThroughWorkflow(path, false);
        expect(ctx.server.conflicts).toBe(0);
        expect(ctx.server.order.status).toBe(outcomeOf(path.state).status);
        expect(ctx.server.order.paymentState).toBe(outcomeOf(path.state).paymentState);
      });
    });
  }

  it('runs every path again with a stale version before every other step: conflict, fresh order, then success', async () => {
    let conflicts = 0;
    for (const path of sets.flatMap((set) => set.paths)) {
      const ctx = await runThroughWorkflow(path, true);
      conflicts += ctx.server.conflicts;
      expect(ctx.server.order.status).toBe(outcomeOf(path.state).status);
    }
    expect(conflicts).toBeGreaterThan(100);
  });

  it('covers every transition of the lifecycle machine', () => {
    expect(coverageReport(orderLifecycleMachine, sets).missingTransitions).toEqual([]);
  });
});
