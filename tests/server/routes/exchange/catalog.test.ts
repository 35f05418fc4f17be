// The catalogue exchange as a 1C node drives it (docs/1c-exchange.md; docs/adr/0090–0093): black box over HTTP —
// checkauth, init, files in parts, import until success — and what distributors of each warehouse then see.
import { iconv1251 } from './cp1251.ts';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import {
  CatalogNode,
  GROUPS,
  IDS,
  PRICE_TYPES,
  WAREHOUSES_1C,
  catalogCall,
  importXml,
  offersXml,
  startCatalogApp,
  testOffers,
  testProducts,
} from './catalog-support.ts';
import { exchangeCall, OneC } from './support.ts';

type Product = components['schemas']['Product'];

let t: TestApp;
let partner: string;
let balti: string;

const catalogue = (products = testProducts(12), changesOnly = false, schemaVersion = '2.08') =>
  importXml({
    schemaVersion,
    changesOnly,
    groups: GROUPS,
    properties: [{ id: IDS.pv, name: 'Баллы (PV)' }],
    products,
  });

const offers = (
  products = testProducts(12),
  quantities: (n: number) => [number, number, number] = (n) => [10 + n, 2 * n, 0],
  changesOnly = false,
) =>
  offersXml({
    changesOnly,
    priceTypes: PRICE_TYPES,
    warehouses: WAREHOUSES_1C,
    offers: testOffers(products, quantities),
  });

async function productBySku(sku: string) {
  return t.db.selectFrom('products').selectAll().where('sku', '=', sku).executeTakeFirst();
}

async function stockOf(productId: number): Promise<Record<number, number>> {
  const rows = await t.db
    .selectFrom('warehouse_stock')
    .select(['warehouse_id', 'quantity'])
    .where('product_id', '=', productId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.warehouse_id, row.quantity]));
}

const productsCount = async (): Promise<number> =>
  Number(
    (
      await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function latestRun() {
  return t.db.selectFrom('exchange_import_runs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

async function issuesOf(runId: number) {
  return t.db
    .selectFrom('exchange_import_issues')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('id')
    .execute();
}

const seen = (token: string, id: number) => t.get<Product>(`/goods/${id}`, { token });

beforeAll(async () => {
  // A small step budget: every import takes several calls, as a big catalogue does.
  t = await startCatalogApp({ importStepMs: 60 });
  partner = await t.login('partner@demo.test');
  balti = await t.login('pw@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('the catalogue exchange, as 1C drives it', () => {
  it('signs in, says zip=yes and the part size, and answers sessid and timestamp lines', async () => {
    const node = new CatalogNode(t);
    const auth = await node.checkauth();
    expect(auth.status).toBe(200);
    expect(auth.text).toMatch(/^success\nmlm_1c_exchange\n[\w-]+\nsessid=[\w-]+\ntimestamp=\d+$/);
    expect((await node.init()).text).toBe('zip=yes\nfile_limit=1048576');
    const anonymous = await catalogCall(t, 'init');
    expect(anonymous.status).toBe(401);
  });

  it('imports a catalogue sent in parts cut inside UTF-8 characters, answering progress until success', async () => {
    const products = testProducts(600);
    const bytes = catalogue(products);
    // Cut inside a two-byte Cyrillic character, three times.
    const cuts = [0.3, 0.55, 0.8].map((share) => {
      let at = Math.floor(bytes.length * share);
      while (((bytes[at] ?? 0) & 0xc0) !== 0x80) at += 1;
      return at;
    });
    const node = new CatalogNode(t);
    await node.checkauth();
    await node.init();
    const parts = await node.file('import.xml', bytes, { cuts, contentType: null });
    expect(parts.map((answer) => answer.text)).toEqual(['success', 'success', 'success', 'success']);
    const outcome = await node.import('import.xml');
    expect(outcome.answer.text).toMatch(
      /^success\nimport\.xml: created 600, updated 0, deactivated 0, skipped 0/,
    );
    expect(outcome.progress).toBeGreaterThanOrEqual(2);
    expect(outcome.slowestMs).toBeLessThan(10_000);
    const first = await productBySku('T-0001');
    expect(first).toMatchObject({
      onec_id: products[0]?.id,
      barcode: '4840000000001',
      category: 'perfumery',
      price: 0,
      points: 1.5,
      is_active: true,
    });
    expect(first?.name).toEqual({
      ru: 'Тестовый товар №1 «Ёлочка»',
      en: 'Тестовый товар №1 «Ёлочка»',
      ro: 'Тестовый товар №1 «Ёлочка»',
      uk: 'Тестовый товар №1 «Ёлочка»',
      it: 'Тестовый товар №1 «Ёлочка»',
    });
    // No price yet: not for sale, not listed.
    expect((await seen(partner, first?.id ?? 0)).body.stock).toBe(0);
  });

  it('takes offers with two price types and three warehouses; distributors of Bălți and Chișinău see their own stock', async () => {
    // A portal whose warehouses 1C never matched: they are found by their Russian names.
    await t.db.updateTable('warehouses').set({ onec_id: null }).execute();
    const products = testProducts(600);
    const node = new CatalogNode(t);
    const [outcome] = await node.run([['offers.xml', offers(products, (n) => [10 + (n % 7), n % 3, 4])]]);
    expect(outcome?.answer.text).toMatch(/^success\noffers\.xml: created 0, updated 600/);
    const product = await productBySku('T-0003');
    if (product === undefined) throw new Error('T-0003 missing');
    expect(product.price).toBe(110250);
    expect(product.recommended_price).toBe(150200);
    expect(await stockOf(product.id)).toEqual({ 1: 12, 2: 2, 3: 4 });
    expect((await seen(partner, product.id)).body).toMatchObject({
      stock: 12,
      price: 110250,
      recommendedPrice: 150200,
    });
    expect((await seen(balti, product.id)).body).toMatchObject({ stock: 2 });
    // The 1C warehouses were matched by name (ё as е, case) and keep their 1C ids.
    const warehouses = await t.db
      .selectFrom('warehouses')
      .select(['code', 'onec_id'])
      .orderBy('id')
      .execute();
    expect(warehouses).toEqual([
      { code: 'CHI', onec_id: IDS.chisinau },
      { code: 'BAL', onec_id: IDS.balti },
      { code: 'CAH', onec_id: IDS.cahul },
    ]);
  });

  it('runs again with the same files: no duplicates, the same ids', async () => {
    const before = await t.db
      .selectFrom('products')
      .select(['id', 'onec_id'])
      .where('sku', 'like', 'T-%')
      .execute();
    const count = await productsCount();
    const node = new CatalogNode(t);
    const products = testProducts(600);
    const [again, offersAgain] = await node.run([
      ['import.xml', catalogue(products)],
      ['offers.xml', offers(products, (n) => [10 + (n % 7), n % 3, 4])],
    ]);
    expect(again?.answer.text).toMatch(/created 0, updated 0, deactivated 0, skipped 0/);
    // The same prices and stock again change nothing, so nothing counts as updated.
    expect(offersAgain?.answer.text).toMatch(/offers\.xml: created 0, updated 0, deactivated 0, skipped 0/);
    expect(await productsCount()).toBe(count);
    const after = await t.db
      .selectFrom('products')
      .select(['id', 'onec_id'])
      .where('sku', 'like', 'T-%')
      .execute();
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
  });

  it('applies a partial upload to what it names only, and updates the Russian name alone', async () => {
    const product = await productBySku('T-0005');
    if (product === undefined) throw new Error('T-0005 missing');
    await t.db
      .updateTable('products')
      .set({ name: JSON.stringify({ ...product.name, en: 'Test product 5' }) })
      .where('id', '=', product.id)
      .execute();
    const changed = testProducts(1, 5).map((item) => ({ ...item, name: 'Новое имя' }));
    const node = new CatalogNode(t);
    const [outcome] = await node.run([['import.xml', catalogue(changed, true)]]);
    expect(outcome?.answer.text).toMatch(/created 0, updated 1, deactivated 0, skipped 0/);
    const after = await productBySku('T-0005');
    expect(after?.name).toMatchObject({ ru: 'Новое имя', en: 'Test product 5' });
    expect(await productBySku('T-0006')).toMatchObject({ is_active: true });
  });

  it('deactivates, never deletes, what a full upload leaves out — within the groups it covers', async () => {
    const node = new CatalogNode(t);
    // 1C exports the group "Губы" only, in full, without T-0006: T-0006 goes; other groups stay.
    const lips = testProducts(600).filter((item) => item.groupId === IDS.lips && item.sku !== 'T-0006');
    const onlyLips = importXml({
      changesOnly: false,
      groups: [{ id: IDS.lips, name: 'Губы' }],
      properties: [{ id: IDS.pv, name: 'Баллы (PV)' }],
      products: lips,
    });
    const [outcome] = await node.run([['import.xml', onlyLips]]);
    expect(outcome?.answer.text).toMatch(/deactivated 1, skipped 0/);
    const gone = await productBySku('T-0006');
    expect(gone).toMatchObject({ is_active: false, inactive_reason: 'absent_from_full_upload' });
    expect(await productBySku('T-0003')).toMatchObject({ is_active: true });
    expect(await productBySku('T-0004')).toMatchObject({ is_active: true });
    expect(await productBySku('T-0005')).toMatchObject({ is_active: true });
    const view = await seen(partner, gone?.id ?? 0);
    expect(view.body).toMatchObject({ isActive: false, inactiveReason: 'absent_from_full_upload', stock: 0 });
    // Wishlists keep it and say why; the bag refuses it.
    await t.post(`/orders/wishlist/add/${gone?.id ?? 0}`, { token: partner });
    const wishlist = await t.get<components['schemas']['Wishlist']>('/orders/wishlist', { token: partner });
    expect(wishlist.body.items.find((item) => item.id === gone?.id)).toMatchObject({ isActive: false });
    const add = await t.post('/orders/cart/add-to-cart', {
      token: partner,
      json: { productId: gone?.id ?? 0, quantity: 1 },
    });
    expect(add.status).toBe(422);
    expect(JSON.stringify(add.body)).toContain('no longer sold');
    // Named again, it is sold again.
    const [back] = await new CatalogNode(t).run([['import.xml', catalogue(testProducts(1, 6), true)]]);
    expect(back?.answer.text).toMatch(/updated 1/);
    expect(await productBySku('T-0006')).toMatchObject({ is_active: true, inactive_reason: null });
  });

  it('deactivates one product on a deletion mark (2.x Статус="Удален", 3.x ПометкаУдаления)', async () => {
    const marked = testProducts(2, 7).map((item, index) => ({ ...item, deleted: index === 0 }));
    const [twoX] = await new CatalogNode(t).run([['import.xml', catalogue(marked, true)]]);
    expect(twoX?.answer.text).toMatch(/deactivated 1/);
    expect(await productBySku('T-0007')).toMatchObject({
      is_active: false,
      inactive_reason: 'deleted_in_1c',
    });
    expect(await productBySku('T-0008')).toMatchObject({ is_active: true });
    const threeX = testProducts(1, 9).map((item) => ({ ...item, deleted: true }));
    const [mark] = await new CatalogNode(t).run([['import___a1.xml', catalogue(threeX, true, '3.1')]]);
    expect(mark?.answer.text).toMatch(/deactivated 1/);
    expect(await productBySku('T-0009')).toMatchObject({
      is_active: false,
      inactive_reason: 'deleted_in_1c',
    });
  });

  it('reads Windows-1251 files and files with a byte-order mark', async () => {
    const xml = catalogue(testProducts(2, 700), true).subarray(3).toString('utf8');
    const cp1251 = iconv1251(xml.replace('encoding="UTF-8"', 'encoding="windows-1251"'));
    const [outcome] = await new CatalogNode(t).run([['import0_1.xml', cp1251]]);
    expect(outcome?.answer.text).toMatch(/^success\n.*created 2/);
    expect(await productBySku('T-0700')).toMatchObject({
      name: expect.objectContaining({ ru: 'Тестовый товар №700 «Ёлочка»' }),
    });
  });

  it('holds what portal orders took before an offers upload: available = 1C quantity − held', async () => {
    const product = await productBySku('T-0010');
    if (product === undefined) throw new Error('T-0010 missing');
    // The partner (warehouse 1) orders 3 units.
    await t.db
      .deleteFrom('carts')
      .where('user_id', '=', await partnerId())
      .execute();
    await t.db
      .insertInto('carts')
      .values({ user_id: await partnerId(), product_id: product.id, quantity: 3 })
      .execute();
    const created = await t.post('/orders/create', {
      token: partner,
      json: { deliveryType: 'pickup', pickupPointId: 1, paymentMethod: 'cash' },
      headers: { 'idempotency-key': `catalog-${Date.now()}` },
    });
    expect(created.status).toBe(201);
    // 1C has not seen the order: its offers say 20 at Chișinău.
    await new CatalogNode(t).run([['offers0_1.xml', offers(testProducts(1, 10), () => [20, 5, 0], true)]]);
    expect((await seen(partner, product.id)).body.stock).toBe(17);
    expect((await seen(balti, product.id)).body.stock).toBe(5);
  });
});

async function partnerId(): Promise<number> {
  return (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('an archive with pictures (zip=yes)', () => {
  it('unpacks the archive at the first import and serves the pictures', async () => {
    const picture = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
      'base64',
    );
    const products = testProducts(3, 800).map((item, index) => ({
      ...item,
      image: index === 0 ? 'import_files/ab/abc.png' : index === 1 ? 'import_files/missing.png' : null,
    }));
    const zip = await zipOf([
      ['import.xml', catalogue(products, true)],
      ['offers.xml', offers(products, () => [5, 6, 7], true)],
      ['import_files/ab/abc.png', picture],
    ]);
    const node = new CatalogNode(t);
    await node.checkauth();
    await node.init();
    await node.file('v8_A1B2_1.zip', zip, { cuts: [100] });
    const first = await node.import('import.xml');
    expect(first.progress).toBeGreaterThanOrEqual(1);
    expect(first.answer.text).toMatch(/^success\n.*created 3/);
    expect((await node.import('offers.xml')).answer.text).toMatch(/^success/);
    const pictured = await productBySku('T-0800');
    expect(pictured?.image_url).toMatch(/^\/media\/product-images\/[0-9a-f]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: pictured?.image_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(picture)).toBe(true);
    expect(await stockOf(pictured?.id ?? 0)).toEqual({ 1: 5, 2: 6, 3: 7 });
    const issues = await issuesOf((await latestRun()).id);
    expect(issues.map((issue) => [issue.code, issue.sku])).toContainEqual(['IMAGE_MISSING', 'T-0801']);
    expect((await node.complete()).text).toMatch(/^success/);
  });

  it('refuses a zip bomb and a damaged archive with the reason, keeping nothing', async () => {
    const count = await productsCount();
    const bomb = await zipOf([['import.xml', Buffer.alloc(50 * 1024 * 1024, 0x20)]]);
    const node = new CatalogNode(t);
    await node.checkauth();
    await node.file('v8_bomb.zip', bomb);
    const answer = await node.import('import.xml');
    expect(answer.answer.text).toMatch(/^failure\nthe entry import\.xml inflates \d+ times; at most 100/);
    const damaged = new CatalogNode(t);
    await damaged.checkauth();
    await damaged.file('v8_bad.zip', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect((await damaged.import('import.xml')).answer.text).toMatch(/^failure\nnot a readable zip archive/);
    expect(await productsCount()).toBe(count);
    const run = await latestRun();
    expect(run).toMatchObject({ status: 'failure' });
    expect(run.failure).toMatch(/v8_bad\.zip: not a readable zip archive/);
  });
});

function zipOf(entries: ReadonlyArray<[string, Buffer]>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('bad input: a clear failure or a skip with its reason, never a 500, never half applied', () => {
  it('refuses what the order exchange refuses, changing nothing', async () => {
    const count = await productsCount();
    const good = catalogue(testProducts(3, 900), true);
    const cases: Array<[string, Buffer, RegExp]> = [
      [
        'doctype.xml',
        Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><КоммерческаяИнформация/>'),
        /DOCTYPE/,
      ],
      [
        'deep.xml',
        Buffer.from(
          `<КоммерческаяИнформация>${'<a>'.repeat(40)}${'</a>'.repeat(40)}</КоммерческаяИнформация>`,
        ),
        /nested deeper than 32/,
      ],
      ['binary.xml', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), /not valid UTF-8|not well-formed/],
      [
        'koi8.xml',
        Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><КоммерческаяИнформация/>'),
        /KOI8-R.*not supported/i,
      ],
      ['truncated.xml', good.subarray(0, good.lastIndexOf('</Товар>')), /not well-formed/],
      [
        'cut-in-a-letter.xml',
        good.subarray(0, good.lastIndexOf(Buffer.from('Ёлочка')) + 1),
        /not valid UTF-8/,
      ],
      [
        'orders.xml',
        Buffer.from('<КоммерческаяИнформация><Документ><Ид>1</Ид></Документ></КоммерческаяИнформация>'),
        /documents \(orders\)/,
      ],
    ];
    for (const [name, bytes, reason] of cases) {
      const node = new CatalogNode(t);
      await node.checkauth();
      await node.file(name, bytes);
      const outcome = await node.import(name);
      expect(outcome.answer.status, name).toBe(200);
      expect(outcome.answer.text, name).toMatch(/^failure\n/);
      expect(outcome.answer.text, name).toMatch(reason);
    }
    expect(await productsCount()).toBe(count);
  });

  it('skips an offer for an unknown product, a price in another currency and a negative quantity, each with its reason', async () => {
    const product = await productBySku('T-0011');
    if (product === undefined) throw new Error('T-0011 missing');
    const before = await stockOf(product.id);
    const file = offersXml({
      changesOnly: true,
      priceTypes: PRICE_TYPES,
      warehouses: WAREHOUSES_1C,
      offers: [
        {
          id: 'no-such-product',
          sku: 'X-1',
          name: 'Чужой',
          prices: [{ typeId: IDS.distributor, value: '10' }],
        },
        {
          id: product.onec_id ?? '',
          prices: [{ typeId: IDS.distributor, value: '99,00', currency: 'USD' }],
          stocks: [
            { warehouseId: IDS.chisinau, quantity: '-4' },
            { warehouseId: IDS.balti, quantity: '7' },
            { warehouseId: 'unknown-warehouse', quantity: '3' },
          ],
        },
      ],
    });
    const [outcome] = await new CatalogNode(t).run([['offers.xml', file]]);
    expect(outcome?.answer.text).toMatch(/^success\n.*updated 1, deactivated 0, skipped 1/);
    const after = await productBySku('T-0011');
    expect(after?.price).toBe(product.price);
    expect(await stockOf(product.id)).toEqual({ ...before, 2: 7 });
    const codes = (await issuesOf((await latestRun()).id)).map((issue) => issue.code);
    expect(codes).toEqual(
      expect.arrayContaining(['UNKNOWN_PRODUCT', 'OTHER_CURRENCY', 'NEGATIVE_QUANTITY', 'UNKNOWN_WAREHOUSE']),
    );
  });

  it('reports a product of an unknown group, and files it where EXCHANGE_GROUP_MAP says', async () => {
    const gift = testProducts(1, 950).map((item) => ({ ...item, groupId: IDS.gifts }));
    const [skipped] = await new CatalogNode(t).run([['import.xml', catalogue(gift, true)]]);
    expect(skipped?.answer.text).toMatch(/created 0, .*skipped 1/);
    const issue = (await issuesOf((await latestRun()).id))[0];
    expect(issue).toMatchObject({ code: 'UNKNOWN_GROUP', sku: 'T-0950', detail: 'Подарочные наборы' });
    t.config.catalogueExchange.groupMap = { [IDS.gifts]: 'perfumery' };
    try {
      const [mapped] = await new CatalogNode(t).run([['import.xml', catalogue(gift, true)]]);
      expect(mapped?.answer.text).toMatch(/created 1/);
      expect(await productBySku('T-0950')).toMatchObject({ category: 'perfumery' });
    } finally {
      t.config.catalogueExchange.groupMap = {};
    }
  });

  it('answers failure for a path in a file name, an unknown file, and an upload past the cap', async () => {
    const node = new CatalogNode(t);
    await node.checkauth();
    const [climb] = await node.file('../../etc/passwd', Buffer.from('x'));
    expect(climb?.text).toMatch(/^failure\nthe file name "\.\.\/\.\.\/etc\/passwd" is not a relative path/);
    const absolute = await catalogCall(t, 'import', {
      headers: { cookie: node.cookie ?? '' },
      query: { filename: '/etc/x.xml' },
    });
    expect(absolute.text).toMatch(/^failure\n/);
    expect((await node.import('never-sent.xml')).answer.text).toBe(
      'failure\nno file named never-sent.xml was received in this session',
    );
    const cap = t.config.catalogueExchange.uploadLimitBytes;
    t.config.catalogueExchange.uploadLimitBytes = 2 * 1024 * 1024;
    try {
      const big = Buffer.alloc(1024 * 1024, 0x20);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(...(await node.file('huge.xml', big)));
      expect(answers.map((answer) => answer.text.split('\n')[0])).toEqual(['success', 'success', 'failure']);
      expect(answers[2]?.text).toMatch(/grew past 2097152 bytes/);
    } finally {
      t.config.catalogueExchange.uploadLimitBytes = cap;
    }
    // The default cap is far below a 200 MB upload.
    expect(cap).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('the 3.x protocol: packages, then deactivate and complete', () => {
  it('defers a full upload’s deactivation to mode=deactivate, then completes', async () => {
    const node = new CatalogNode(t);
    await node.checkauth();
    await node.init();
    const perfumes = testProducts(600).filter((item) => item.groupId === IDS.perfumery);
    const [firstHalf, secondHalf] = [perfumes.slice(0, 100), perfumes.slice(100, 199)];
    const packageOf = (products: typeof perfumes) =>
      importXml({
        schemaVersion: '3.1',
        changesOnly: false,
        groups: [{ id: IDS.perfumery, name: 'Парфюмерия' }],
        products,
      });
    for (const [name, bytes] of [
      ['goods/1/import___p1.xml', packageOf(firstHalf)],
      ['goods/2/import___p2.xml', packageOf(secondHalf)],
    ] as const) {
      await node.file(name, bytes);
      expect((await node.import(name.split('/').pop() ?? name)).answer.text).toMatch(/^success/);
    }
    // Nothing went before the end of the run, though each package alone lacks the other's products.
    expect(await productBySku(firstHalf[0]?.sku ?? '')).toMatchObject({ is_active: true });
    const deactivated = await node.deactivate();
    expect(deactivated.text).toMatch(/^success\n[1-9]\d* products deactivated$/);
    expect(await productBySku(perfumes[199]?.sku ?? '')).toMatchObject({ is_active: false });
    expect(await productBySku('T-0700')).toMatchObject({ is_active: false });
    expect(await productBySku(firstHalf[0]?.sku ?? '')).toMatchObject({ is_active: true });
    expect((await node.complete()).text).toBe('success\nthe exchange is complete');
  });

  it('reads 3.x rests (Остатки/Остаток/Склад) and prices files', async () => {
    const product = await productBySku('T-0012');
    if (product === undefined) throw new Error('T-0012 missing');
    const rests = offersXml({
      schemaVersion: '3.1',
      changesOnly: true,
      offers: [{ id: product.onec_id ?? '', stocks: [{ warehouseId: IDS.cahul, quantity: '9,000' }] }],
    });
    const [outcome] = await new CatalogNode(t).run([['rests___a.xml', rests]]);
    expect(outcome?.answer.text).toMatch(/^success/);
    expect((await stockOf(product.id))[3]).toBe(9);
  });
});

describe('order files of type=sale with any Content-Type or none', () => {
  it('accepts mode=file without a Content-Type and as a form body', async () => {
    const onec = new OneC(t);
    await onec.checkauth();
    const xml = '\uFEFF<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.10"/>';
    const none = await exchangeCall(t, 'file', {
      method: 'POST',
      headers: { cookie: onec.cookie ?? '' },
      body: Buffer.from(xml),
      query: { filename: 'a.xml' },
    });
    expect([none.status, none.text]).toEqual([200, 'success']);
    const form = await exchangeCall(t, 'file', {
      method: 'POST',
      headers: { cookie: onec.cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(xml),
      query: { filename: 'b.xml' },
    });
    expect([form.status, form.text]).toEqual([200, 'success']);
    const climbing = await exchangeCall(t, 'file', {
      method: 'POST',
      headers: { cookie: onec.cookie ?? '' },
      body: Buffer.from(xml),
      query: { filename: '../c.xml' },
    });
    expect(climbing.text).toMatch(/^failure\nthe file name is not a relative path/);
  });
});

describe('the 1C exchange screen’s reads', () => {
  it('shows staff the order queue toward 1C and the latest imports; the issues a page at a time', async () => {
    const staff = await t.login('warehouse@demo.test');
    const overview = await t.get<components['schemas']['ExchangeOverview']>('/exchange/1c/runs', {
      token: staff,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.orders).toMatchObject({
      queued: expect.any(Number),
      sent: expect.any(Number),
      errors: expect.any(Number),
    });
    const runs = overview.body.runs;
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.length).toBeLessThanOrEqual(20);
    const started = runs.map((run) => run.startedAt);
    expect([...started].sort().reverse()).toEqual(started);
    const failed = runs.find((run) => run.status === 'failure');
    expect(failed?.failure).toMatch(/: /);
    const withIssues = runs.find((run) => run.issues > 0);
    if (withIssues === undefined) throw new Error('no run with issues');
    const page = await t.get<components['schemas']['ImportIssuePage']>(
      `/exchange/1c/runs/${withIssues.id}/issues`,
      { token: staff, query: { pageSize: 2 } },
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(withIssues.issues);
    expect(page.body.items.length).toBeLessThanOrEqual(2);
    expect(page.body.items[0]).toMatchObject({ code: expect.any(String), skipped: expect.any(Boolean) });
    expect((await t.get(`/exchange/1c/runs/999999/issues`, { token: staff })).status).toBe(404);
    expect((await t.get('/exchange/1c/runs', { token: partner })).status).toBe(403);
  });
});
