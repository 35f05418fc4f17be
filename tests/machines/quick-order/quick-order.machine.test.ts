import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import { quickOrderMachine } from '#machines/quick-order/quick-order.machine.ts';
import { attemptFor } from '#machines/quick-order/quick-order.rules.ts';
import { selectQuickOrderView } from '#machines/quick-order/quick-order.selectors.ts';
import {
  QUICK_ORDER_DEBOUNCE_MS,
  type Cart,
  type QuickOrderAdded,
  type QuickOrderAttempt,
  type QuickOrderEmitted,
  type QuickOrderLine,
  type QuickOrderResolution,
} from '#machines/quick-order/quick-order.types.ts';
import { entriesOf, line, TEXT } from './fixtures.ts';

interface Call<TInput, TOutput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
}

/** The machine with calls the test answers by hand, a clock it moves, and a record of every effect. */
function harness() {
  const clock = new SimulatedClock();
  const resolves: Array<Call<{ text: string }, QuickOrderResolution>> = [];
  const adds: Array<Call<QuickOrderAttempt, QuickOrderAdded>> = [];
  const carts: Cart[] = [];
  const emitted: QuickOrderEmitted[] = [];
  let keys = 0;
  let staleBag = 0;
  const logic = quickOrderMachine.provide({
    actors: {
      resolveCodes: fromPromise<QuickOrderResolution, { text: string }>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => resolves.push({ input, signal, resolve, reject })),
      ),
      addByCodes: fromPromise<QuickOrderAdded, QuickOrderAttempt>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => adds.push({ input, signal, resolve, reject })),
      ),
    },
    actions: {
      prepareAttempt: assign({
        attempt: ({ context }) => attemptFor(context, () => `key-${String((keys += 1)).padStart(4, '0')}`),
      }),
      bagChanged: (_, { cart }) => void carts.push(cart),
      bagMayHaveChanged: () => void (staleBag += 1),
    },
  });
  const actor = createActor(logic, { clock });
  actor.on('quickOrder.added', (event) => void emitted.push(event));
  actor.start();
  const type = (text: string) => actor.send({ type: 'text.changed', text });
  const pause = () => clock.increment(QUICK_ORDER_DEBOUNCE_MS);
  const view = () => selectQuickOrderView(actor.getSnapshot());
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    clock,
    resolves,
    adds,
    carts,
    emitted,
    type,
    pause,
    view,
    settle,
    staleBag: () => staleBag,
  };
}

const cart = (itemCount: number): Cart => ({
  items: [],
  totals: { itemCount, amount: 0, discount: 0, finalCost: 0, points: 0 },
  currency: 'MDL',
});

const addedAll = (lines: QuickOrderLine[]): QuickOrderAdded => ({
  lines: lines.map((entry) => ({ ...entry, added: entry.toAdd })),
  cart: cart(lines.reduce((sum, entry) => sum + entry.toAdd, 0)),
});

describe('the order-by-code machine', () => {
  it('reads the text once typing pauses for 300 ms, each new text restarting the wait', async () => {
    const h = harness();
    expect(h.view().phase).toBe('empty');
    h.type('PF-1');
    h.clock.increment(200);
    h.type('PF-1024');
    h.clock.increment(200);
    h.type('PF-1024 2');
    expect(h.view().phase).toBe('checking');
    h.clock.increment(QUICK_ORDER_DEBOUNCE_MS - 1);
    expect(h.resolves).toHaveLength(0);
    h.clock.increment(1);
    expect(h.resolves.map((call) => call.input)).toEqual([{ text: 'PF-1024 2' }]);

    h.resolves[0]?.resolve({ lines: [line(1, 'ok', { input: 'PF-1024 2', quantity: 2, toAdd: 2 })] });
    await h.settle();
    expect(h.view()).toMatchObject({ phase: 'ready', canAdd: true, stale: false, text: 'PF-1024 2' });
    expect(h.view().totals).toMatchObject({ entries: 1, addable: 1, units: 2 });
  });

  it('cancels the reading of an older text when a newer one comes, and never shows its answer', async () => {
    const h = harness();
    h.type('PF-1024 2');
    h.pause();
    const older = h.resolves[0];
    h.type('PF-1024 3');
    expect(older?.signal.aborted).toBe(true);
    older?.resolve({ lines: [line(1, 'ok', { toAdd: 2 })] });
    await h.settle();
    expect(h.view().lines).toEqual([]);
    h.pause();
    expect(h.resolves.map((call) => call.input.text)).toEqual(['PF-1024 2', 'PF-1024 3']);
    h.resolves[1]?.resolve({ lines: [line(1, 'ok', { toAdd: 3 })] });
    await h.settle();
    expect(h.view().lines.map((entry) => entry.toAdd)).toEqual([3]);
  });

  it('shows the older entries as stale while a new text waits, and goes back to them without a call', async () => {
    const h = harness();
    h.type('PF-1024 2');
    h.pause();
    h.resolves[0]?.resolve({ lines: [line(1, 'ok')] });
    await h.settle();
    h.type('PF-1024 2, PF-2');
    expect(h.view()).toMatchObject({ phase: 'checking', stale: true });
    expect(h.view().lines).toHaveLength(1);
    h.type('PF-1024 2');
    expect(h.view()).toMatchObject({ phase: 'ready', stale: false });
    h.pause();
    expect(h.resolves).toHaveLength(1);
  });

  it('empties on a blank text, without a call', () => {
    const h = harness();
    h.type('PF-1024');
    h.type(' \n, ;');
    h.pause();
    expect(h.resolves).toHaveLength(0);
    expect(h.view()).toMatchObject({ phase: 'empty', canAdd: false, lines: [] });
  });

  it('adds only when an entry can be added, and a second "Add" while adding sends nothing', async () => {
    const h = harness();
    h.type('XX-0000');
    h.pause();
    h.resolves[0]?.resolve({ lines: [line(1, 'unknown')] });
    await h.settle();
    expect(h.view().canAdd).toBe(false);
    h.actor.send({ type: 'add' });
    expect(h.adds).toHaveLength(0);

    h.type(TEXT);
    h.pause();
    h.resolves[1]?.resolve({ lines: entriesOf(TEXT) });
    await h.settle();
    h.actor.send({ type: 'add' });
    h.actor.send({ type: 'add' });
    h.type('something else');
    expect(h.adds).toHaveLength(1);
    expect(h.view()).toMatchObject({ phase: 'adding', editable: false, text: TEXT });
  });

  it('after adding: the bag answered goes to the app, the thanks counts products, the entries left out stay', async () => {
    const h = harness();
    h.type(TEXT);
    h.pause();
    const lines = entriesOf(TEXT);
    h.resolves[0]?.resolve({ lines });
    await h.settle();
    h.actor.send({ type: 'add' });
    expect(h.adds[0]?.input).toEqual({ key: 'key-0001', text: TEXT });
    const answer: QuickOrderAdded = {
      lines: lines.map((entry) => ({ ...entry, added: entry.toAdd })),
      cart: cart(5),
    };
    h.adds[0]?.resolve(answer);
    await h.settle();
    expect(h.carts).toEqual([cart(5)]);
    // PF-1024 ×2 and PF-2048 (short: 1 of 3) went in; the unknown code and the junk line stay, the repeat of an
    // added code does not.
    expect(h.emitted).toEqual([{ type: 'quickOrder.added', products: 2, units: 3, left: 2 }]);
    expect(h.view()).toMatchObject({ phase: 'checking', text: 'XX-0000\n???', lines: [] });
    // The entries left are read again at once (the bag changed), without the pause.
    expect(h.resolves.map((call) => call.input.text)).toEqual([TEXT, 'XX-0000\n???']);
  });

  it('goes back to empty when every entry was added', async () => {
    const h = harness();
    const lines = [line(1, 'ok', { input: 'PF-1024 2', toAdd: 2 })];
    h.type('PF-1024 2');
    h.pause();
    h.resolves[0]?.resolve({ lines });
    await h.settle();
    h.actor.send({ type: 'add' });
    h.adds[0]?.resolve(addedAll(lines));
    await h.settle();
    expect(h.view()).toMatchObject({ phase: 'empty', text: '' });
    expect(h.emitted).toEqual([{ type: 'quickOrder.added', products: 1, units: 2, left: 0 }]);
  });

  it('"Add" before the text is read reads it at once, then adds if anything can be added', async () => {
    const h = harness();
    h.type('PF-1024 2');
    h.actor.send({ type: 'add' });
    expect(h.resolves.map((call) => call.input.text)).toEqual(['PF-1024 2']);
    h.actor.send({ type: 'add' });
    h.resolves[0]?.resolve({ lines: [line(1, 'ok', { toAdd: 2 })] });
    await h.settle();
    expect(h.adds.map((call) => call.input.text)).toEqual(['PF-1024 2']);

    // Nothing to add: the request is dropped, the entries are shown.
    const other = harness();
    other.type('XX-0000');
    other.actor.send({ type: 'add' });
    other.resolves[0]?.resolve({ lines: [line(1, 'unknown')] });
    await other.settle();
    expect(other.adds).toHaveLength(0);
    expect(other.view()).toMatchObject({ phase: 'ready', canAdd: false });
  });

  it('keeps the key of an add whose answer was lost, and repeats it with the same text on "Try again"', async () => {
    const h = harness();
    const lines = entriesOf(TEXT);
    h.type(TEXT);
    h.pause();
    h.resolves[0]?.resolve({ lines });
    await h.settle();
    h.actor.send({ type: 'add' });
    h.adds[0]?.reject({ status: 500, code: 'NETWORK_ERROR' });
    await h.settle();
    expect(h.view()).toMatchObject({ phase: 'failed', outcomeUnknown: true, text: TEXT, canAdd: true });
    expect(h.view().failure).toMatchObject({ kind: 'add', code: 'NETWORK_ERROR' });
    expect(h.staleBag()).toBe(1);
    h.actor.send({ type: 'retry' });
    expect(h.adds.map((call) => call.input)).toEqual([
      { key: 'key-0001', text: TEXT },
      { key: 'key-0001', text: TEXT },
    ]);
    // A time-out the second time: still the same key.
    h.adds[1]?.reject({ status: 500, code: 'TIMEOUT' });
    await h.settle();
    h.actor.send({ type: 'add' });
    expect(h.adds[2]?.input.key).toBe('key-0001');
  });

  it('makes a new key after a refusal, and after the text changed', async () => {
    const h = harness();
    const lines = entriesOf(TEXT);
    h.type(TEXT);
    h.pause();
    h.resolves[0]?.resolve({ lines });
    await h.settle();
    h.actor.send({ type: 'add' });
    h.adds[0]?.reject({ status: 422, code: 'VALIDATION_FAILED' });
    await h.settle();
    expect(h.view()).toMatchObject({ phase: 'failed', outcomeUnknown: false });
    expect(h.staleBag()).toBe(0);
    h.actor.send({ type: 'retry' });
    expect(h.adds[1]?.input.key).toBe('key-0002');

    h.adds[1]?.reject({ status: 500, code: 'NETWORK_ERROR' });
    await h.settle();
    h.type(`${TEXT}, PF-1024 1`);
    expect(h.actor.getSnapshot().context.attempt).toBeNull();
    h.pause();
    h.resolves[1]?.resolve({ lines });
    await h.settle();
    h.actor.send({ type: 'add' });
    expect(h.adds[2]?.input).toEqual({ key: 'key-0003', text: `${TEXT}, PF-1024 1` });
  });

  it('keeps the text when the reading fails, and reads it again on "Try again"', async () => {
    const h = harness();
    h.type(TEXT);
    h.pause();
    h.resolves[0]?.reject({ status: 422, code: 'VALIDATION_FAILED', message: 'At most 500 entries' });
    await h.settle();
    expect(h.view()).toMatchObject({ phase: 'failed', text: TEXT, outcomeUnknown: false });
    expect(h.view().failure).toMatchObject({ kind: 'resolve', code: 'VALIDATION_FAILED' });
    h.actor.send({ type: 'retry' });
    expect(h.view().failure).toBeNull();
    h.resolves[1]?.resolve({ lines: entriesOf(TEXT) });
    await h.settle();
    expect(h.view()).toMatchObject({ phase: 'ready', canAdd: true });
  });
});
