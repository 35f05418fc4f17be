import { assign, emit, fromPromise, setup } from 'xstate';
import type {
  BagChange,
  BagContext,
  BagEmitted,
  BagEvent,
  Cart,
  Wishlist,
  WishlistChange,
} from './bag.types.ts';
import { bagChangeOf, codeOf } from './bag.rules.ts';

/**
 * Changes of the bag and the wishlist, for one control of a view (a product's "Add to bag", its heart, a bag line,
 * a wishlist card): each control runs its own actor, so two products change independently, as before.
 *
 * idle --bag.add | bag.set | bag.remove--> changingBag --done--> idle   (`cartChanged`, emits `bag.changed`)
 *      --wishlist.add | wishlist.remove--> changingWishlist --done--> idle      (`wishlistChanged`)
 *      --wishlist.moveToBag--> moving.intoBag --done--> moving.outOfWishlist --done--> idle  (emits `wishlist.moved`)
 *
 * A failure is reported (`reportFailure`, the app's toast) and a refusal for stock (`OUT_OF_STOCK`) also calls
 * `stockChanged` (the app reads products, bag and wishlist again). A move that added the unit but could not take
 * the product off the wishlist rests in `halfMoved`: the bag has it, the wishlist still lists it, and moving it
 * again only finishes the second call (it never adds a second unit). Events while a call runs are ignored.
 */

const injected = (name: string) => () => {
  throw new Error(`${name} is provided by the app (provideBag)`);
};

const bagSetup = setup({
  types: {
    context: {} as BagContext,
    events: {} as BagEvent,
    emitted: {} as BagEmitted,
  },
  actors: {
    changeBag: fromPromise<Cart, BagChange>(injected('changeBag')),
    changeWishlist: fromPromise<Wishlist, WishlistChange>(injected('changeWishlist')),
  },
  guards: {
    /** The server refused for stock: the stock figures on screen are stale. */
    outOfStock: (_, params: { error: unknown }) => codeOf(params.error) === 'OUT_OF_STOCK',
  },
  actions: {
    cartChanged: (_, _params: { cart: Cart }) => undefined,
    wishlistChanged: (_, _params: { wishlist: Wishlist }) => undefined,
    reportFailure: (_, _params: { error: unknown }) => undefined,
    stockChanged: () => undefined,
    noteFailure: assign((_, params: { error: unknown }) => ({ errorCode: codeOf(params.error) })),
  },
});

export const bagMachine = bagSetup.createMachine({
  id: 'bag',
  context: { change: null, wishlistChange: null, moving: null, errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'bag.add': { target: 'changingBag', actions: assign({ change: ({ event }) => bagChangeOf(event) }) },
        'bag.set': { target: 'changingBag', actions: assign({ change: ({ event }) => bagChangeOf(event) }) },
        'bag.remove': {
          target: 'changingBag',
          actions: assign({ change: ({ event }) => bagChangeOf(event) }),
        },
        'wishlist.add': {
          target: 'changingWishlist',
          actions: assign({ wishlistChange: ({ event }) => ({ kind: 'add', productId: event.productId }) }),
        },
        'wishlist.remove': {
          target: 'changingWishlist',
          actions: assign({
            wishlistChange: ({ event }) => ({ kind: 'remove', productId: event.productId }),
          }),
        },
        'wishlist.moveToBag': {
          target: 'moving',
          actions: assign({ moving: ({ event }) => event.productId }),
        },
      },
    },
    changingBag: {
      invoke: {
        id: 'changeBag',
        src: 'changeBag',
        input: ({ context }): BagChange => context.change ?? { kind: 'add', productId: 0, quantity: 0 },
        onDone: {
          target: 'idle',
          actions: [
            assign({ errorCode: null }),
            { type: 'cartChanged', params: ({ event }) => ({ cart: event.output }) },
            emit(({ context, event }) => ({
              type: 'bag.changed' as const,
              change: context.change ?? { kind: 'add' as const, productId: 0, quantity: 0 },
              cart: event.output,
            })),
          ],
        },
        onError: [
          {
            guard: { type: 'outOfStock', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [
              { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'stockChanged',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    changingWishlist: {
      invoke: {
        id: 'changeWishlist',
        src: 'changeWishlist',
        input: ({ context }): WishlistChange => context.wishlistChange ?? { kind: 'add', productId: 0 },
        onDone: {
          target: 'idle',
          actions: [
            assign({ errorCode: null }),
            { type: 'wishlistChanged', params: ({ event }) => ({ wishlist: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'outOfStock', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [
              { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'stockChanged',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    moving: {
      initial: 'intoBag',
      states: {
        intoBag: {
          invoke: {
            id: 'moveIntoBag',
            src: 'changeBag',
            input: ({ context }): BagChange => ({ kind: 'add', productId: context.moving ?? 0, quantity: 1 }),
            onDone: {
              target: 'outOfWishlist',
              actions: { type: 'cartChanged', params: ({ event }) => ({ cart: event.output }) },
            },
            onError: [
              {
                guard: { type: 'outOfStock', params: ({ event }) => ({ error: event.error }) },
                target: '#bag.idle',
                actions: [
                  { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                  'stockChanged',
                  assign({ moving: null }),
                ],
              },
              {
                target: '#bag.idle',
                actions: [
                  { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                  assign({ moving: null }),
                ],
              },
            ],
          },
        },
        outOfWishlist: {
          invoke: {
            id: 'moveOutOfWishlist',
            src: 'changeWishlist',
            input: ({ context }): WishlistChange => ({ kind: 'remove', productId: context.moving ?? 0 }),
            onDone: {
              target: '#bag.idle',
              actions: [
                { type: 'wishlistChanged', params: ({ event }) => ({ wishlist: event.output }) },
                emit(({ context }) => ({ type: 'wishlist.moved' as const, productId: context.moving ?? 0 })),
                assign({ moving: null, errorCode: null }),
              ],
            },
            onError: [
              {
                guard: { type: 'outOfStock', params: ({ event }) => ({ error: event.error }) },
                target: '#bag.halfMoved',
                actions: [
                  { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                  'stockChanged',
                ],
              },
              {
                target: '#bag.halfMoved',
                actions: [
                  { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },
    /** The unit is in the bag, the product still in the wishlist: moving it again only takes it off the list. */
    halfMoved: {
      on: {
        'wishlist.moveToBag': { target: 'moving.outOfWishlist' },
        'wishlist.remove': {
          target: 'changingWishlist',
          actions: assign({
            moving: null,
            wishlistChange: ({ event }) => ({ kind: 'remove' as const, productId: event.productId }),
          }),
        },
      },
    },
  },
});

export type BagMachine = typeof bagMachine;
