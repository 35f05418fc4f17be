// The checkout machine's model paths at the API level: the production machine runs with real effects against the
// reference server (POST /orders/create with the Idempotency-Key, POST /users/address/new), for a distributor of
// warehouse 1 that no other test uses, with a real bag and a real address book. The user's events are sent to the
// machine (the model's address and pickup-point ids mapped onto the real ones); an actor result in the path is the
// server's real answer, waited for; after every step the machine must be in the state the path says. What the
// server cannot answer for this account (a card amount due at creation, OUT_OF_STOCK, ...) is the suite's
// `checkoutApiCannot` and stays with the machine level. No browser: Playwright's request context only.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { type Actor, createActor, waitFor } from 'xstate';
import { provideCheckout } from '../../machines/checkout/checkout.machine.ts';
import type {
  Address,
  AddressInput,
  CheckoutEvent,
  CheckoutInput,
  Order,
  PendingSubmission,
  PickupPoint,
} from '../../machines/checkout/checkout.types.ts';
import type { CheckoutMachineUnderTest } from '../machines/checkout/checkout-paths.ts';
import { fillBag } from '../e2e/checkout/checkout-support';
import { API_PREFIX, bearer, cachedToken, expect, test } from '../e2e/support/fixtures';
import { type ModelPath, type Snap, stateKey } from './support/model-paths.ts';
import { type ExecutorTable, runPath } from './support/run-path.ts';
import { pathTitle, selectPaths, selectionFromEnv, suiteModel } from './support/suite.ts';
import { checkoutSuite } from './suites/checkout.suite.ts';

test.describe.configure({ mode: 'serial' });

/** A distributor of warehouse 1 that no other test uses (its bag and address book are reset per path). */
const ACCOUNT = 'elena.tkacenko@demo.test';

type Path = ModelPath<CheckoutMachineUnderTest>;

const selection = selectionFromEnv();
const selected = selectPaths(checkoutSuite, 'api', selection);

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return body as T;
}

/** A refusal as the app's client hands it to the machine: the status and the error body (`code`, `details`). */
async function answer<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok())
    throw Object.assign(new Error(`HTTP ${response.status()}`), {
      status: response.status(),
      ...(body as object),
    });
  return body as T;
}

/** The real checkout machine: its effects call the reference server as the account. */
function realMachine(request: APIRequestContext, token: string) {
  const refused = (what: string) => () =>
    Promise.reject(new Error(`${what} is not reachable at the API level`));
  return provideCheckout({
    createOrder: async (pending) =>
      answer<Order>(
        await request.post(`${API_PREFIX}/orders/create`, {
          headers: { ...bearer(token), 'Idempotency-Key': pending.key },
          data: pending.body,
        }),
      ),
    createAddress: async (input: AddressInput) =>
      answer<Address>(
        await request.post(`${API_PREFIX}/users/address/new`, { headers: bearer(token), data: input }),
      ),
    payOrder: refused('payOrder'),
    resendConfirmation: refused('resendConfirmation'),
    newIdempotencyKey: () => `paths-api-${randomUUID()}`,
    persistPending: () => {},
    clearPending: () => {},
    redirectToPayment: () => {},
  });
}

type RealMachine = ReturnType<typeof realMachine>;

interface Ctx {
  actor: Actor<RealMachine>;
  /** Model address / pickup-point id → the real one. */
  ids: Map<number, number>;
}

const real = (ctx: Ctx, id: number) => {
  const mapped = ctx.ids.get(id);
  if (mapped === undefined) throw new Error(`no real id for model id ${id}`);
  return mapped;
};

const send = (event: CheckoutEvent, ctx: Ctx) => {
  ctx.actor.send(event);
};

/** One executor per checkout event type, or this file does not compile. */
const executors = {
  'bag.changed': send,
  'checkout.start': send,
  'checkout.cancel': send,
  'step.next': send,
  'step.back': send,
  'delivery.select': send,
  'address.select': (event, ctx) => send({ ...event, addressId: real(ctx, event.addressId) }, ctx),
  'address.add': send,
  'address.addCancel': send,
  'address.save': send,
  'pickupPoint.select': (event, ctx) =>
    send({ ...event, pickupPointId: real(ctx, event.pickupPointId) }, ctx),
  'comments.change': send,
  'payment.select': send,
  'terms.accept': send,
  'review.editDelivery': send,
  'review.editDestination': send,
  'review.editComments': send,
  'review.editPayment': send,
  'order.submit': send,
  'order.retry': send,
  'payment.retry': send,
  'email.resend': send,
  'email.confirmed': send,
} satisfies ExecutorTable<CheckoutMachineUnderTest, Ctx>;

/** The account's address book: empty, or exactly two addresses (the first one the default). */
async function resetAddressBook(
  request: APIRequestContext,
  token: string,
  empty: boolean,
): Promise<Address[]> {
  const list = await json<Address[]>(
    await request.get(`${API_PREFIX}/users/addresses`, { headers: bearer(token) }),
    'addresses',
  );
  for (const address of list.slice(empty ? 0 : 2))
    await request.delete(`${API_PREFIX}/users/address/${address.id}`, { headers: bearer(token) });
  for (let i = empty ? 0 : list.length; i < (empty ? 0 : 2); i += 1) {
    await json(
      await request.post(`${API_PREFIX}/users/address/new`, {
        data: {
          postIndex: `MD-20${10 + i}`,
          city: 'Chișinău',
          street: `Api street ${i + 1}`,
          house: String(i + 1),
          isDefault: i === 0,
        },
        headers: bearer(token),
      }),
      'new address',
    );
  }
  const book = await json<Address[]>(
    await request.get(`${API_PREFIX}/users/addresses`, { headers: bearer(token) }),
    'addresses',
  );
  return [...book].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

async function expectAt(
  ctx: Ctx,
  expected: Snap<CheckoutMachineUnderTest>,
  awaitAnswer: boolean,
): Promise<void> {
  const want = stateKey(expected);
  if (awaitAnswer) {
    await waitFor(ctx.actor, (snapshot) => stateKey(snapshot) === want, { timeout: 10_000 }).catch(
      () => undefined,
    );
  }
  expect(stateKey(ctx.actor.getSnapshot())).toBe(want);
}

/** A submission left by a refreshed page, with a fresh key and the real pickup point or address. */
function restoredSubmission(
  pending: PendingSubmission | null,
  ids: Map<number, number>,
): PendingSubmission | null {
  if (pending === null) return null;
  const key = `paths-api-restored-${randomUUID()}`;
  const { body } = pending;
  if (body.deliveryType === 'pickup')
    return { key, body: { ...body, pickupPointId: ids.get(body.pickupPointId) ?? 0 } };
  return { key, body: { ...body, addressId: ids.get(body.addressId) ?? 0 } };
}

for (const [index, entry] of selected.run.entries()) {
  const path = entry.path as Path;
  test(`path ${index + 1}/${selected.run.length} — ${pathTitle(entry)}`, async ({ request }) => {
    const token = await cachedToken(request, ACCOUNT);
    const restored = entry.setLabel === 'refresh while submitting';
    await fillBag(request, ACCOUNT, restored ? 1 : 2);
    const book = await resetAddressBook(request, token, path.input.addresses.length === 0);
    const params = await json<{ pickupPoints: PickupPoint[] }>(
      await request.get(`${API_PREFIX}/users/warehouses/get-order-params`, { headers: bearer(token) }),
      'order params',
    );
    const ids = new Map<number, number>();
    path.input.addresses.forEach((address, i) => {
      const mapped = book[i];
      if (mapped) ids.set(address.id, mapped.id);
    });
    path.input.pickupPoints.forEach((point, i) => {
      const mapped = params.pickupPoints[i] ?? params.pickupPoints[0];
      if (mapped) ids.set(point.id, mapped.id);
    });
    const input: CheckoutInput = {
      ...path.input,
      addresses: path.input.addresses.length === 0 ? [] : book,
      pickupPoints: params.pickupPoints,
      pending: restoredSubmission(path.input.pending, ids),
    };
    const actor = createActor(realMachine(request, token), { input });
    actor.start();
    const ctx: Ctx = { actor, ids };
    let checks = 0;
    try {
      await runPath(path, {
        executors,
        ctx,
        // An actor result is the server's answer to the request the machine made: wait for it to arrive.
        system: () => undefined,
        checkState: async (expected, current, stepIndex) => {
          const step = stepIndex < 0 ? undefined : path.steps[stepIndex];
          await expectAt(current, expected, step?.event.type.startsWith('xstate.') ?? false);
          checks += 1;
        },
      });
    } finally {
      actor.stop();
    }
    expect(checks).toBe(path.steps.length + 1);
  });
}

test('the API paths cover every transition the API level can reach, and name the rest', () => {
  test.skip(selection.ids !== undefined, 'a replay runs only the paths it names');
  const model = suiteModel(checkoutSuite);
  const covered = new Set(selected.run.flatMap((entry) => [...entry.transitions]));
  const blocked = new Set(selected.unreachable.map((entry) => entry.id));
  const reachable = new Set(
    model.paths.filter((entry) => !blocked.has(entry.id)).flatMap((entry) => [...entry.transitions]),
  );
  expect([...reachable].filter((key) => !covered.has(key))).toEqual([]);
  for (const key of [...model.transitions].filter((candidate) => !covered.has(candidate)))
    expect(
      selected.unreachable.some((entry) => entry.transitions.has(key)),
      `no reason for ${key}`,
    ).toBe(true);
  expect(covered.size).toBeGreaterThan(model.transitions.size / 2);
});
