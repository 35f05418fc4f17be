/**
 * The public shop (docs/adr/0146-the-shop-link.md): the card, the window and one product at the retail price, with
 * the owner's warehouse; an unknown, disabled or non-distributor owner is 404; bad input is 400, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError, type Schemas } from '../account/support.ts';
import { OWNER_ALIAS, OWNER_EMAIL, expectedRetail } from './shop-support.ts';
import { startSignUpApp } from './support.ts';

let t: TestApp;
let owner: { id: number; prn: string; warehouse_id: number | null; full_name: string; city: string | null };

beforeAll(async () => {
  t = await startSignUpApp();
  const row = await t.db
    .selectFrom('users')
    .select(['id', 'prn', 'warehouse_id', 'full_name', 'city'])
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirstOrThrow();
  owner = { ...row, prn: row.prn ?? '' };
});
afterAll(async () => {
  await t.close();
});

const products = () =>
  t.db
    .selectFrom('products')
    .select(['id', 'price', 'promo_price', 'is_promotion', 'recommended_price', 'is_active', 'points'])
    .execute();

describe('GET /public/shops/{alias}', () => {
  it('answers the owner’s card and warehouse by alias, or by PRN in any case, cached a minute', async () => {
    const card = await t.get<Schemas['ShopCard']>(`/public/shops/${OWNER_ALIAS.toUpperCase()}`);
    expect(card.status).toBe(200);
    expect(card.headers['cache-control']).toBe('public, max-age=60');
    const warehouse = await t.db
      .selectFrom('warehouses')
      .select(['id', 'name', 'city'])
      .where('id', '=', owner.warehouse_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(card.body).toEqual({
      alias: OWNER_ALIAS,
      prn: owner.prn,
      fullName: owner.full_name,
      city: owner.city,
      warehouse,
    });
    const byPrn = await t.get<Schemas['ShopCard']>(`/public/shops/${owner.prn.toLowerCase()}`);
    expect(byPrn.body).toEqual(card.body);
    // Nothing private: no e-mail, no phone.
    expect(JSON.stringify(card.body)).not.toContain('@');
  });

  it('is 404 for an unknown alias, a customer account and a disabled distributor', async () => {
    expectError(await t.get('/public/shops/no-such-shop'), 404, 'NOT_FOUND');
    expectError(await t.get('/public/shops/user@demo.test'), 404, 'NOT_FOUND');
    const other = await t.db
      .selectFrom('users')
      .select(['id', 'prn'])
      .where('is_partner', '=', true)
      .where('id', '!=', owner.id)
      .where('prn', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await t.get(`/public/shops/${other.prn}`)).status).toBe(200);
    await t.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', other.id).execute();
    expectError(await t.get(`/public/shops/${other.prn}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/public/shops/${other.prn}/goods`), 404, 'NOT_FOUND');
  });

  it('refuses an alias longer than any, or with text the database cannot hold, with 400, never a 500', async () => {
    expectError(await t.get(`/public/shops/${'a'.repeat(65)}`), 400, 'VALIDATION_FAILED');
    expectError(await t.get('/public/shops/a%00b'), 400, 'VALIDATION_FAILED');
    expectError(await t.get('/public/shops/a%00b/goods'), 400, 'VALIDATION_FAILED');
    expectError(
      await t.get(`/public/shops/${OWNER_ALIAS}/goods`, { query: { q: 'a\u0000' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('GET /public/shops/{alias}/goods', () => {
  it('lists active products at the retail price with the stock at the owner’s warehouse', async () => {
    const page = await t.get<Schemas['ShopGoodsPage']>(`/public/shops/${OWNER_ALIAS}/goods`, {
      query: { pageSize: 100 },
    });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    const all = new Map((await products()).map((row) => [row.id, row]));
    const active = [...all.values()].filter((row) => row.is_active).length;
    expect(page.body.total).toBe(active);
    expect(page.body.items.length).toBe(Math.min(100, active));
    const stock = new Map(
      (
        await t.db
          .selectFrom('warehouse_stock')
          .select(['product_id', 'quantity', 'held'])
          .where('warehouse_id', '=', owner.warehouse_id ?? 0)
          .execute()
      ).map((row) => [row.product_id, row.quantity - row.held]),
    );
    for (const good of page.body.items) {
      const row = all.get(good.id);
      expect(row?.is_active, `product ${good.id}`).toBe(true);
      expect(good.price, `product ${good.id}`).toBe(
        expectedRetail(row?.price ?? 0, row?.recommended_price ?? null),
      );
      expect(good.price).toBeGreaterThan(row?.price ?? 0);
      expect(good.inStock, `product ${good.id}`).toBe((stock.get(good.id) ?? 0) > 0);
      expect(good.points).toBe(Number(row?.points));
    }
  });

  it('takes 1C’s recommended price where there is one, and sorts by the retail price', async () => {
    const [first, second] = (await products()).filter((row) => row.is_active && row.price > 0);
    if (first === undefined || second === undefined) throw new Error('two products');
    // The first gets a recommended price below the second's retail one: sorting must follow the retail prices.
    await t.db.updateTable('products').set({ recommended_price: 100 }).where('id', '=', first.id).execute();
    const good = await t.get<Schemas['ShopGoodDetails']>(`/public/shops/${OWNER_ALIAS}/goods/${first.id}`);
    expect(good.status).toBe(200);
    expect(good.body.price).toBe(100);
    const sorted = await t.get<Schemas['ShopGoodsPage']>(`/public/shops/${OWNER_ALIAS}/goods`, {
      query: { sort: 'price', pageSize: 100 },
    });
    // What can be bought comes first; within each group, the retail prices ascend.
    for (const inStock of [true, false]) {
      const prices = sorted.body.items.filter((item) => item.inStock === inStock).map((item) => item.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
    const firstGood = sorted.body.items.find((item) => item.id === first.id);
    const leader = sorted.body.items.find((item) => item.inStock === firstGood?.inStock);
    expect(leader?.id).toBe(first.id);
  });

  it('shows what is in stock first, then the sort asked for, and pages neither overlap nor skip', async () => {
    // A third of the window runs out at the owner's warehouse, spread over the sort so it must be moved.
    const active = (await products()).filter((row) => row.is_active).map((row) => row.id);
    const out = active.filter((_, index) => index % 3 === 0);
    await t.db
      .updateTable('warehouse_stock')
      .set({ quantity: 0 })
      .where('warehouse_id', '=', owner.warehouse_id ?? 0)
      .where('product_id', 'in', out)
      .execute();
    for (const sort of ['popular', 'name', 'price', 'points', 'newest'] as const) {
      const whole = await t.get<Schemas['ShopGoodsPage']>(`/public/shops/${OWNER_ALIAS}/goods`, {
        query: { sort, pageSize: 100 },
      });
      const flags = whole.body.items.map((item) => item.inStock);
      const firstOut = flags.indexOf(false);
      expect(firstOut, sort).toBeGreaterThan(0);
      expect(
        flags.slice(firstOut).every((flag) => !flag),
        sort,
      ).toBe(true);
      for (const id of out) {
        expect(whole.body.items.find((item) => item.id === id)?.inStock, `${sort} ${id}`).not.toBe(true);
      }
      const pages: number[] = [];
      for (let page = 1; pages.length < whole.body.items.length; page += 1) {
        const one = await t.get<Schemas['ShopGoodsPage']>(`/public/shops/${OWNER_ALIAS}/goods`, {
          query: { sort, pageSize: 7, page },
        });
        expect(one.body.items.length, `${sort} page ${page}`).toBeGreaterThan(0);
        pages.push(...one.body.items.map((item) => item.id));
      }
      expect(pages.slice(0, whole.body.items.length), sort).toEqual(whole.body.items.map((item) => item.id));
    }
    // Within the in-stock group the catalogue's order stands: names ascend in the language asked for.
    const byName = await t.get<Schemas['ShopGoodsPage']>(`/public/shops/${OWNER_ALIAS}/goods`, {
      query: { sort: 'name', lang: 'en', pageSize: 100 },
    });
    const names = byName.body.items.filter((item) => item.inStock).map((item) => item.name.en);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('filters by category and text as the catalogue does', async () => {
    const page = await t.get<Schemas['ShopGoodsPage']>(`/public/shops/${OWNER_ALIAS}/goods`, {
      query: { category: 'perfumery', pageSize: 100 },
    });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeGreaterThan(0);
    expect(page.body.items.every((item) => item.category === 'perfumery')).toBe(true);
    const none = await t.get<Schemas['ShopGoodsPage']>(`/public/shops/${OWNER_ALIAS}/goods`, {
      query: { q: 'no product is called this' },
    });
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad paging and filters with 400', async () => {
    const bad: Record<string, string | number>[] = [
      { pageSize: 0 },
      { page: -1 },
      { category: 'shoes' },
      { sort: 'cheapest' },
    ];
    for (const query of bad) {
      expectError(await t.get(`/public/shops/${OWNER_ALIAS}/goods`, { query }), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('GET /public/shops/{alias}/goods/{productId}', () => {
  it('answers one active product with its description at the retail price', async () => {
    const row = (await products()).find((p) => p.is_active && p.is_promotion && p.promo_price !== null);
    if (row === undefined) throw new Error('a promoted product');
    const good = await t.get<Schemas['ShopGoodDetails']>(`/public/shops/${OWNER_ALIAS}/goods/${row.id}`);
    expect(good.status).toBe(200);
    // A promotion is the distributors': the client pays the retail price, never the promotion price.
    expect(good.body.price).toBe(expectedRetail(row.price, row.recommended_price));
    expect(good.body.price).not.toBe(row.promo_price);
    expect(Object.keys(good.body.description).sort()).toEqual(['en', 'it', 'ro', 'ru', 'uk']);
  });

  it('is 404 for an unknown product or one no longer sold, 400 for a bad id', async () => {
    expectError(await t.get(`/public/shops/${OWNER_ALIAS}/goods/2147483647`), 404, 'NOT_FOUND');
    const row = (await products()).find((p) => p.is_active);
    await t.db
      .updateTable('products')
      .set({ is_active: false, inactive_reason: 'deleted_in_1c' })
      .where('id', '=', row?.id ?? 0)
      .execute();
    expectError(await t.get(`/public/shops/${OWNER_ALIAS}/goods/${row?.id}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/public/shops/${OWNER_ALIAS}/goods/abc`), 400, 'VALIDATION_FAILED');
    expectError(await t.get(`/public/shops/${OWNER_ALIAS}/goods/99999999999`), 400, 'VALIDATION_FAILED');
  });
});
