// The checkout machine's model paths clicked in Chromium against the reference server. The paths are the ones
// tests/paths/checkout.machine.test.ts runs on the machine (generated from the production machine); this run takes
// every path a browser can drive against the real server (the suite, tests/paths/suites/checkout.suite.ts, says which
// and why not), then a covering subset of them (`selectPaths`, as `npm run paths` does), and proves what it covers:
// the union of the transitions of every runnable path is covered, and each transition left to the machine run has
// a stated reason.
import type { APIRequestContext, Page } from '@playwright/test';
import { selectStep } from '../../machines/checkout/checkout.selectors.ts';
import type { CheckoutMachineUnderTest } from '../machines/checkout/checkout-paths.ts';
import { API_PREFIX, bearer, cachedToken, expect, startSession, test } from '../e2e/support/fixtures';
import { fillBag, textsOf } from '../e2e/checkout/checkout-support';
import type { ModelPath, Snap } from './support/model-paths.ts';
import type { ExecutorTable } from './support/run-path.ts';
import { pathTitle, selectPaths, selectionFromEnv, suiteModel } from './support/suite.ts';
import { checkoutSuite } from './suites/checkout.suite.ts';

test.describe.configure({ mode: 'serial' });

/** A distributor of warehouse 1 that no other browser test uses (its bag and address book are reset per path). */
const ACCOUNT = 'lilia.lungu@demo.test';

type Path = ModelPath<CheckoutMachineUnderTest>;
type Step = Path['steps'][number];

interface Ctx {
  page: Page;
  t: (id: string) => string;
}

/**
 * The paths this run clicks, picked as `npm run paths` picks them (`selectPaths`): a covering set of the paths a
 * browser can drive (`PATHS_SET=all`: all of them; `PATHS_IDS`: a replay). What a browser cannot drive, and why,
 * is the suite's `checkoutBrowserCannot`.
 */
const selection = selectionFromEnv();
const selected = selectPaths(checkoutSuite, 'browser', selection);
const chosen = selected.run.map((entry) => ({
  entry,
  path: entry.path as Path,
  label: entry.setLabel,
}));

test('the browser paths cover every transition a browser can take, and name the rest', () => {
  test.skip(selection.ids !== undefined, 'a replay runs only the paths it names');
  const model = suiteModel(checkoutSuite);
  const covered = new Set(selected.run.flatMap((entry) => [...entry.transitions]));
  const unreachable = new Set(selected.unreachable.map((entry) => entry.id));
  const reachable = new Set(
    model.paths.filter((entry) => !unreachable.has(entry.id)).flatMap((entry) => [...entry.transitions]),
  );
  const machineOnly = [...model.transitions].filter((key) => !covered.has(key));
  const reasons = new Map<string, string>();
  for (const entry of selected.unreachable)
    for (const key of entry.transitions)
      if (!covered.has(key) && !reasons.has(key)) reasons.set(key, entry.reason);
  console.log(
    `checkout paths: ${model.paths.length} generated, ${model.paths.length - unreachable.size} runnable in a browser, ${chosen.length} clicked; ` +
      `transitions ${covered.size}/${model.transitions.size} in the browser, the rest on the machine run:\n` +
      machineOnly
        .map((key) => `  ${key} — ${reasons.get(key) ?? 'not reachable by a runnable path'}`)
        .join('\n'),
  );
  expect([...reachable].filter((key) => !covered.has(key))).toEqual([]);
  for (const key of machineOnly) expect(reasons.has(key), `no reason for ${key}`).toBe(true);
  expect(covered.size).toBeGreaterThan(model.transitions.size / 2);
});

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** The account's address book: empty, or at least two addresses (the first one the default). */
async function resetAddressBook(request: APIRequestContext, empty: boolean): Promise<void> {
  const token = await cachedToken(request, ACCOUNT);
  const list = await json<Array<{ id: number }>>(
    await request.get(`${API_PREFIX}/users/addresses`, { headers: bearer(token) }),
  );
  if (empty) {
    for (const address of list) {
      await request.delete(`${API_PREFIX}/users/address/${address.id}`, { headers: bearer(token) });
    }
    return;
  }
  for (let i = list.length; i < 2; i += 1) {
    await json(
      await request.post(`${API_PREFIX}/users/address/new`, {
        data: {
          postIndex: `MD-20${10 + i}`,
          city: 'Chișinău',
          street: `Path street ${i + 1}`,
          house: String(i + 1),
        },
        headers: bearer(token),
      }),
    );
  }
}

const checkoutSection = (ctx: Ctx) => ctx.page.locator('section.checkout');
const button = (ctx: Ctx, name: string) => ctx.page.getByRole('button', { name: ctx.t(name), exact: true });

const executors = {
  'bag.changed': () => {
    throw new Error('not runnable in the browser');
  },
  'checkout.start': async (_, ctx) => button(ctx, 'Proceed to checkout').click(),
  'checkout.cancel': async (_, ctx) => {
    const inFailure = (await checkoutSection(ctx).getAttribute('data-step')) === 'failed';
    await button(ctx, inFailure ? 'Back to the bag' : 'Cancel checkout').click();
  },
  'step.next': async (_, ctx) => checkoutSection(ctx).locator('.checkout-nav button.button--primary').click(),
  'step.back': async (_, ctx) => {
    const inFailure = (await checkoutSection(ctx).getAttribute('data-step')) === 'failed';
    await button(ctx, inFailure ? 'Back to the review' : 'Back').click();
  },
  'delivery.select': async (event, ctx) =>
    ctx.page.locator(`input[name="delivery-type"][value="${event.deliveryType}"]`).check(),
  'address.select': async (_, ctx) => ctx.page.locator('input[name="delivery-address"]').nth(1).check(),
  'address.add': async (_, ctx) => button(ctx, 'Add a new address').click(),
  'address.addCancel': async (_, ctx) => button(ctx, 'Cancel').click(),
  'address.save': async (event, ctx) => {
    const field = (label: string) => ctx.page.getByLabel(ctx.t(label), { exact: true });
    await field('Post index').fill(event.address.postIndex);
    await field('City').fill(event.address.city);
    await field('Street').fill(event.address.street);
    await field('House').fill(event.address.house);
    await button(ctx, 'Save the address').click();
  },
  'pickupPoint.select': async (_, ctx) => ctx.page.locator('input[name="pickup-point"]').first().check(),
  'comments.change': async (event, ctx) => {
    const courier = ctx.page.getByLabel(ctx.t('Comment to the courier (optional)'));
    if ((await courier.count()) > 0) await courier.fill(event.courierComment);
    await ctx.page.getByLabel(ctx.t('Order comment (optional)')).fill(event.comment);
  },
  'payment.select': async (event, ctx) =>
    ctx.page.locator(`input[name="payment-method"][value="${event.paymentMethod}"]`).check(),
  'terms.accept': async (event, ctx) =>
    ctx.page.locator('input[name="accept-terms"]').setChecked(event.accepted),
  'review.editDelivery': async (_, ctx) =>
    ctx.page.getByRole('button', { name: new RegExp(ctx.t('how to receive the order')) }).click(),
  'review.editDestination': async (_, ctx) =>
    ctx.page
      .getByRole('button', {
        name: new RegExp(`${ctx.t('the delivery address')}|${ctx.t('the pickup point')}`),
      })
      .click(),
  'review.editComments': async (_, ctx) =>
    ctx.page.getByRole('button', { name: new RegExp(ctx.t('the comments')) }).click(),
  'review.editPayment': async (_, ctx) =>
    ctx.page.getByRole('button', { name: new RegExp(ctx.t('the payment method')) }).click(),
  'order.submit': async (_, ctx) => button(ctx, 'Place the order').click(),
  'order.retry': async (_, ctx) => button(ctx, 'Try again').click(),
  'payment.retry': async (_, ctx) => button(ctx, 'Try the payment again').click(),
  'email.resend': async (_, ctx) => button(ctx, 'Send the link again').click(),
  'email.confirmed': () => {
    throw new Error('not runnable in the browser');
  },
} satisfies ExecutorTable<CheckoutMachineUnderTest, Ctx>;

async function expectShows(ctx: Ctx, expected: Snap<CheckoutMachineUnderTest>): Promise<void> {
  const step = selectStep(expected);
  // The request to a fast local server is over before a check could see it: `submitting` is checked by what follows.
  if (step === 'submitting') return;
  if (step === 'bag') await expect(checkoutSection(ctx)).toHaveCount(0);
  else await expect(checkoutSection(ctx)).toHaveAttribute('data-step', step);
  if (expected.matches({ steps: { address: 'adding' } })) {
    await expect(button(ctx, 'Save the address')).toBeEnabled();
  }
  if (expected.matches({ steps: { address: 'choosing' } }) && expected.context.addressId !== null) {
    await expect(ctx.page.locator('input[name="delivery-address"]:checked')).toHaveCount(1);
  }
}

for (const [index, { entry, path, label }] of chosen.entries()) {
  test(`path ${index + 1}/${chosen.length} — ${pathTitle(entry)}`, async ({ page, request }) => {
    const restored = label === 'refresh while submitting';
    await fillBag(request, ACCOUNT, restored ? 1 : 2);
    await resetAddressBook(request, label === 'a new address during checkout');
    const token = await startSession(page, request, ACCOUNT);
    if (restored) {
      // A submission left in session storage by a page that was refreshed: a real key and body of this account.
      const me = await json<{ id: number }>(
        await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) }),
      );
      const params = await json<{ pickupPoints: Array<{ id: number }> }>(
        await request.get(`${API_PREFIX}/users/warehouses/get-order-params`, { headers: bearer(token) }),
      );
      const pending = {
        key: `path-${Date.now()}-${index}`,
        body: {
          deliveryType: 'pickup',
          pickupPointId: params.pickupPoints[0]?.id ?? 0,
          paymentMethod: 'cash',
        },
      };
      await page.addInitScript(
        ([key, value]) => {
          if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
        },
        [`checkout-pending:${me.id}`, JSON.stringify(pending)] as const,
      );
    }
    // A lost answer: the request of the step before a NETWORK_ERROR result never reaches the server.
    let dropNext = 0;
    await page.route('**/api/v3/orders/create', async (route) => {
      if (dropNext > 0) {
        dropNext -= 1;
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    const losesAnswer = (step: Step | undefined) =>
      step?.event.type === ('xstate.error.actor.createOrder' as string);
    if (restored && losesAnswer(path.steps[0])) dropNext += 1;

    await page.goto('/shopping-bag');
    const ctx: Ctx = { page, t: await textsOf(page, request, ACCOUNT) };
    await expectShows(ctx, path.start);
    for (const [i, step] of path.steps.entries()) {
      const type = step.event.type as string;
      if (losesAnswer(path.steps[i + 1]) && (type === 'order.submit' || type === 'order.retry'))
        dropNext += 1;
      if (!type.startsWith('xstate.')) {
        const execute = executors[step.event.type] as (event: typeof step.event, ctx: Ctx) => Promise<void>;
        await execute(step.event, ctx);
      }
      await expectShows(ctx, step.state);
    }
  });
}
