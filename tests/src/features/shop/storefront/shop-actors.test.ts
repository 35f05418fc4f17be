/**
 * The storefront's actors as the app provides them: the bag kept in (fake) local storage per shop and read back,
 * and the bag's move into the cart through the shop API, each line set from the baseline, a line refused for itself
 * reported while a failure of the server stops the move.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { shopBagStorageKey } from '#machines/shop-bag/shop-bag.rules.ts';
import type { ShopBagGood, ShopBagLine } from '#machines/shop-bag/shop-bag.types.ts';
import {
  type BagStorage,
  provideShopBag,
  shopBagInput,
} from '../../../../../src/features/shop/storefront/shop-bag.actors.ts';
import { moveBag } from '../../../../../src/features/shop/storefront/shop-sign-up.actors.ts';

class MemoryStorage implements BagStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const good: ShopBagGood = {
  id: 7,
  name: { ru: 'Помада', en: 'Lipstick', ro: 'Ruj', uk: 'Помада', it: 'Rossetto' },
  imageUrl: 'https://portal.test/media/7.webp',
  price: 12_500,
  currency: 'MDL',
};

describe('the storefront bag in local storage', () => {
  it('keeps each shop its own bag, read back by the next page, and forgets an emptied bag', () => {
    const storage = new MemoryStorage();
    const actor = createActor(provideShopBag(storage), {
      input: shopBagInput('Elena-Ciobanu', storage),
    }).start();
    actor.send({ type: 'shopBag.add', good, quantity: 2 });
    expect(storage.items.has(shopBagStorageKey('elena-ciobanu'))).toBe(true);
    expect(shopBagInput('elena-ciobanu', storage).lines.map((line) => line.quantity)).toEqual([2]);
    expect(shopBagInput('andrei-rotaru', storage).lines).toEqual([]);
    actor.send({ type: 'shopBag.clear' });
    expect(storage.items.size).toBe(0);
  });

  it('works for the page when storage throws (blocked or full)', () => {
    const broken: BagStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    const actor = createActor(provideShopBag(broken), { input: shopBagInput('x-shop', broken) }).start();
    actor.send({ type: 'shopBag.add', good, quantity: 1 });
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
  });
});

describe('moving the bag into the cart', () => {
  const line = (productId: number, quantity: number): ShopBagLine => ({ ...good, productId, quantity });

  it('sets every line to the baseline plus the bag, with the token, and reports a refused line', async () => {
    const setCartLineWith = vi.fn(async (_token: string, productId: number) => {
      if (productId === 9) throw { status: 409, code: 'OUT_OF_STOCK' };
      return { items: [] } as never;
    });
    const result = await moveBag(
      { setCartLineWith },
      { token: 'tok', lines: [line(7, 2), line(9, 1), line(11, 3)], baseline: { '7': 1 } },
    );
    expect(setCartLineWith.mock.calls).toEqual([
      ['tok', 7, 3],
      ['tok', 9, 1],
      ['tok', 11, 3],
    ]);
    expect(result).toEqual({ refused: [9] });
  });

  it('stops at a failure of the server, for the machine to run the move again', async () => {
    const setCartLineWith = vi.fn(async () => {
      throw { status: 503, code: 'HTTP_503' };
    });
    await expect(
      moveBag({ setCartLineWith }, { token: 'tok', lines: [line(7, 2), line(9, 1)], baseline: {} }),
    ).rejects.toEqual({ status: 503, code: 'HTTP_503' });
    expect(setCartLineWith).toHaveBeenCalledTimes(1);
  });
});
