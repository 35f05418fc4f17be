// The return machine's model paths at the API level: every path starts from a real order of a distributor of
// warehouse 1 (placed, confirmed, paid by card on the acquirer's sandbox page when the path's input says card,
// prepared, handed over with its code and completed by the warehouse) and a real return of its lines
// (POST /orders/{orderId}/returns); every event is the API call the SPA makes for it, as the person whose role the
// event names; the acquirer's refund is the server's own refunds job asking the local maib peer. After every step the
// return read back with GET /returns/{id} must be in the path's state: status, refund state, and each line's
// received and damaged units. No browser. The executor table is typed over every return event type.
import type { APIRequestContext } from '@playwright/test';
import { returnOutcomeOf } from '../../machines/returns/returns.transitions';
import type { ReturnEvent, Return } from '../../machines/returns/returns.types';
import { type ApiOrder, WAREHOUSE_STAFF, createOrder, distributorFor } from '../e2e/warehouse/order-support';
import { API_PREFIX, bearer, cachedToken, expect, test } from '../e2e/support/fixtures';
import type { ModelPath, Snap } from './support/model-paths';
import type { ReturnMachine } from './support/returns.paths';
import { type ExecutorTable, runPath } from './support/run-path';
import { pathTitle, selectPaths, selectionFromEnv, suiteModel, type SuitePath } from './support/suite';
import { returnsSuite } from './suites/returns.suite';

type Path = ModelPath<ReturnMachine>;

interface ApiCtx {
  request: APIRequestContext;
  distributor: string;
  returnId: number;
  /** Model product id → the real order line's product id. */
  products: Map<number, number>;
  path: Path;
  next: number;
}

const selection = selectionFromEnv();
const selected = selectPaths(returnsSuite, 'api', selection);

async function body<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(json)}`);
  return json as T;
}

async function current(ctx: ApiCtx): Promise<Return> {
  const token = await cachedToken(ctx.request, ctx.distributor);
  return body<Return>(
    await ctx.request.get(`${API_PREFIX}/returns/${ctx.returnId}`, { headers: bearer(token) }),
    'get return',
  );
}

const emailOf = (ctx: ApiCtx, event: ReturnEvent) =>
  event.role === 'warehouse' ? WAREHOUSE_STAFF : ctx.distributor;

const realProduct = (ctx: ApiCtx, model: number): number => {
  const real = ctx.products.get(model);
  if (real === undefined) throw new Error(`no real product for ${model}`);
  return real;
};

/** `POST /returns/{id}/<action>` with the return's current version, as the event's role. */
const post =
  (action: 'receive' | 'accept' | 'refuse' | 'cancel') => async (event: ReturnEvent, ctx: ApiCtx) => {
    const { version } = await current(ctx);
    const token = await cachedToken(ctx.request, emailOf(ctx, event));
    const data: Record<string, unknown> = { version };
    if (event.type === 'return.receive') {
      data.lines = event.lines.map((line) => ({ ...line, productId: realProduct(ctx, line.productId) }));
    }
    if (event.type === 'return.refuse') data.comment = event.comment;
    await body(
      await ctx.request.post(`${API_PREFIX}/returns/${ctx.returnId}/${action}`, {
        headers: bearer(token),
        data,
      }),
      event.type,
    );
  };

/** The refund the acceptance requested: the server's refunds job asks the acquirer; wait for its answer. */
const refundConfirmed = async (_event: ReturnEvent, ctx: ApiCtx) => {
  await expect.poll(async () => (await current(ctx)).refundState, { timeout: 30_000 }).toBe('refunded');
};

const apiExecutors = {
  'return.receive': post('receive'),
  'return.accept': post('accept'),
  'return.refuse': post('refuse'),
  'return.cancel': post('cancel'),
  'refund.succeeded': refundConfirmed,
} satisfies ExecutorTable<ReturnMachine, ApiCtx>;

async function expectReturnIn(ctx: ApiCtx, expected: Snap<ReturnMachine>): Promise<void> {
  const value = await current(ctx);
  const { status, refundState, context } = returnOutcomeOf(expected);
  // A refund goes on by itself (the refunds job): one owed may already be back by the time it is read.
  const shown = refundState === 'pending' && value.refundState === 'refunded' ? 'pending' : value.refundState;
  expect({ status: value.status, refundState: shown }).toEqual({ status, refundState });
  for (const line of context.lines) {
    const real = value.lines.find((candidate) => candidate.productId === realProduct(ctx, line.productId));
    expect([real?.requested, real?.received, real?.damaged], `line ${line.productId}`).toEqual([
      line.requested,
      line.received,
      line.damaged,
    ]);
  }
}

/** Walks a new order to `completed` as its people do: confirmed, paid by card when it is one, handed over. */
async function completedOrder(request: APIRequestContext, distributor: string, path: Path, offset: number) {
  const { order } = await createOrder(request, distributor, {
    paymentMethod: path.input.paymentMethod,
    deliveryType: 'pickup',
    quantities: path.input.lines.map((line) => line.requested),
    productOffset: offset,
  });
  const staff = bearer(await cachedToken(request, WAREHOUSE_STAFF));
  const customer = bearer(await cachedToken(request, distributor));
  const read = async () =>
    body<ApiOrder>(await request.get(`${API_PREFIX}/orders/get/${order.id}`, { headers: customer }), 'order');
  const step = async (status: string, headers: Record<string, string>) => {
    const { version } = await read();
    await body(
      await request.post(`${API_PREFIX}/orders/set/${order.id}/status`, {
        headers,
        params: { status, version },
      }),
      status,
    );
  };
  await step('checking', staff);
  await step('confirmed', staff);
  if (path.input.paymentMethod === 'card') {
    const session = await body<{ paymentUrl: string }>(
      await request.post(`${API_PREFIX}/payment/pay`, {
        headers: customer,
        multipart: { orderId: String(order.id) },
      }),
      'payment/pay',
    );
    const paid = await request.post(session.paymentUrl, { form: { action: 'pay' }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    await expect.poll(async () => (await read()).paymentState, { timeout: 30_000 }).toBe('paid');
  }
  await step('prepared', staff);
  await step('ready', staff);
  await step('pickup_requested', customer);
  const { version, handoverCode } = await read();
  await body(
    await request.post(`${API_PREFIX}/orders/set/${order.id}/hand-over`, {
      headers: staff,
      data: { version, code: handoverCode },
    }),
    'hand-over',
  );
  await step('completed', staff);
  return read();
}

test.describe('return paths against the API', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const [index, entry] of selected.run.entries()) {
    const path = entry.path as Path;
    test(pathTitle(entry), async ({ request }) => {
      // The lifecycle's API paths use the same two distributors per worker; a worker runs one test at a time.
      const distributor = distributorFor('paths', test.info().parallelIndex + 2);
      const order = await completedOrder(request, distributor, path, index % 6);
      const products = new Map(
        path.input.lines.map((line, i) => [line.productId, order.lines[i]?.productId ?? -1]),
      );
      const created = await body<Return>(
        await request.post(`${API_PREFIX}/orders/${order.id}/returns`, {
          headers: {
            ...bearer(await cachedToken(request, distributor)),
            'Idempotency-Key': `paths-${order.id}-r`,
          },
          data: {
            reason: 'faulty',
            lines: path.input.lines.map((line) => ({
              productId: products.get(line.productId),
              quantity: line.requested,
            })),
          },
        }),
        'request return',
      );
      const ctx: ApiCtx = { request, distributor, returnId: created.id, products, path, next: 0 };
      let checks = 0;
      await runPath(path, {
        executors: apiExecutors,
        ctx,
        checkState: async (expected, now, stepIndex) => {
          await expectReturnIn(now, expected);
          now.next = stepIndex + 1;
          checks += 1;
        },
      });
      expect(checks).toBe(path.steps.length + 1);
    });
  }
});

test('the API paths take every transition of the return machine', () => {
  test.skip(selection.ids !== undefined, 'a replay runs only the paths it names');
  const model = suiteModel(returnsSuite);
  const taken = new Set(selected.run.flatMap((entry: SuitePath) => [...entry.transitions]));
  expect([...model.transitions].filter((key) => !taken.has(key))).toEqual([]);
  expect(selected.unreachable).toEqual([]);
});
