// The order-lifecycle model paths at the API level: every path starts from a real order (cart + POST /orders/create
// by a distributor of warehouse 1) on the reference server, and every event is the API call the SPA makes for it, as
// the person whose role the event names (warehouse staff, the distributor); the card acquirer's events are the
// customer's choice on the acquirer's (sandbox) checkout page, whose signed callback the server receives by itself,
// and the refund the server's own refunds job asks of the acquirer. After every step the order read back with
// GET /orders/get/{id} must be in the state the path says: status, payment state and the confirmed quantity of
// every line. No browser: Playwright's request context only. The executor table is typed over every lifecycle event
// type: a new event without an executor does not compile.
import type { APIRequestContext } from '@playwright/test';
import { outcomeOf } from '../../machines/order-lifecycle/order-lifecycle.transitions';
import type {
  LifecycleEventOf,
  OrderLifecycleEvent,
} from '../../machines/order-lifecycle/order-lifecycle.types';
import { type ApiOrder, WAREHOUSE_STAFF, createOrder, distributorFor } from '../e2e/warehouse/order-support';
import { API_PREFIX, bearer, cachedToken, expect, test } from '../e2e/support/fixtures';
import type { ModelPath, Snap } from './support/model-paths';
import type { OrderLifecycleMachine } from './support/order-lifecycle.paths';
import { type ExecutorTable, runPath } from './support/run-path';
import { pathTitle, selectPaths, selectionFromEnv, suiteModel, type SuitePath } from './support/suite';
import { orderLifecycleSuite } from './suites/order-lifecycle.suite';

type Path = ModelPath<OrderLifecycleMachine>;

interface ApiCtx {
  request: APIRequestContext;
  distributor: string;
  orderId: number;
  /** Model line id (`l1`, `l2`) → the real order's line id. */
  lineIds: Map<string, number>;
  path: Path;
  /** Index of the step being executed (set by the state check before it). */
  next: number;
  /**
   * A checkout page the distributor opened while the order waited for payment and left open (another tab): what
   * lets a success land after a later attempt failed, or after the order was closed.
   */
  stash: string | null;
}

const selection = selectionFromEnv();
const selected = selectPaths(orderLifecycleSuite, 'api', selection);

async function body<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(json)}`);
  return json as T;
}

const emailOf = (ctx: ApiCtx, event: OrderLifecycleEvent) =>
  event.role === 'warehouse' ? WAREHOUSE_STAFF : ctx.distributor;

async function current(ctx: ApiCtx): Promise<ApiOrder> {
  const token = await cachedToken(ctx.request, ctx.distributor);
  return body<ApiOrder>(
    await ctx.request.get(`${API_PREFIX}/orders/get/${ctx.orderId}`, { headers: bearer(token) }),
    'get order',
  );
}

/** The status the path's next state is in: what `POST /orders/set/{id}/status?status=` is asked for. */
function targetOf(ctx: ApiCtx): string {
  const step = ctx.path.steps[ctx.next];
  if (step === undefined) throw new Error(`no step ${ctx.next}`);
  return outcomeOf(step.state).status;
}

/** `POST /orders/set/{id}/status` with the target of the path's next state and the event's comment. */
const setStatus = async (event: OrderLifecycleEvent, ctx: ApiCtx) => {
  const { version } = await current(ctx);
  const token = await cachedToken(ctx.request, emailOf(ctx, event));
  const params: Record<string, string | number> = { status: targetOf(ctx), version };
  if ('comment' in event && event.comment) params.comment = event.comment;
  await body(
    await ctx.request.post(`${API_PREFIX}/orders/set/${ctx.orderId}/status`, {
      headers: bearer(token),
      params,
    }),
    event.type,
  );
};

const decline = async (event: LifecycleEventOf<'order.decline'>, ctx: ApiCtx) => {
  const { version } = await current(ctx);
  const token = await cachedToken(ctx.request, WAREHOUSE_STAFF);
  await body(
    await ctx.request.post(`${API_PREFIX}/orders/set/${ctx.orderId}/decline`, {
      headers: bearer(token),
      params: { comment: event.comment, version },
    }),
    event.type,
  );
};

/** Hand-over with the code from the distributor's own answer (a wrong code first: 422, nothing changes). */
const handOver = async (_event: OrderLifecycleEvent, ctx: ApiCtx) => {
  const { version, handoverCode } = await current(ctx);
  expect(handoverCode).toMatch(/^[0-9]{6}$/);
  const code = handoverCode ?? '';
  const token = await cachedToken(ctx.request, WAREHOUSE_STAFF);
  const url = `${API_PREFIX}/orders/set/${ctx.orderId}/hand-over`;
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const refused = await ctx.request.post(url, { headers: bearer(token), data: { version, code: wrong } });
  expect(refused.status(), 'a wrong handover code').toBe(422);
  await body(
    await ctx.request.post(url, { headers: bearer(token), data: { version, code } }),
    'order.handOver',
  );
};

const confirmPartial = async (event: LifecycleEventOf<'order.confirmPartial'>, ctx: ApiCtx) => {
  const { version } = await current(ctx);
  const token = await cachedToken(ctx.request, WAREHOUSE_STAFF);
  const lines = event.lines.map((change) => {
    const lineId = ctx.lineIds.get(change.lineId);
    if (lineId === undefined) throw new Error(`no real line for ${change.lineId}`);
    return { lineId, quantity: change.quantity };
  });
  await body(
    await ctx.request.post(`${API_PREFIX}/orders/set/${ctx.orderId}/confirm-partial`, {
      headers: bearer(token),
      data: { version, note: event.comment, lines },
    }),
    event.type,
  );
};

/** `POST /payment/pay` as the distributor: opens a payment attempt (after a failure this is the retry). */
async function openPayment(ctx: ApiCtx): Promise<{ paymentId: string; paymentUrl: string }> {
  const token = await cachedToken(ctx.request, ctx.distributor);
  return body<{ paymentId: string; paymentUrl: string }>(
    await ctx.request.post(`${API_PREFIX}/payment/pay`, {
      headers: bearer(token),
      multipart: { orderId: String(ctx.orderId) },
    }),
    'payment/pay',
  );
}

/** The customer's choice on the acquirer's checkout page (its form), which sends them back to the portal. */
async function checkout(ctx: ApiCtx, paymentUrl: string, action: 'pay' | 'decline'): Promise<void> {
  const response = await ctx.request.post(paymentUrl, { form: { action }, maxRedirects: 0 });
  expect(response.status(), `checkout ${action}`).toBe(303);
  expect(response.headers().location).toMatch(/\/payment\/(success|cancel)\?payId=/);
}

/** The acquirer's word reaches the server by itself (the signed callback, the refunds job): wait for it. */
async function untilPaymentState(ctx: ApiCtx): Promise<void> {
  const step = ctx.path.steps[ctx.next];
  if (step === undefined) throw new Error(`no step ${ctx.next}`);
  const { paymentState } = outcomeOf(step.state);
  // A refund goes on by itself (the refunds job): one owed may already be back by the time it is read.
  const expected =
    paymentState === 'refund_pending' ? /^refund(_pending|ed)$/ : new RegExp(`^${paymentState}$`);
  await expect.poll(async () => (await current(ctx)).paymentState, { timeout: 30_000 }).toMatch(expected);
}

/**
 * The acquirer's outcome of a payment. While the order waits for payment the distributor opens a new attempt and
 * pays (or is declined) on its page; a success that lands otherwise comes from the page left open earlier.
 */
const acquirerOutcome = (action: 'pay' | 'decline') => async (_event: OrderLifecycleEvent, ctx: ApiCtx) => {
  const order = await current(ctx);
  let paymentUrl: string;
  if (order.status === 'confirmed' && order.paymentState === 'need_pay') {
    paymentUrl = (await openPayment(ctx)).paymentUrl;
  } else {
    if (ctx.stash === null) throw new Error('a late success needs a checkout page left open');
    paymentUrl = ctx.stash;
    ctx.stash = null;
  }
  await checkout(ctx, paymentUrl, action);
  await untilPaymentState(ctx);
};

const retryPayment = async (_event: OrderLifecycleEvent, ctx: ApiCtx) => {
  await openPayment(ctx);
};

/** The refund the cancellation requested: the server's refunds job asks the acquirer; wait for its answer. */
const refundConfirmed = async (_event: OrderLifecycleEvent, ctx: ApiCtx) => {
  await untilPaymentState(ctx);
};

/** One executor per lifecycle event type, or this file does not compile. */
const apiExecutors = {
  'check.start': setStatus,
  'order.confirm': setStatus,
  'order.confirmPartial': confirmPartial,
  'order.reject': setStatus,
  'partial.accept': setStatus,
  'partial.reject': setStatus,
  'order.cancel': setStatus,
  'order.decline': decline,
  'order.prepare': setStatus,
  'order.markReady': setStatus,
  'pickup.request': setStatus,
  'delivery.request': setStatus,
  'order.handOver': handOver,
  'delivery.process': setStatus,
  'order.send': setStatus,
  'delivery.outForDelivery': setStatus,
  'receipt.confirm': setStatus,
  'order.complete': setStatus,
  'order.sendTo1c': setStatus,
  'payment.succeeded': acquirerOutcome('pay'),
  'payment.failed': acquirerOutcome('decline'),
  'payment.retry': retryPayment,
  'refund.succeeded': refundConfirmed,
} satisfies ExecutorTable<OrderLifecycleMachine, ApiCtx>;

async function expectOrderIn(ctx: ApiCtx, expected: Snap<OrderLifecycleMachine>): Promise<void> {
  const order = await current(ctx);
  const { status, paymentState, context } = outcomeOf(expected);
  // A refund goes on by itself (the server's refunds job): one owed may already be back by the time it is read.
  const shown =
    paymentState === 'refund_pending' && order.paymentState === 'refunded'
      ? 'refund_pending'
      : order.paymentState;
  expect({ status: order.status, paymentState: shown }).toEqual({ status, paymentState });
  for (const line of context.lines) {
    const real = order.lines.find((candidate) => candidate.id === ctx.lineIds.get(line.lineId));
    expect(real?.confirmedQuantity ?? null, `confirmed quantity of ${line.lineId}`).toBe(line.confirmed);
  }
  // The distributor leaves a checkout page open while the order waits for payment (a late success may use it).
  if (ctx.stash === null && status === 'confirmed' && paymentState === 'need_pay') {
    ctx.stash = (await openPayment(ctx)).paymentUrl;
  }
}

test.describe('order lifecycle paths against the API', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const [index, entry] of selected.run.entries()) {
    const path = entry.path as Path;
    test(pathTitle(entry), async ({ request }) => {
      // The browser run uses the first two distributors of the pool per worker; this one the next two.
      const distributor = distributorFor('paths', test.info().parallelIndex + 2);
      const { order, lineIds } = await createOrder(request, distributor, {
        paymentMethod: path.input.paymentMethod,
        deliveryType: path.input.deliveryType,
        quantities: path.input.lines.map((line) => line.requested),
        productOffset: index % 6,
      });
      const ctx: ApiCtx = {
        request,
        distributor,
        orderId: order.id,
        lineIds: new Map(path.input.lines.map((line, i) => [line.lineId, lineIds[i] ?? -1])),
        path,
        next: 0,
        stash: null,
      };
      let checks = 0;
      await runPath(path, {
        executors: apiExecutors,
        ctx,
        checkState: async (expected, current, stepIndex) => {
          await expectOrderIn(current, expected);
          current.next = stepIndex + 1;
          checks += 1;
        },
      });
      expect(checks).toBe(path.steps.length + 1);
    });
  }
});

test('the API paths take every transition of the lifecycle machine', () => {
  test.skip(selection.ids !== undefined, 'a replay runs only the paths it names');
  const model = suiteModel(orderLifecycleSuite);
  const taken = new Set(selected.run.flatMap((entry: SuitePath) => [...entry.transitions]));
  expect([...model.transitions].filter((key) => !taken.has(key))).toEqual([]);
  expect(selected.unreachable).toEqual([]);
});
