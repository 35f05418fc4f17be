import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/support/server/app.ts';
import { startCatalogueApp, tokenFor, type ApiError, type Wishlist } from './support.ts';

let t: TestApp;
let token: string;

const get = () => t.get<Wishlist>('/orders/wishlist', { token });
/** `as: null` sends no token. */
const addTo = (id: number, as: string | null = token) =>
  t.post<Wishlist>(`/orders/wishlist/add/${id}`, as === null ? {} : { token: as });
const removeFrom = (id: number, as: string | null = token) =>
  t.post<Wishlist>(`/orders/wishlist/remove/${id}`, as === null ? {} : { token: as });

beforeAll(async () => {
  t = await startCatalogueApp();
  token = await tokenFor(t, 'pw@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('wishlist', () => {
  it('answers the seeded wishlist: ids and products in the same order', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.body.items.length).toBeGreaterThan(0);
    expect(response.body.productIds).toEqual(response.body.items.map((item) => item.id));
  });

  it('adds a product first in the list, and adding it again changes nothing', async () => {
    const before = (await get()).body;
    const candidate = await t.db
      .selectFrom('products')
      .select('id')
      .where('id', 'not in', before.productIds)
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const added = await addTo(candidate.id);
    expect(added.status).toBe(200);
    expect(added.body.productIds).toEqual([candidate.id, ...before.productIds]);
    expect(added.body.items[0]?.id).toBe(candidate.id);

    const again = await addTo(candidate.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(added.body);
    const existing = before.productIds[before.productIds.length - 1];
    if (existing === undefined) throw new Error('empty seeded wishlist');
    expect((await addTo(existing)).body.productIds).toEqual(added.body.productIds);
  });

  it('removes a product, and removing it again changes nothing', async () => {
    const before = (await get()).body;
    const [first, ...rest] = before.productIds;
    if (first === undefined) throw new Error('empty wishlist');
    const removed = await removeFrom(first);
    expect(removed.status).toBe(200);
    expect(removed.body.productIds).toEqual(rest);
    const again = await removeFrom(first);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(removed.body);
    // A product that was never there, and one that does not exist: no change either.
    expect((await removeFrom(999_999)).body).toEqual(removed.body);
  });

  it('is 404 for adding an unknown product', async () => {
    const response = await addTo(999_999);
    expect(response.status).toBe(404);
    expect((response.body as unknown as ApiError).code).toBe('NOT_FOUND');
  });

  it("keeps each account's wishlist separate (warehouse staff have one too)", async () => {
    const staff = await tokenFor(t, 'warehouse@demo.test');
    const mine = (await get()).body;
    const theirs = await t.get<Wishlist>('/orders/wishlist', { token: staff });
    expect(theirs.status).toBe(200);
    expect(theirs.body.productIds).toEqual([]);
    const id = mine.productIds[0] ?? 1;
    expect((await addTo(id, staff)).body.productIds).toEqual([id]);
    expect((await get()).body).toEqual(mine);
  });

  it('refuses callers without a token (401)', async () => {
    expect((await t.get('/orders/wishlist')).status).toBe(401);
    expect((await addTo(1, null)).status).toBe(401);
    expect((await removeFrom(1, null)).status).toBe(401);
  });
});
