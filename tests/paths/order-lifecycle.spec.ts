// The order-lifecycle model paths, run by clicking in Chromium against the reference server: every path starts from
// a real order (cart + POST /orders/create by a distributor of warehouse 1), and every event is executed by a person
// on the order page (warehouse staff or the distributor) or, for the card acquirer's events, by the distributor's
// choice on its (sandbox) checkout page, whose signed callback the server receives by itself; a refund is the
// server's own refunds job. After every step the page must show the state the path says, and exactly the action buttons the
// lifecycle allows that role. The executor table is typed over every lifecycle event type: a new transition without
// an executor does not compile, and the coverage test below fails when the paths run here miss a transition.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { actionButtons } from '../../machines/order-actions/order-actions.selectors';
import { selectOrderActions } from '../../machines/order-lifecycle/order-lifecycle.selectors';
import { outcomeOf } from '../../machines/order-lifecycle/order-lifecycle.transitions';
import type {
  LifecycleEventOf,
  LifecycleEventType,
  OrderFacts,
  OrderLifecycleEvent,
} from '../../machines/order-lifecycle/order-lifecycle.types';
import {
  WAREHOUSE_STAFF,
  contextAs,
  createOrder,
  distributorFor,
  myOrderPath,
  openOrder,
  submitCheckoutPage,
  warehouseOrderPath,
} from '../e2e/warehouse/order-support';
import { API_PREFIX, bearer, cachedToken, expect, test } from '../e2e/support/fixtures';
import type { ModelPath, Snap } from './support/model-paths';
import type { OrderLifecycleMachine } from './support/order-lifecycle.paths';
import { type ExecutorTable, runPath } from './support/run-path';
import { pathTitle, selectPaths, selectionFromEnv, suiteModel, type SuitePath } from './support/suite';
import { orderLifecycleSuite } from './suites/order-lifecycle.suite';

type Person = 'warehouse' | 'distributor';

interface BrowserCtx {
  orderId: number;
  /** Model line id (`l1`, `l2`) → the real order's line id. */
  lineIds: Map<string, number>;
  pages: Record<Person, Page>;
  /** Pages that show the newest order (the one that acted); others reload before they are used. */
  fresh: Set<Person>;
  /** The page whose state `checkState` reads (the last one that acted). */
  lastPerson: Person;
  request: Parameters<typeof createOrder>[0];
  distributor: string;
  /**
   * A checkout page the distributor opened while the order waited for payment and left open (another tab): what
   * lets a success land after a later attempt failed, or after the order was closed.
   */
  stash: string | null;
  path: ModelPath<OrderLifecycleMachine>;
  /** Index of the step being executed (set by the state check before it). */
  next: number;
}

/**
 * The paths this run clicks: `npm run paths` and `npm test` pick them the same way (`selectPaths`): by default a
 * covering set (greedy, until every transition and state of the machine is taken); `PATHS_SET=all` every generated
 * path (about 4× longer); `PATHS_IDS` the paths named (a replay).
 */
const selection = selectionFromEnv();
const selected = selectPaths(orderLifecycleSuite, 'browser', selection);
const lifecyclePath = (entry: SuitePath) => entry.path as ModelPath<OrderLifecycleMachine>;

function pathOf(person: Person, id: number): string {
  return person === 'warehouse' ? warehouseOrderPath(id) : myOrderPath(id);
}

async function pageFor(ctx: BrowserCtx, person: Person): Promise<Page> {
  const page = ctx.pages[person];
  if (!ctx.fresh.has(person)) {
    await openOrder(page, pathOf(person, ctx.orderId));
    ctx.fresh.add(person);
  }
  return page;
}

function personOf(event: OrderLifecycleEvent): Person {
  if (event.role === 'payment_provider') return 'distributor';
  return event.role;
}

async function versionShown(page: Page): Promise<string> {
  return (await page.locator('.order-detail').getAttribute('data-order-version')) ?? '';
}

/** Waits until the page shows a newer version than `before` (the action's answer came back). */
async function newerThan(page: Page, before: string): Promise<void> {
  await expect(page.locator('.order-detail')).not.toHaveAttribute('data-order-version', before, {
    timeout: 10_000,
  });
  await expect(page.locator('[role="alert"][data-notice]')).toHaveCount(0);
}

function acted(ctx: BrowserCtx, person: Person): void {
  ctx.fresh = new Set([person]);
  ctx.lastPerson = person;
}

/** A button that acts at once. */
const click = async (event: OrderLifecycleEvent, ctx: BrowserCtx) => {
  const person = personOf(event);
  const page = await pageFor(ctx, person);
  const before = await versionShown(page);
  await page.locator(`[data-action="${event.type}"]`).click();
  await newerThan(page, before);
  acted(ctx, person);
};

/** A button that opens the reason form; the event's comment (if any) is typed and the form submitted. */
const withReason = async (
  event: LifecycleEventOf<'order.decline' | 'order.reject' | 'order.cancel' | 'partial.reject'>,
  ctx: BrowserCtx,
) => {
  const person = personOf(event);
  const page = await pageFor(ctx, person);
  const before = await versionShown(page);
  await page.locator(`[data-action="${event.type}"]`).click();
  const form = page.locator('[data-form="reason"]');
  await form.locator('textarea').fill(event.comment ?? '');
  await form.locator('button[type="submit"]').click();
  await newerThan(page, before);
  acted(ctx, person);
};

/** Staff type the code the distributor's page shows into the hand-over dialog. */
const handOver = async (_event: OrderLifecycleEvent, ctx: BrowserCtx) => {
  const customer = await pageFor(ctx, 'distributor');
  const code = (await customer.locator('[data-handover-code]').getAttribute('data-handover-code')) ?? '';
  expect(code).toMatch(/^[0-9]{6}$/);
  const page = await pageFor(ctx, 'warehouse');
  const before = await versionShown(page);
  await page.locator('[data-action="order.handOver"]').click();
  const form = page.locator('[data-form="handover"]');
  await form.locator('input[name="handover-code"]').fill(code);
  await form.locator('button[type="submit"]').click();
  await newerThan(page, before);
  acted(ctx, 'warehouse');
};

const confirmPartial = async (event: LifecycleEventOf<'order.confirmPartial'>, ctx: BrowserCtx) => {
  const page = await pageFor(ctx, 'warehouse');
  const before = await versionShown(page);
  await page.locator('[data-action="order.confirmPartial"]').click();
  const form = page.locator('[data-form="partial"]');
  for (const change of event.lines) {
    const lineId = ctx.lineIds.get(change.lineId);
    if (lineId === undefined) throw new Error(`no real line for ${change.lineId}`);
    await form.locator(`input[name="quantity-${lineId}"]`).fill(String(change.quantity));
  }
  await form.locator('textarea[name="note"]').fill(event.comment);
  await form.locator('button[type="submit"]').click();
  await newerThan(page, before);
  acted(ctx, 'warehouse');
};

/** The acquirer's word reaches the server by itself (callback, refunds job): reload until the page shows it. */
async function untilPaymentState(page: Page, ctx: BrowserCtx, state: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await openOrder(page, myOrderPath(ctx.orderId));
        return page.locator('.order-detail').getAttribute('data-payment-state');
      },
      // The sandbox's callbacks job sends the notification at once; when the answer is not 200 it sends it again
      // 10 s later, and on a busy runner a read can miss a first window: a minute covers one resend.
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    // A refund goes on by itself (the refunds job): one owed may already be back by the time the page is read.
    .toMatch(state === 'refund_pending' ? /^refund(_pending|ed)$/ : new RegExp(`^${state}$`));
}

/** The payment state the path's next step leads to. */
function nextPaymentState(ctx: BrowserCtx): string {
  const step = ctx.path.steps[ctx.next];
  if (step === undefined) throw new Error(`no step ${ctx.next}`);
  return outcomeOf(step.state).paymentState;
}

/**
 * The acquirer's outcome: while the order waits for payment the distributor pays from the order page on the
 * acquirer's checkout page (or is declined there); a success that lands otherwise comes from the page left open.
 */
const acquirerOutcome =
  (action: 'pay' | 'decline') =>
  async (_event: OrderLifecycleEvent, ctx: BrowserCtx): Promise<void> => {
    const page = await pageFor(ctx, 'distributor');
    if ((await page.locator('[data-action="payment.pay"]').count()) > 0) {
      await page.locator('[data-action="payment.pay"]').click();
    } else {
      if (ctx.stash === null) throw new Error('a late success needs a checkout page left open');
      await page.goto(ctx.stash);
      ctx.stash = null;
    }
    await submitCheckoutPage(page, action);
    await untilPaymentState(page, ctx, nextPaymentState(ctx));
    ctx.fresh = new Set(['distributor']);
    ctx.lastPerson = 'distributor';
  };

/** Pay again after a failure: a new attempt is opened (the browser goes to the acquirer's page, left there). */
const retryPayment = async (_event: OrderLifecycleEvent, ctx: BrowserCtx) => {
  const page = await pageFor(ctx, 'distributor');
  await page.locator('[data-action="payment.retry"]').click();
  await page.waitForURL(/\/maib-sandbox\/checkout\//);
  ctx.fresh = new Set();
  ctx.lastPerson = 'distributor';
};

/** The refund the cancellation requested: the server's refunds job asks the acquirer; the page shows it done. */
const refundConfirmed = async (_event: OrderLifecycleEvent, ctx: BrowserCtx) => {
  const page = await pageFor(ctx, 'distributor');
  await untilPaymentState(page, ctx, 'refunded');
  ctx.fresh = new Set(['distributor']);
  ctx.lastPerson = 'distributor';
};

/** The distributor leaves a checkout page open while the order waits for payment (`POST /payment/pay`). */
async function leaveCheckoutOpen(ctx: BrowserCtx): Promise<void> {
  const token = await cachedToken(ctx.request, ctx.distributor);
  const response = await ctx.request.post(`${API_PREFIX}/payment/pay`, {
    headers: bearer(token),
    multipart: { orderId: String(ctx.orderId) },
  });
  expect(response.status(), 'payment/pay').toBe(200);
  ctx.stash = ((await response.json()) as { paymentUrl: string }).paymentUrl;
}

/** One executor per lifecycle event type, or this file does not compile. */
const browserExecutors = {
  'check.start': click,
  'order.confirm': click,
  'order.confirmPartial': confirmPartial,
  'order.reject': withReason,
  'partial.accept': click,
  'partial.reject': withReason,
  'order.cancel': withReason,
  'order.decline': withReason,
  'order.prepare': click,
  'order.markReady': click,
  'pickup.request': click,
  'delivery.request': click,
  'order.handOver': handOver,
  'delivery.process': click,
  'order.send': click,
  'delivery.outForDelivery': click,
  'receipt.confirm': click,
  'order.complete': click,
  'order.sendTo1c': click,
  'payment.succeeded': acquirerOutcome('pay'),
  'payment.failed': acquirerOutcome('decline'),
  'payment.retry': retryPayment,
  'refund.succeeded': refundConfirmed,
} satisfies ExecutorTable<OrderLifecycleMachine, BrowserCtx>;

/**
 * The buttons a person must see in a model state. The model's stock-short order carries `available`, which the
 * API does not expose (the server checks stock when CONFIRM arrives), so the page is compared without it.
 */
function expectedButtons(expected: Snap<OrderLifecycleMachine>, person: Person): string[] {
  const { status, paymentState, context } = outcomeOf(expected);
  const facts: OrderFacts = {
    status,
    paymentState,
    paymentMethod: context.paymentMethod,
    deliveryType: context.deliveryType,
    hasDeliveryAddress: context.hasDeliveryAddress,
    lines: context.lines.map(({ available: _available, ...line }) => line),
    cancelReason: context.cancelReason,
  };
  return actionButtons(selectOrderActions(facts, person)).map((button) => button.action);
}

async function expectPageShows(ctx: BrowserCtx, person: Person, expected: Snap<OrderLifecycleMachine>) {
  const page = await pageFor(ctx, person);
  const { status, paymentState } = outcomeOf(expected);
  const detail = page.locator('.order-detail');
  await expect(detail).toHaveAttribute('data-order-status', status);
  // A refund goes on by itself (the server's refunds job): one owed may already be back by the time it is read.
  await expect(detail).toHaveAttribute(
    'data-payment-state',
    paymentState === 'refund_pending' ? /^refund(_pending|ed)$/ : paymentState,
  );
  // The lifecycle's own buttons: a return's (`return.*`, from a completed order on) are the return machine's,
  // checked by its own paths (tests/paths/returns.spec.ts).
  const shown = await page
    .locator('[data-action]')
    .evaluateAll((nodes) =>
      nodes
        .map((node) => node.getAttribute('data-action') ?? '')
        .filter((action) => !action.startsWith('return.')),
    );
  expect(shown, `${person} buttons in ${status}/${paymentState}`).toEqual(expectedButtons(expected, person));
  if (ctx.stash === null && status === 'confirmed' && paymentState === 'need_pay')
    await leaveCheckoutOpen(ctx);
}

async function runInBrowser(
  browser: Browser,
  request: Parameters<typeof createOrder>[0],
  path: ModelPath<OrderLifecycleMachine>,
  distributor: string,
  productOffset: number,
): Promise<number> {
  const input = path.input;
  expect(input.hasDeliveryAddress).toBe(input.deliveryType === 'delivery');
  const { order, lineIds } = await createOrder(request, distributor, {
    paymentMethod: input.paymentMethod,
    deliveryType: input.deliveryType,
    quantities: input.lines.map((line) => line.requested),
    productOffset,
  });
  const contexts: BrowserContext[] = [
    await contextAs(browser, request, WAREHOUSE_STAFF),
    await contextAs(browser, request, distributor),
  ];
  try {
    const [warehouseContext, distributorContext] = contexts;
    if (!warehouseContext || !distributorContext) throw new Error('contexts missing');
    const ctx: BrowserCtx = {
      orderId: order.id,
      lineIds: new Map(input.lines.map((line, index) => [line.lineId, lineIds[index] ?? -1])),
      pages: { warehouse: await warehouseContext.newPage(), distributor: await distributorContext.newPage() },
      fresh: new Set(),
      lastPerson: 'warehouse',
      request,
      distributor,
      stash: null,
      path,
      next: 0,
    };
    let steps = 0;
    await runPath(path, {
      executors: browserExecutors,
      ctx,
      checkState: async (expected, current, stepIndex) => {
        await expectPageShows(current, current.lastPerson, expected);
        current.next = stepIndex + 1;
        steps += 1;
      },
    });
    // At the end both sides agree on the state and on what each may do next.
    const other: Person = ctx.lastPerson === 'warehouse' ? 'distributor' : 'warehouse';
    await expectPageShows(ctx, other, path.state);
    return steps;
  } finally {
    for (const context of contexts) await context.close();
  }
}

test.describe('order lifecycle paths in the browser', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const [index, entry] of selected.run.entries()) {
    const path = lifecyclePath(entry);
    test(pathTitle(entry), async ({ browser, request }) => {
      // Every step is a click on a page, a reload of the other side's page and a check of both: about 3 s each
      // when the machine is quiet, three times that on a busy two-core CI runner (a 13-step path took over 120 s there).
      test.setTimeout(60_000 + 15_000 * path.steps.length);
      const distributor = distributorFor('paths', test.info().parallelIndex);
      const steps = await runInBrowser(browser, request, path, distributor, index % 6);
      expect(steps).toBe(path.steps.length + 1);
    });
  }
});

test.describe('order lifecycle browser path coverage', () => {
  test('the paths run in the browser take every transition of the machine (and every event type)', () => {
    test.skip(selection.ids !== undefined, 'a replay runs only the paths it names');
    const model = suiteModel(orderLifecycleSuite);
    const taken = new Set(selected.run.flatMap((entry) => [...entry.transitions]));
    const reached = new Set(selected.run.flatMap((entry) => [...entry.states]));
    expect([...model.transitions].filter((key) => !taken.has(key))).toEqual([]);
    expect([...model.states].filter((id) => !reached.has(id))).toEqual([]);
    const types = new Set<LifecycleEventType>(
      selected.run.flatMap((entry) => lifecyclePath(entry).steps.map((step) => step.event.type)),
    );
    expect([...types].sort()).toEqual(Object.keys(browserExecutors).sort());
    test.info().annotations.push({
      type: 'paths',
      description: `${selected.run.length} of ${selected.generated} paths run in the browser (${selection.mode})`,
    });
  });
});
