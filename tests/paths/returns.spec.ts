// The return machine's model paths in Chromium, against the reference server: every path starts from a real order
// of a distributor of warehouse 1 walked to `completed` (paid by card on the acquirer's sandbox page when the path's
// input says card) and a real return of its lines, as at the API level; then every event is done by the person whose
// role it names, on their page: staff on the return's page (receive: the received and damaged steppers; accept;
// refuse with the comment), the distributor on the order's page (cancel, confirmed); the acquirer's refund is the
// server's own refunds job. After every step both pages, read again, must show the path's status and refund state,
// and each exactly the action buttons the return machine allows its role. The executor table is typed over every
// return event type.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { selectReturnActions } from '../../machines/returns/returns.selectors';
import { returnOutcomeOf } from '../../machines/returns/returns.transitions';
import type { ReturnEvent, ReturnRole } from '../../machines/returns/returns.types';
import { WAREHOUSE_STAFF, contextAs, distributorFor } from '../e2e/warehouse/order-support';
import { expect, test } from '../e2e/support/fixtures';
import type { ModelPath, Snap } from './support/model-paths';
import type { ReturnMachine } from './support/returns.paths';
import { completedOrderFor, requestReturnFor } from './support/returns-orders';
import { type ExecutorTable, runPath } from './support/run-path';
import { pathTitle, selectPaths, selectionFromEnv, suiteModel, type SuitePath } from './support/suite';
import { returnsSuite } from './suites/returns.suite';

type Path = ModelPath<ReturnMachine>;
type Person = 'warehouse' | 'distributor';

interface BrowserCtx {
  orderId: number;
  returnId: number;
  /** Model product id → the real order line's product id. */
  products: Map<number, number>;
  pages: Record<Person, Page>;
  path: Path;
  next: number;
}

const selection = selectionFromEnv();
const selected = selectPaths(returnsSuite, 'browser', selection);

const ACTIONS: Array<[keyof ReturnType<typeof selectReturnActions>, string]> = [
  ['canReceive', 'return.receive'],
  ['canAccept', 'return.accept'],
  ['canRefuse', 'return.refuse'],
  ['canCancel', 'return.cancel'],
];

/** The return as a person's page shows it: staff's return page, or its card on the distributor's order page. */
function shown(ctx: BrowserCtx, person: Person) {
  const page = ctx.pages[person];
  return person === 'warehouse'
    ? page.locator('.order-detail[data-return-status]')
    : page.locator(`.return-details[data-return-id="${ctx.returnId}"]`);
}

function actionsOf(ctx: BrowserCtx, person: Person) {
  return ctx.pages[person].locator(`[data-return-actions="${ctx.returnId}"] [data-action^="return."]`);
}

async function open(ctx: BrowserCtx, person: Person): Promise<void> {
  const page = ctx.pages[person];
  await page.goto(
    person === 'warehouse' ? `/my-orders-warehouse/returns/${ctx.returnId}` : `/my-orders/${ctx.orderId}`,
  );
  await expect(shown(ctx, person)).toBeVisible({ timeout: 15_000 });
}

/** The status the path's next state has: the action's answer is on the page once it shows it. */
function expectedStatus(ctx: BrowserCtx): string {
  const state = ctx.path.steps[ctx.next]?.state;
  if (state === undefined) throw new Error(`no step ${ctx.next}`);
  return returnOutcomeOf(state).status;
}

const realProduct = (ctx: BrowserCtx, model: number): number => {
  const real = ctx.products.get(model);
  if (real === undefined) throw new Error(`no real product for ${model}`);
  return real;
};

/** Types a figure into a stepper and commits it (Enter), as the keyboard does. */
async function setStepper(page: Page, name: string, value: number): Promise<void> {
  const field = page.locator(`input[name="${name}"]`);
  await field.fill(String(value));
  await field.press('Enter');
  await expect(field).toHaveAttribute('aria-valuenow', String(value));
}

const receive = async (event: ReturnEvent, ctx: BrowserCtx) => {
  if (event.type !== 'return.receive') throw new Error(event.type);
  const page = ctx.pages.warehouse;
  await page.locator('[data-action="return.receive"]').click();
  const form = page.locator('form[data-form="return-receipt"]');
  for (const line of event.lines) {
    const product = realProduct(ctx, line.productId);
    await setStepper(page, `received-${product}`, line.received);
    await setStepper(page, `damaged-${product}`, line.damaged);
  }
  await form.locator('button[type="submit"]').click();
  await expect(shown(ctx, 'warehouse')).toHaveAttribute('data-return-status', expectedStatus(ctx));
};

const accept = async (_event: ReturnEvent, ctx: BrowserCtx) => {
  await ctx.pages.warehouse.locator('[data-action="return.accept"]').click();
  await expect(shown(ctx, 'warehouse')).toHaveAttribute('data-return-status', expectedStatus(ctx));
};

const refuse = async (event: ReturnEvent, ctx: BrowserCtx) => {
  if (event.type !== 'return.refuse') throw new Error(event.type);
  const page = ctx.pages.warehouse;
  await page.locator('[data-action="return.refuse"]').click();
  const form = page.locator('form[data-form="return-refuse"]');
  await form.locator('textarea[name="refusal"]').fill(event.comment);
  await form.locator('button[type="submit"]').click();
  await expect(shown(ctx, 'warehouse')).toHaveAttribute('data-return-status', expectedStatus(ctx));
};

const cancel = async (_event: ReturnEvent, ctx: BrowserCtx) => {
  const page = ctx.pages.distributor;
  await actionsOf(ctx, 'distributor').and(page.locator('[data-action="return.cancel"]')).click();
  await page.locator('form[data-form="return-cancel"] button[type="submit"]').click();
  await expect(shown(ctx, 'distributor')).toHaveAttribute('data-return-status', expectedStatus(ctx));
};

/** The refund the acceptance asked for: the server's refunds job gets the acquirer's answer; staff's page shows it. */
const refundConfirmed = async (_event: ReturnEvent, ctx: BrowserCtx) => {
  const page = ctx.pages.warehouse;
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('.return-details__refund').getAttribute('data-refund-state');
      },
      { timeout: 45_000, intervals: [2000] },
    )
    .toBe('refunded');
};

const browserExecutors = {
  'return.receive': receive,
  'return.accept': accept,
  'return.refuse': refuse,
  'return.cancel': cancel,
  'refund.succeeded': refundConfirmed,
} satisfies ExecutorTable<ReturnMachine, BrowserCtx>;

/** Both pages read again show the path's state, and each exactly the buttons the machine allows its role. */
async function expectShown(ctx: BrowserCtx, expected: Snap<ReturnMachine>): Promise<void> {
  const { status, refundState } = returnOutcomeOf(expected);
  for (const person of ['warehouse', 'distributor'] as const) {
    await open(ctx, person);
    await expect(shown(ctx, person)).toHaveAttribute('data-return-status', status);
    const refund = await ctx.pages[person]
      .locator(`.return-details[data-return-id="${ctx.returnId}"] .return-details__refund`)
      .getAttribute('data-refund-state');
    // A refund goes on by itself (the refunds job): one owed may already be back by the time it is read.
    expect(refundState === 'pending' && refund === 'refunded' ? 'pending' : refund, `${person}: refund`).toBe(
      refundState,
    );
    const allowed = selectReturnActions(expected, person satisfies ReturnRole);
    const buttons = ACTIONS.filter(([flag]) => allowed[flag] === true).map(([, action]) => action);
    await expect
      .poll(() => actionsOf(ctx, person).evaluateAll((nodes) => nodes.map((node) => node.dataset.action)))
      .toEqual(buttons);
  }
}

async function pagesFor(browser: Browser, request: APIRequestContext, distributor: string) {
  return {
    warehouse: await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage(),
    distributor: await (await contextAs(browser, request, distributor)).newPage(),
  };
}

test.describe('return paths in the browser', () => {
  for (const [index, entry] of selected.run.entries()) {
    const path = entry.path as Path;
    test(pathTitle(entry), async ({ browser, request }) => {
      test.setTimeout(180_000);
      // The API paths use `paths` distributors from index 2; these take the ones before, a worker one at a time.
      const distributor = distributorFor('paths', test.info().parallelIndex);
      const order = await completedOrderFor(request, distributor, path.input, (index + 3) % 6);
      const products = new Map(
        path.input.lines.map((line, i) => [line.productId, order.lines[i]?.productId ?? -1]),
      );
      const created = await requestReturnFor(request, distributor, order.id, path.input, products);
      const pages = await pagesFor(browser, request, distributor);
      const ctx: BrowserCtx = { orderId: order.id, returnId: created.id, products, pages, path, next: 0 };
      let checks = 0;
      await runPath(path, {
        executors: browserExecutors,
        ctx,
        checkState: async (expected, now, stepIndex) => {
          await expectShown(now, expected);
          now.next = stepIndex + 1;
          checks += 1;
        },
      });
      expect(checks).toBe(path.steps.length + 1);
    });
  }
});

test('the browser paths take every transition of the return machine', () => {
  test.skip(selection.ids !== undefined, 'a replay runs only the paths it names');
  const model = suiteModel(returnsSuite);
  const taken = new Set(selected.run.flatMap((entry: SuitePath) => [...entry.transitions]));
  expect([...model.transitions].filter((key) => !taken.has(key))).toEqual([]);
  expect(selected.unreachable).toEqual([]);
});
