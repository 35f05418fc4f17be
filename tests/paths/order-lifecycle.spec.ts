// The order-lifecycle model paths, run by clicking in Chromium against the reference server: every path starts from
// a real order (cart + POST /orders/create by a distributor of warehouse 1), and every event is executed by a person
// on the order page (warehouse staff or the distributor) or, for the payment provider's events, by submitting the
// provider's page. After every step the page must show the state the path says, and exactly the action buttons the
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
  submitProviderPage,
  warehouseOrderPath,
} from '../e2e/warehouse/order-support';
import { expect, test } from '../e2e/support/fixtures';
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

/** The provider's outcome: the distributor pays from the order page and the provider page records the result. */
const providerOutcome =
  (outcome: 'paid' | 'failed') =>
  async (_event: OrderLifecycleEvent, ctx: BrowserCtx): Promise<void> => {
    const page = await pageFor(ctx, 'distributor');
    await page.locator('[data-action="payment.pay"]').click();
    await submitProviderPage(page, outcome);
    ctx.fresh = new Set();
    ctx.lastPerson = 'distributor';
  };

/** Pay again after a failure: a new attempt is opened (the browser goes to the provider page and comes back). */
const retryPayment = async (_event: OrderLifecycleEvent, ctx: BrowserCtx) => {
  const page = await pageFor(ctx, 'distributor');
  await page.locator('[data-action="payment.retry"]').click();
  await page.waitForURL(/\/payment\/provider\//);
  ctx.fresh = new Set();
  ctx.lastPerson = 'distributor';
};

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
  'payment.succeeded': providerOutcome('paid'),
  'payment.failed': providerOutcome('failed'),
  'payment.retry': retryPayment,
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
  await expect(detail).toHaveAttribute('data-payment-state', paymentState);
  const shown = await page
    .locator('[data-action]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action') ?? ''));
  expect(shown, `${person} buttons in ${status}/${paymentState}`).toEqual(expectedButtons(expected, person));
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
    };
    let steps = 0;
    await runPath(path, {
      executors: browserExecutors,
      ctx,
      checkState: async (expected, current) => {
        await expectPageShows(current, current.lastPerson, expected);
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
      test.setTimeout(120_000);
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
