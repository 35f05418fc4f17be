import { type Actor, assign, fromPromise } from 'xstate';
import { quickOrderMachine } from '#machines/quick-order/quick-order.machine.ts';
import { attemptFor } from '#machines/quick-order/quick-order.rules.ts';
import type {
  QuickOrderAdded,
  QuickOrderAttempt,
  QuickOrderEvent,
  QuickOrderLine,
  QuickOrderResolution,
} from '#machines/quick-order/quick-order.types.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * Order by code: typing (a blank text, two texts, back to the text already read), the pause before reading, the
 * reading answered or failing, "Add" before and after the text is read, the add answered (all added, or some entries
 * left, read again) or failing (refused, or no answer: the key kept for the retry), and "Try again". Actor results
 * and the pause are path events (`xstate.done.actor.resolveCodes`, `xstate.after.resolveDelay.quickOrder.debouncing`).
 */

/** The key every path's add gets (a constant: a path's snapshots must be the same on every run). */
export const PATH_KEY = 'quick-order-path-key';

export const quickOrderPathMachine = quickOrderMachine.provide({
  actors: {
    resolveCodes: fromPromise<QuickOrderResolution, { text: string }>(
      () => new Promise<QuickOrderResolution>(() => {}),
    ),
    addByCodes: fromPromise<QuickOrderAdded, QuickOrderAttempt>(() => new Promise<QuickOrderAdded>(() => {})),
  },
  actions: {
    prepareAttempt: assign({ attempt: ({ context }) => attemptFor(context, () => PATH_KEY) }),
  },
});
type Machine = typeof quickOrderPathMachine;
type QEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as QEvt;

/** Two entries: one that can be added, one unknown code. */
const BOTH = 'PF-1024 2, XX-0000';
/** The unknown code alone: what is left after adding `BOTH`. */
const UNKNOWN = 'XX-0000';

const product = {
  id: 7,
  sku: 'PF-1024',
  name: { ru: 'Помада', en: 'Lipstick', ro: 'Ruj', uk: 'Помада', it: 'Rossetto' },
  price: 12_000,
  promoPrice: null,
  currency: 'MDL',
  points: 4,
  stock: 10,
} as unknown as NonNullable<QuickOrderLine['product']>;

const okLine: QuickOrderLine = {
  index: 1,
  input: 'PF-1024 2',
  code: 'PF-1024',
  quantity: 2,
  status: 'ok',
  product,
  available: 10,
  inBag: 0,
  toAdd: 2,
  duplicateOf: null,
};
const unknownLine = (index: number): QuickOrderLine => ({
  index,
  input: 'XX-0000',
  code: 'XX-0000',
  quantity: 1,
  status: 'unknown',
  product: null,
  available: 0,
  inBag: 0,
  toAdd: 0,
  duplicateOf: null,
});

const cart = { items: [], totals: {}, currency: 'MDL' } as unknown as QuickOrderAdded['cart'];

const typed = (text: string): QEvt => ({ type: 'text.changed', text });
const add: QEvt = { type: 'add' };
const retry: QEvt = { type: 'retry' };
const pause = system({ type: 'xstate.after.resolveDelay.quickOrder.debouncing' });
const resolveFailed = system({
  type: 'xstate.error.actor.resolveCodes',
  error: { status: 500, code: 'NETWORK_ERROR' },
});
const addRefused = system({
  type: 'xstate.error.actor.addByCodes',
  error: { status: 422, code: 'VALIDATION_FAILED' },
});
const addLost = system({ type: 'xstate.error.actor.addByCodes', error: { status: 500, code: 'TIMEOUT' } });
/** Every entry added: nothing is left to fix. */
const allAdded = system({
  type: 'xstate.done.actor.addByCodes',
  output: { lines: [{ ...okLine, added: 2 }], cart },
});
/** The first entry added, the unknown code left in the text (and read again). */
const someLeft = system({
  type: 'xstate.done.actor.addByCodes',
  output: {
    lines: [
      { ...okLine, added: 2 },
      { ...unknownLine(2), added: 0 },
    ],
    cart,
  },
});

/** The reading of the text as it is (the server reads `BOTH` as two entries, anything else as the unknown code). */
function resolved(text: string): QEvt {
  return system({
    type: 'xstate.done.actor.resolveCodes',
    output: { lines: text === BOTH ? [okLine, unknownLine(2)] : [unknownLine(1)] },
  });
}

function candidateEvents(snapshot: Snap<Machine>): QEvt[] {
  const events = [typed(''), typed(BOTH), typed(UNKNOWN), add, retry];
  if (snapshot.matches('debouncing')) events.push(pause);
  if (snapshot.matches('resolving')) events.push(resolved(snapshot.context.text), resolveFailed);
  if (snapshot.matches('adding')) events.push(allAdded, someLeft, addRefused, addLost);
  return events;
}

const send = (event: QuickOrderEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const quickOrderMachineExecutors = {
  'text.changed': send,
  add: send,
  retry: send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const quickOrderSuite = definePathSuite({
  name: 'quick-order',
  file: 'machines/quick-order/quick-order.machine.ts',
  machine: quickOrderPathMachine,
  sets: () => [
    generatePaths(quickOrderPathMachine, {
      label: 'a paper order of two entries',
      input: undefined,
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(quickOrderPathMachine, quickOrderMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/catalogue/quick-order.test.ts calls POST /goods/by-codes and POST /orders/cart/add-by-codes by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/shopping/quick-order.spec.ts pastes a paper order and adds it by hand',
  },
});
