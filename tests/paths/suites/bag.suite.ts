import { type Actor, fromPromise } from 'xstate';
import { bagMachine } from '#machines/bag/bag.machine.ts';
import type { BagChange, BagEvent, Cart, Wishlist, WishlistChange } from '#machines/bag/bag.types.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The bag machine: bag and wishlist changes, move-to-bag with its half-done state, every call answered, refused
 * for stock (`OUT_OF_STOCK`) or failing. Actor results are path events (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`). tests/paths/bag.machine.test.ts runs the same paths again on the machine as the app
 * provides it (`provideBag`) over fake calls, checking the query cache after each answer.
 */

const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}));
export const bagPathMachine = bagMachine.provide({
  actors: { changeBag: never<Cart, BagChange>(), changeWishlist: never<Wishlist, WishlistChange>() },
});
type Machine = typeof bagPathMachine;
type BagEvt = Evt<Machine>;

export const cartFixture = { items: [], totals: { itemCount: 1 } } as unknown as Cart;
export const wishlistFixture = { productIds: [], items: [] } as unknown as Wishlist;
const outOfStock = { status: 409, code: 'OUT_OF_STOCK' };
const serverError = { status: 500, message: 'Unknown error' };

/** The actor ids the machine invokes, and what each answers. */
export const BAG_ACTORS = {
  changeBag: cartFixture,
  moveIntoBag: cartFixture,
  changeWishlist: wishlistFixture,
  moveOutOfWishlist: wishlistFixture,
} as const;
export type BagActorId = keyof typeof BAG_ACTORS;
export type BagActorResultType = `xstate.done.actor.${BagActorId}` | `xstate.error.actor.${BagActorId}`;

function systemEvent(event: { type: BagActorResultType; [key: string]: unknown }): BagEvt {
  return event as unknown as BagEvt;
}

const userEvents: BagEvt[] = [
  { type: 'bag.add', productId: 7, quantity: 2 },
  { type: 'bag.set', productId: 7, quantity: 3 },
  { type: 'bag.remove', productId: 7 },
  { type: 'wishlist.add', productId: 7 },
  { type: 'wishlist.remove', productId: 7 },
  { type: 'wishlist.moveToBag', productId: 7 },
];

const actorEvents: BagEvt[] = (Object.keys(BAG_ACTORS) as BagActorId[]).flatMap((id) => [
  systemEvent({ type: `xstate.done.actor.${id}`, output: BAG_ACTORS[id] }),
  systemEvent({ type: `xstate.error.actor.${id}`, error: outOfStock }),
  systemEvent({ type: `xstate.error.actor.${id}`, error: serverError }),
]);

export const bagPathSets = () => [
  generatePaths(bagPathMachine, {
    label: 'bag',
    input: undefined,
    events: () => [...userEvents, ...actorEvents],
  }),
];

/** Machine level: every user event goes to the actor as it is (actor results go as they are, too). */
export const sendBagEvent = (event: BagEvent, actor: { send: (event: BagEvent) => void }) => {
  actor.send(event);
};

export const bagMachineExecutors = {
  'bag.add': sendBagEvent,
  'bag.set': sendBagEvent,
  'bag.remove': sendBagEvent,
  'wishlist.add': sendBagEvent,
  'wishlist.remove': sendBagEvent,
  'wishlist.moveToBag': sendBagEvent,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const bagSuite = definePathSuite({
  name: 'bag',
  file: 'machines/bag/bag.machine.ts',
  machine: bagPathMachine,
  sets: bagPathSets,
  levels: {
    machine: machineLevel(bagPathMachine, bagMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/catalogue/cart.test.ts and wishlist.test.ts call the bag and wishlist endpoints by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/shopping/catalogue.spec.ts and wishlist.spec.ts add, move and remove by hand (a browser cannot make the server answer OUT_OF_STOCK for a product it just showed in stock)',
  },
});
