import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forgetPopularity,
  POPULARITY_TTL_MS,
  productPopularity,
} from '#server/domain/catalogue/popularity.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { startCatalogueApp, tokenFor, type ApiError, type Product, type ProductPage } from './support.ts';

let t: TestApp;
let token: string;
let all: Array<{
  id: number;
  sku: string;
  category: string;
  points: number;
  price: number;
  promo_price: number | null;
  is_promotion: boolean;
  name: Record<string, string>;
}>;

const effective = (p: Product): number => p.promoPrice ?? p.price;

async function page(query: Record<string, string | number>): Promise<ProductPage> {
  const response = await t.get<ProductPage>('/goods', { token, query });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every product of a listing, page by page. */
async function everything(query: Record<string, string | number>): Promise<Product[]> {
  const items: Product[] = [];
  for (let p = 1; ; p += 1) {
    const body = await page({ ...query, page: p, pageSize: 40 });
    items.push(...body.items);
    if (body.items.length < 40) return items;
  }
}

beforeAll(async () => {
  t = await startCatalogueApp();
  token = await tokenFor(t, 'partner@demo.test');
  all = await t.db
    .selectFrom('products')
    .select(['id', 'sku', 'category', 'points', 'price', 'promo_price', 'is_promotion', 'name'])
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('GET /goods', () => {
  it('refuses a caller without a token (401)', async () => {
    const response = await t.get<ApiError>('/goods');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  it('pages through the whole catalogue: totals, sizes, no overlap, nothing skipped', async () => {
    expect(all.length).toBeGreaterThanOrEqual(100);
    const first = await page({ page: 1, pageSize: 20 });
    expect(first.total).toBe(all.length);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);

    const pages = Math.ceil(all.length / 20);
    const seen: number[] = [];
    for (let p = 1; p <= pages; p += 1) {
      const body = await page({ page: p, pageSize: 20 });
      expect(body.total).toBe(all.length);
      expect(body.items).toHaveLength(p < pages ? 20 : all.length - 20 * (pages - 1));
      seen.push(...body.items.map((item) => item.id));
    }
    expect(new Set(seen).size).toBe(all.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(all.map((p) => p.id).sort((a, b) => a - b));

    const beyond = await page({ page: pages + 1, pageSize: 20 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(all.length);
  });

  it('rejects a page size above 100 (400)', async () => {
    const response = await t.get<ApiError>('/goods', { token, query: { pageSize: 101 } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it.each(['makeup', 'perfumery', 'facial_care'])('filters the category %s', async (category) => {
    const expected = all.filter((p) => p.category === category).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    const items = await everything({ category });
    expect(items.every((item) => item.category === category)).toBe(true);
    expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect((await page({ category })).total).toBe(expected.length);
  });

  it('with_points lists the products with points, without_points the rest', async () => {
    const withPoints = await everything({ category: 'with_points' });
    const without = await everything({ category: 'without_points' });
    expect(withPoints.every((item) => item.points > 0)).toBe(true);
    expect(without.every((item) => item.points === 0)).toBe(true);
    expect(without.length).toBe(all.filter((p) => Number(p.points) === 0).length);
    expect(without.length).toBeGreaterThan(0);
    expect(withPoints.length + without.length).toBe(all.length);
  });

  it('searches names in Cyrillic, case-insensitively', async () => {
    const expected = all.filter((p) => p.name.ru?.toLowerCase().includes('помада')).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    for (const q of ['помада', 'ПОМАДА', 'Помада']) {
      const items = await everything({ q });
      expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    }
    // Ukrainian, also Cyrillic, with its own letters.
    const uk = all.filter((p) => p.name.uk?.toLowerCase().includes('олівець')).map((p) => p.id);
    expect(uk.length).toBeGreaterThan(0);
    expect((await everything({ q: 'ОЛІВЕЦЬ' })).map((item) => item.id).sort((a, b) => a - b)).toEqual(
      uk.sort((a, b) => a - b),
    );
  });

  it('searches names with Romanian diacritics, case-insensitively, and keeps them distinct from plain letters', async () => {
    const expected = all.filter((p) => p.name.ro?.toLowerCase().includes('sprâncene')).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    for (const q of ['sprâncene', 'SPRÂNCENE']) {
      const items = await everything({ q });
      expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
      expect(items.every((item) => item.name.ro.toLowerCase().includes('sprâncene'))).toBe(true);
    }
    const tus = all.filter((p) => p.name.ro?.toLowerCase().includes('tuș')).map((p) => p.id);
    expect(tus.length).toBeGreaterThan(0);
    expect((await everything({ q: 'TUȘ' })).map((item) => item.id).sort((a, b) => a - b)).toEqual(
      tus.sort((a, b) => a - b),
    );
    // No product name has "sprancene" without its circumflex.
    expect((await page({ q: 'sprancene' })).total).toBe(0);
  });

  it('searches the SKU and treats LIKE wildcards literally', async () => {
    const target = all[0];
    if (target === undefined) throw new Error('no products');
    const found = await page({ q: target.sku.toLowerCase() });
    expect(found.items.map((item) => item.sku)).toContain(target.sku);
    expect(found.items).toHaveLength(1);
    const prefix = await page({ q: target.sku.slice(0, 3), pageSize: 100 });
    expect(prefix.items.every((item) => item.sku.startsWith(target.sku.slice(0, 3)))).toBe(true);
    expect(prefix.total).toBe(all.filter((p) => p.sku.startsWith(target.sku.slice(0, 3))).length);
    expect((await page({ q: '%' })).total).toBe(0);
    expect((await page({ q: '_' })).total).toBe(0);
  });

  it('combines category and search', async () => {
    const items = await everything({ category: 'makeup', q: 'opalia' });
    const expected = all.filter(
      (p) => p.category === 'makeup' && p.name.en?.toLowerCase().includes('opalia'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      expected.map((p) => p.id).sort((a, b) => a - b),
    );
  });

  it('sorts by effective price ascending by default, descending on request, with stable pages', async () => {
    const ascending = await everything({ sort: 'price' });
    expect(ascending).toHaveLength(all.length);
    for (let i = 1; i < ascending.length; i += 1) {
      const before = ascending[i - 1];
      const item = ascending[i];
      if (before === undefined || item === undefined) continue;
      expect(effective(before)).toBeLessThanOrEqual(effective(item));
      if (effective(before) === effective(item)) expect(before.id).toBeLessThan(item.id);
    }
    const descending = await everything({ sort: 'price', order: 'desc' });
    for (let i = 1; i < descending.length; i += 1) {
      const before = descending[i - 1];
      const item = descending[i];
      if (before === undefined || item === undefined) continue;
      expect(effective(before)).toBeGreaterThanOrEqual(effective(item));
    }
    const one = await page({ sort: 'price', pageSize: 100 });
    const [a, b] = [
      await page({ sort: 'price', pageSize: 50, page: 1 }),
      await page({ sort: 'price', pageSize: 50, page: 2 }),
    ];
    expect([...a.items, ...b.items].map((item) => item.id)).toEqual(one.items.map((item) => item.id));
  });

  it('sorts by name in the asked language (ICU order) and by points', async () => {
    const collator = new Intl.Collator('en');
    const byName = await everything({ sort: 'name', lang: 'ro' });
    for (let i = 1; i < byName.length; i += 1) {
      const before = byName[i - 1];
      const item = byName[i];
      if (before === undefined || item === undefined) continue;
      expect(collator.compare(before.name.ro, item.name.ro)).toBeLessThanOrEqual(0);
    }
    const byPoints = await everything({ sort: 'points' });
    for (let i = 1; i < byPoints.length; i += 1) {
      const before = byPoints[i - 1];
      const item = byPoints[i];
      if (before === undefined || item === undefined) continue;
      expect(before.points).toBeGreaterThanOrEqual(item.points);
    }
  });

  it('sorts by popularity (units ordered) by default', async () => {
    const rows = await t.db
      .selectFrom('order_lines')
      .select(['product_id', (eb) => eb.fn.sum<number>('requested_quantity').as('units')])
      .groupBy('product_id')
      .execute();
    const units = new Map(rows.map((row) => [row.product_id, Number(row.units)]));
    expect(units.size).toBeGreaterThan(0);
    const items = await everything({});
    const counts = items.map((item) => units.get(item.id) ?? 0);
    for (let i = 1; i < counts.length; i += 1) expect(counts[i - 1]).toBeGreaterThanOrEqual(counts[i] ?? 0);
    expect(counts[0]).toBe(Math.max(...units.values()));
  });

  it('keeps the popularity ranking for a minute, and a fresh one follows new orders', async () => {
    const before = await productPopularity(t.db);
    expect(await productPopularity(t.db, before.computedAt + POPULARITY_TTL_MS - 1)).toBe(before);
    // A never-ordered product gets an order line larger than any product's units: after a refresh it leads.
    const line = await t.db
      .selectFrom('order_lines')
      .select(['id', 'product_id', 'requested_quantity'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const unranked = all.find((p) => !before.units.has(p.id));
    if (unranked === undefined) throw new Error('every product has been ordered');
    await t.db
      .updateTable('order_lines')
      .set({ product_id: unranked.id, requested_quantity: Math.max(...before.units.values()) + 1 })
      .where('id', '=', line.id)
      .execute();
    try {
      expect((await page({ pageSize: 1 })).items[0]?.id).not.toBe(unranked.id);
      forgetPopularity(t.db);
      expect((await page({ pageSize: 1 })).items[0]?.id).toBe(unranked.id);
      expect((await page({ pageSize: 1, order: 'asc' })).items[0]?.id).not.toBe(unranked.id);
    } finally {
      await t.db
        .updateTable('order_lines')
        .set({ product_id: line.product_id, requested_quantity: line.requested_quantity })
        .where('id', '=', line.id)
        .execute();
      forgetPopularity(t.db);
    }
  });

  it('gives absolute image URLs on the server itself', async () => {
    const body = await page({ pageSize: 5 });
    for (const item of body.items) {
      // The picture 1C sent (named by its content), else the generated one.
      const generated = `${t.config.publicUrl}/media/products/${item.sku}.svg`;
      const sent = `${t.config.publicUrl}/media/product-images/`;
      expect(
        item.imageUrl === generated ||
          /^[0-9a-f]{64}\.(jpg|png|webp|gif)$/.test(item.imageUrl.replace(sent, '')),
        item.imageUrl,
      ).toBe(true);
      expect(item.currency).toBe(t.config.currency);
    }
  });
});

describe('POST /goods/list-by-ids', () => {
  it('answers the products in the order asked, leaving out unknown ids', async () => {
    const [x, y, z] = [all[7], all[2], all[40]];
    if (x === undefined || y === undefined || z === undefined) throw new Error('not enough products');
    const response = await t.post<Product[]>('/goods/list-by-ids', {
      token,
      json: { ids: [x.id, 999_999, y.id, z.id] },
    });
    expect(response.status).toBe(200);
    expect(response.body.map((item) => item.id)).toEqual([x.id, y.id, z.id]);
    expect(response.body[0]?.sku).toBe(x.sku);
  });

  it('refuses duplicates, an empty list and more than 100 ids (400), and no token (401)', async () => {
    expect((await t.post('/goods/list-by-ids', { token, json: { ids: [1, 1] } })).status).toBe(400);
    expect((await t.post('/goods/list-by-ids', { token, json: { ids: [] } })).status).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await t.post('/goods/list-by-ids', { token, json: { ids: many } })).status).toBe(400);
    expect((await t.post('/goods/list-by-ids', { json: { ids: [1] } })).status).toBe(401);
  });
});

describe('GET /goods/promotions', () => {
  it('lists exactly the promoted products, largest saving first', async () => {
    const response = await t.get<Product[]>('/goods/promotions', { token });
    expect(response.status).toBe(200);
    const expected = all.filter((p) => p.is_promotion && p.promo_price !== null && p.promo_price < p.price);
    expect(expected.length).toBeGreaterThan(0);
    expect(response.body.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      expected.map((p) => p.id).sort((a, b) => a - b),
    );
    for (const item of response.body) {
      expect(item.isPromotion).toBe(true);
      expect(item.promoPrice).not.toBeNull();
      expect(item.promoPrice ?? Infinity).toBeLessThan(item.price);
    }
    const savings = response.body.map((item) => item.price - (item.promoPrice ?? item.price));
    for (let i = 1; i < savings.length; i += 1)
      expect(savings[i - 1]).toBeGreaterThanOrEqual(savings[i] ?? 0);
  });

  it('refuses a caller without a token (401)', async () => {
    expect((await t.get('/goods/promotions')).status).toBe(401);
  });
});

describe('GET /goods/{productId}', () => {
  it('answers the product as stored', async () => {
    const row = all.find((p) => p.is_promotion);
    if (row === undefined) throw new Error('no promotion');
    const response = await t.get<Product>(`/goods/${row.id}`, {
      token: await tokenFor(t, 'warehouse@demo.test'),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: row.id,
      sku: row.sku,
      category: row.category,
      price: row.price,
      promoPrice: row.promo_price,
      isPromotion: true,
      points: Number(row.points),
      name: row.name,
    });
  });

  it('is 404 for an unknown product, 400 for a bad id, 401 without a token', async () => {
    const missing = await t.get<ApiError>('/goods/999999', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await t.get('/goods/abc', { token })).status).toBe(400);
    expect((await t.get('/goods/1')).status).toBe(401);
  });
});
