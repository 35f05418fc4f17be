import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { shopBagMachine } from '#machines/shop-bag/shop-bag.machine.ts';
import {
  addLine,
  bagCount,
  bagTotal,
  MAX_LINE_QUANTITY,
  MAX_LINES,
  parseStoredBag,
  serializeBag,
  setLineQuantity,
  shopBagStorageKey,
} from '#machines/shop-bag/shop-bag.rules.ts';
import {
  selectQuantityOf,
  selectShopBagCount,
  selectShopBagTotal,
} from '#machines/shop-bag/shop-bag.selectors.ts';
import type { ShopBagGood, ShopBagLine } from '#machines/shop-bag/shop-bag.types.ts';

const name = { ru: 'Помада', en: 'Lipstick', ro: 'Ruj', uk: 'Помада', it: 'Rossetto' };
const good = (id: number, price = 10_000): ShopBagGood => ({
  id,
  name,
  imageUrl: `https://portal.test/media/${id}.webp`,
  price,
  currency: 'MDL',
});

describe('the shop bag rules', () => {
  it('adds a new line, then grows it, keeping the latest price the shop showed', () => {
    const one = addLine([], good(1, 10_000), 1);
    const two = addLine(one, good(1, 12_000), 2);
    expect(two).toEqual([{ ...one[0], price: 12_000, quantity: 3 }]);
    expect(bagCount(two)).toBe(3);
    expect(bagTotal(two)).toBe(36_000);
  });

  it('clamps a line to its most and ignores a zero, negative or broken quantity', () => {
    expect(addLine([], good(1), 500)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(addLine([], good(1), 0)).toEqual([]);
    expect(addLine([], good(1), -3)).toEqual([]);
    expect(addLine([], good(1), Number.NaN)).toEqual([]);
  });

  it('keeps at most MAX_LINES lines', () => {
    let lines: ShopBagLine[] = [];
    for (let id = 1; id <= MAX_LINES + 5; id++) lines = addLine(lines, good(id), 1);
    expect(lines).toHaveLength(MAX_LINES);
  });

  it('setting 0 removes a line; setting a number makes it exactly that', () => {
    const lines = addLine(addLine([], good(1), 2), good(2), 1);
    expect(setLineQuantity(lines, 1, 5).map((line) => line.quantity)).toEqual([5, 1]);
    expect(setLineQuantity(lines, 1, 0).map((line) => line.productId)).toEqual([2]);
  });

  it('reads back what it stored, and drops whatever in storage is not a valid line', () => {
    const lines = addLine(addLine([], good(1), 2), good(2, 5_000), 1);
    expect(parseStoredBag(serializeBag(lines))).toEqual(lines);
    expect(parseStoredBag(null)).toEqual([]);
    expect(parseStoredBag('{not json')).toEqual([]);
    expect(parseStoredBag('[]')).toEqual([]);
    const tampered = JSON.stringify({
      lines: [
        { ...lines[0], quantity: -1 },
        { ...lines[0], price: 1.5 },
        { ...lines[0], name: 'not localized' },
        { ...lines[0], currency: 'lei' },
        { ...lines[1], quantity: 1_000 },
        { ...lines[1], quantity: 1 },
      ],
    });
    // The two copies of product 2 are one line, clamped to the most a line holds.
    expect(parseStoredBag(tampered)).toEqual([{ ...lines[1], quantity: MAX_LINE_QUANTITY }]);
  });

  it('keys a bag by the shop whatever the case of its address', () => {
    expect(shopBagStorageKey(' Elena-Ciobanu ')).toBe(shopBagStorageKey('elena-ciobanu'));
    expect(shopBagStorageKey('elena-ciobanu')).not.toBe(shopBagStorageKey('andrei-rotaru'));
  });
});

describe('shopBagMachine', () => {
  it('keeps every change through persist, with the lines after the change', () => {
    const kept: Array<{ alias: string; lines: ShopBagLine[] }> = [];
    const actor = createActor(
      shopBagMachine.provide({ actions: { persist: (_, params) => kept.push(params) } }),
      { input: { alias: 'elena-ciobanu', lines: [] } },
    ).start();
    actor.send({ type: 'shopBag.add', good: good(1), quantity: 1 });
    actor.send({ type: 'shopBag.add', good: good(2, 5_000), quantity: 2 });
    actor.send({ type: 'shopBag.set', productId: 1, quantity: 3 });
    expect(selectShopBagCount(actor.getSnapshot())).toBe(5);
    expect(selectShopBagTotal(actor.getSnapshot())).toBe(40_000);
    expect(selectQuantityOf(2)(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'shopBag.remove', productId: 2 });
    expect(kept.at(-1)).toEqual({ alias: 'elena-ciobanu', lines: actor.getSnapshot().context.lines });
    actor.send({ type: 'shopBag.clear' });
    expect(kept).toHaveLength(5);
    expect(kept.at(-1)?.lines).toEqual([]);
  });

  it('starts from the lines storage kept', () => {
    const lines = addLine([], good(4), 2);
    const actor = createActor(shopBagMachine, { input: { alias: 'x-shop', lines } }).start();
    expect(selectShopBagCount(actor.getSnapshot())).toBe(2);
  });
});
