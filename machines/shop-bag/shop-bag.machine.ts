import { assign, setup } from 'xstate';
import { addLine, removeLine, setLineQuantity } from './shop-bag.rules.ts';
import type { ShopBagContext, ShopBagEvent, ShopBagInput, ShopBagLine } from './shop-bag.types.ts';

/** Keeps the lines as they are after the change (the action runs after the `assign` before it). */
const persist = {
  type: 'persist',
  params: ({ context }: { context: ShopBagContext }) => ({ alias: context.alias, lines: context.lines }),
} as const;

/**
 * The bag of a visitor without an account on a distributor's storefront (`/s/{alias}`,
 * docs/adr/0147-the-storefront-and-client-checkout.md). It lives in the browser only, one per shop: each change is
 * kept in local storage (`persist`, the app's), and the machine starts from what was kept. It becomes the server's
 * cart when the visitor signs up or in (the client sign-up machine), after which it is cleared.
 *
 *   ready --shopBag.add | shopBag.set | shopBag.remove | shopBag.clear--> ready (persist)
 *
 * One state: a local bag cannot fail or wait. The rules (quantities, limits, reading storage) are
 * `shop-bag.rules.ts`.
 */
export const shopBagMachine = setup({
  types: {
    context: {} as ShopBagContext,
    events: {} as ShopBagEvent,
    input: {} as ShopBagInput,
  },
  actions: {
    /** Keeps the lines in local storage under the shop's key (the app's). */
    persist: (_, _params: { alias: string; lines: ShopBagLine[] }) => {},
  },
}).createMachine({
  id: 'shopBag',
  context: ({ input }) => ({ alias: input.alias, lines: input.lines }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'shopBag.add': {
          actions: [
            assign({ lines: ({ context, event }) => addLine(context.lines, event.good, event.quantity) }),
            persist,
          ],
        },
        'shopBag.set': {
          actions: [
            assign({
              lines: ({ context, event }) => setLineQuantity(context.lines, event.productId, event.quantity),
            }),
            persist,
          ],
        },
        'shopBag.remove': {
          actions: [
            assign({ lines: ({ context, event }) => removeLine(context.lines, event.productId) }),
            persist,
          ],
        },
        'shopBag.clear': { actions: [assign({ lines: [] }), persist] },
      },
    },
  },
});

export type ShopBagMachine = typeof shopBagMachine;
