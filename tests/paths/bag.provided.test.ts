import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type AnyStateMachine, createActor } from 'xstate';
import type { Cart, Wishlist } from '../../machines/bag/bag.types.ts';
import { provideBag } from '../../src/data/bag.actors.ts';
import { bagKeys, catalogueKeys, wishlistKeys } from '../../src/data/keys.ts';
import {
  type BagActorResultType,
  bagMachineExecutors,
  bagPathMachine,
  bagPathSets,
  cartFixture,
  sendBagEvent,
  wishlistFixture,
} from './suites/bag.suite.ts';
import { assertFullCoverage } from './support/coverage.ts';
import { type Evt, type ModelPath, type Snap, snapshotKey } from './support/model-paths.ts';
import { type Executor, runPath, runPathOnMachine } from './support/run-path.ts';

/**
 * The bag suite's paths (`tests/paths/suites/bag.suite.ts`, which `npm run paths` and the registry test run at
 * machine level) run here once more on the machine as the app provides it (`provideBag`), over fake calls that the
 * executor table settles, with the query cache, the failure reports and the stock refreshes checked after each answer.
 */
const serverError = { status: 500, message: 'Unknown error' };

type BagMachineUnderTest = typeof bagPathMachine;
type BagEvt = Evt<BagMachineUnderTest>;
type PathEvent = BagEvt | { type: BagActorResultType; output?: unknown; error?: unknown };

const sets = bagPathSets();

/** The calls the provided machine makes, each left pending until the path's actor event settles it. */
class FakeShop {
  pending: Array<{
    kind: 'cart' | 'wishlist';
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }> = [];
  calls: string[] = [];

  private call<T>(kind: 'cart' | 'wishlist', name: string): Promise<T> {
    this.calls.push(name);
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ kind, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  cart = {
    addToCart: () => this.call<Cart>('cart', 'add-to-cart(add)'),
    setCartQuantity: () => this.call<Cart>('cart', 'add-to-cart(set)'),
    removeFromCart: () => this.call<Cart>('cart', 'remove-from-cart'),
  };

  wishlist = {
    addToWishlist: () => this.call<Wishlist>('wishlist', 'wishlist/add'),
    removeFromWishlist: () => this.call<Wishlist>('wishlist', 'wishlist/remove'),
  };

  settle(kind: 'cart' | 'wishlist', outcome: { output?: unknown; error?: unknown }): void {
    const call = this.pending.shift();
    expect(call?.kind, `a pending ${kind} call`).toBe(kind);
    if (outcome.error === undefined) call?.resolve(outcome.output);
    else call?.reject(outcome.error);
  }
}

interface Ctx {
  actor: ReturnType<typeof createActor<ReturnType<typeof provideBag>>>;
  shop: FakeShop;
  queryClient: QueryClient;
  failures: unknown[];
}

const send = (event: BagEvt, ctx: Ctx) => {
  sendBagEvent(event, ctx.actor);
};
const answer =
  (kind: 'cart' | 'wishlist') =>
  async (event: PathEvent, ctx: Ctx): Promise<void> => {
    const outcome =
      'error' in event && event.error !== undefined
        ? { error: event.error }
        : { output: (event as { output?: unknown }).output };
    ctx.shop.settle(kind, outcome);
    await Promise.resolve();
  };

/**
 * One executor per event of the machine (the suite's table, sent to the provided actor) and per actor result (the
 * fake call settled): a new event without one does not compile.
 */
const executors = {
  ...(Object.fromEntries(Object.keys(bagMachineExecutors).map((type) => [type, send])) as Record<
    keyof typeof bagMachineExecutors,
    typeof send
  >),
  'xstate.done.actor.changeBag': answer('cart'),
  'xstate.error.actor.changeBag': answer('cart'),
  'xstate.done.actor.moveIntoBag': answer('cart'),
  'xstate.error.actor.moveIntoBag': answer('cart'),
  'xstate.done.actor.changeWishlist': answer('wishlist'),
  'xstate.error.actor.changeWishlist': answer('wishlist'),
  'xstate.done.actor.moveOutOfWishlist': answer('wishlist'),
  'xstate.error.actor.moveOutOfWishlist': answer('wishlist'),
} satisfies Record<BagEvt['type'] | BagActorResultType, Executor<never, Ctx>>;

async function runProvided(path: ModelPath<BagMachineUnderTest>): Promise<Ctx> {
  const shop = new FakeShop();
  const queryClient = new QueryClient();
  const failures: unknown[] = [];
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  const actor = createActor(
    provideBag({
      cart: shop.cart,
      wishlist: shop.wishlist,
      queryClient,
      reportFailure: (e) => failures.push(e),
    }),
  );
  actor.start();
  const ctx: Ctx = { actor, shop, queryClient, failures };
  let expectedFailures = 0;
  let expectedStockRefreshes = 0;
  const stockRefreshes = () =>
    invalidated.filter((key) => JSON.stringify(key) === JSON.stringify(catalogueKeys.all())).length;
  await runPath(path, {
    executors: executors,
    ctx,
    checkState: async (expected: Snap<BagMachineUnderTest>, _ctx, index) => {
      await vi.waitFor(() => expect(snapshotKey(actor.getSnapshot())).toBe(snapshotKey(expected)));
      const step = index >= 0 ? path.steps[index] : undefined;
      const type: string = step?.event.type ?? '';
      if (type.startsWith('xstate.done.actor.')) {
        const key = type.endsWith('Bag') ? bagKeys.all() : wishlistKeys.all();
        expect(queryClient.getQueryData(key)).toEqual(type.endsWith('Bag') ? cartFixture : wishlistFixture);
      }
      if (type.startsWith('xstate.error.actor.')) {
        // Every failure is reported; a refusal for stock also re-reads the products, the bag and the wishlist.
        expectedFailures += 1;
        const stock = (step?.event as { error?: { code?: string } }).error?.code === 'OUT_OF_STOCK';
        if (stock) expectedStockRefreshes += 1;
        expect(failures).toHaveLength(expectedFailures);
        expect(stockRefreshes()).toBe(expectedStockRefreshes);
      }
    },
  });
  actor.stop();
  return ctx;
}

describe('bag machine paths', () => {
  it('cover every state, edge and transition of the machine', () => {
    const report = assertFullCoverage(bagPathMachine as AnyStateMachine, sets);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStateNodes).toEqual([]);
    expect(report.counts.paths).toBeGreaterThan(10);
  });

  for (const set of sets) {
    describe(set.label, () => {
      for (const path of set.paths) {
        it(path.description, async () => {
          const walk = runPathOnMachine(bagPathMachine, path);
          expect(walk.transitions.size).toBeGreaterThan(0);
          const { shop } = await runProvided(path);
          expect(shop.pending).toHaveLength(
            path.state.matches('idle') || path.state.matches('halfMoved') ? 0 : 1,
          );
        });
      }
    });
  }

  it('finishes a half-done move without adding a second unit to the bag', async () => {
    const shop = new FakeShop();
    const actor = createActor(
      provideBag({
        cart: shop.cart,
        wishlist: shop.wishlist,
        queryClient: new QueryClient(),
        reportFailure: () => {},
      }),
    ).start();
    actor.send({ type: 'wishlist.moveToBag', productId: 7 });
    shop.settle('cart', { output: cartFixture });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ moving: 'outOfWishlist' })).toBe(true));
    shop.settle('wishlist', { error: serverError });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('halfMoved')).toBe(true));
    actor.send({ type: 'wishlist.moveToBag', productId: 7 });
    shop.settle('wishlist', { output: wishlistFixture });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('idle')).toBe(true));
    expect(shop.calls).toEqual(['add-to-cart(add)', 'wishlist/remove', 'wishlist/remove']);
  });
});
