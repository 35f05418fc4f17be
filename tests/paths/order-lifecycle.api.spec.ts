// The order-lifecycle model paths at the API level: every path starts from a real order (cart + POST /orders/create
// by a distributor of warehouse 1) on the reference server, and every event is the API call the SPA or the payment
// provider makes for it, as the person whose role the event names (warehouse staff, the distributor, the provider's
// form). After every step the order read back with GET /orders/get/{id} must be in the state the path says: status,
// payment state and the confirmed quantity of every line. No browser: Playwright's request context only. The
// executor table is typed over every lifecycle event type: a new event without an executor does not compile.
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
async function openPayment(ctx: ApiCtx): Promise<{ paymentId: string }> {
  const token = await cachedToken(ctx.request, ctx.distributor);
  return body<{ paymentId: string }>(
    await ctx.request.post(`${API_PREFIX}/payment/pay`, {
      headers: bearer(token),
      multipart: { orderId: String(ctx.orderId) },
    }),
    'payment/pay',
  );
}

/** The provider reports the outcome of an attempt the distributor opened (its form posts to the server). */
const providerOutcome = (outcome: 'paid' | 'failed') => async (_event: OrderLifecycleEvent, ctx: ApiCtx) => {
  const { paymentId } = await openPayment(ctx);
  const response = await ctx.request.post(`${API_PREFIX}/payment/provider/${paymentId}`, {
    form: { outcome },
    maxRedirects: 0,
  });
  expect(response.status(), `provider outcome ${outcome}`).toBe(303);
};

const retryPayment = async (_event: OrderLifecycleEvent, ctx: ApiCtx) => {
  await openPayment(ctx);
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
  'payment.succeeded': providerOutcome('paid'),
  'payment.failed': providerOutcome('failed'),
  'payment.retry': retryPayment,
} satisfies ExecutorTable<OrderLifecycleMachine, ApiCtx>;

async function expectOrderIn(ctx: ApiCtx, expected: Snap<OrderLifecycleMachine>): Promise<void> {
  const order = await current(ctx);
  const { status, paymentState, context } = outcomeOf(expected);
  expect({ status: order.status, paymentState: order.paymentState }).toEqual({ status, paymentState });
  for (const line of context.lines) {
    const real = order.lines.find((candidate) => candidate.id === ctx.lineIds.get(line.lineId));
    expect(real?.confirmedQuantity ?? null, `confirmed quantity of ${line.lineId}`).toBe(line.confirmed);
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
