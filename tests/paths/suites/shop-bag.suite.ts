import type { Actor } from 'xstate';
import { shopBagMachine } from '#machines/shop-bag/shop-bag.machine.ts';
import type { ShopBagEvent, ShopBagGood } from '#machines/shop-bag/shop-bag.types.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/** The storefront's local bag: a product added, its quantity set, removed, the bag cleared after its move. */
export const shopBagPathMachine = shopBagMachine.provide({ actions: { persist: () => undefined } });
type Machine = typeof shopBagPathMachine;

const good: ShopBagGood = {
  id: 7,
  name: { ru: 'Помада', en: 'Lipstick', ro: 'Ruj', uk: 'Помада', it: 'Rossetto' },
  imageUrl: 'https://portal.test/media/7.webp',
  price: 12_500,
  currency: 'MDL',
};

const events: Array<Evt<Machine>> = [
  { type: 'shopBag.add', good, quantity: 1 },
  { type: 'shopBag.set', productId: 7, quantity: 3 },
  { type: 'shopBag.remove', productId: 7 },
  { type: 'shopBag.clear' },
];

const send = (event: ShopBagEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const shopBagMachineExecutors = {
  'shopBag.add': send,
  'shopBag.set': send,
  'shopBag.remove': send,
  'shopBag.clear': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const shopBagSuite = definePathSuite({
  name: 'shop-bag',
  file: 'machines/shop-bag/shop-bag.machine.ts',
  machine: shopBagPathMachine,
  sets: () => [
    generatePaths(shopBagPathMachine, {
      label: 'a visitor of elena-ciobanu',
      input: { alias: 'elena-ciobanu', lines: [] },
      // One add per path: each add is a new context, and the graph would grow a path of adds to the line's limit.
      events: (snapshot) =>
        events.filter((event) => event.type !== 'shopBag.add' || snapshot.context.lines.length === 0),
    }),
  ],
  levels: {
    machine: machineLevel(shopBagPathMachine, shopBagMachineExecutors),
    api: 'no API at this level: the bag lives in local storage until the visitor signs up or in',
    browser:
      'no generated-path executor at this level yet: tests/e2e/shop/storefront.spec.ts adds products by hand',
  },
});
