/**
 * Demo data for an empty database: three warehouses with pickup points, about 150 products in five languages
 * (imported from a CommerceML package through the 1C importer, with stock per warehouse),
 * the demo accounts of `accounts.ts`, a downline of about 2,000 distributors under partner@demo.test with 12 months
 * of volumes, bonuses, ranks and qualifications, clients, carts, wishlists, and about 200 orders in every lifecycle
 * status with their history. Deterministic: the same `seed` and `now` give the same data.
 */
import { sql, type Kysely } from 'kysely';
import { aliasSkeleton } from '#machines/sign-up/sign-up.rules.ts';
import { DEFAULT_PASSWORD_HASH, hashPassword } from '../auth/password.ts';
import type { PasswordHashParams } from '../config.ts';
import type { AddressSnapshot, DB } from '../db/schema.ts';
import { tokenHash } from '../domain/account/one-time-tokens.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
import { buildCatalogue } from './catalogue.ts';
import { buildOrders, type SeedProduct, type SeedWarehouse } from './orders.ts';
import { lastMonths, planVolumes } from './network.ts';
import { address, person, phone, CITIES } from './people.ts';
import { Prng } from './prng.ts';
import { DAY, ids } from './demo-ids.ts';
import { planOrders } from './demo-order-plan.ts';
import { demoGenealogy } from './demo-genealogy.ts';
import { WAREHOUSES, insertWarehouses } from './demo-warehouses.ts';
import { seedSandboxPayments } from './sandbox-payments.ts';
import { insertChunks, insertJsonRows, resetSequences, bulkLoad } from './seed-tables.ts';
import { creditHistory } from './demo-volumes.ts';
import { insertShopClient, insertShopClientOrder, SHOP_CLIENT_EMAIL } from './demo-shop.ts';
import { buildVolumeOrders, insertVolumeHistory, planVolumeOrders } from './demo-volume-orders.ts';
import { periodTimeZone } from '../domain/volumes/settings.ts';
import { DEFAULT_PERIOD_TIME_ZONE } from '../domain/network/period.ts';
import { addPortalData, importDemoCatalogue } from './catalogue-import.ts';
import { recountHolds } from '../domain/stock/warehouse-stock.ts';

export { WAREHOUSES } from './demo-warehouses.ts';
export { hasData, resetSequences } from './seed-tables.ts';

export type SeedOptions = {
  /** the moment the data is built around (default: now); months and order dates are relative to it */
  now?: Date;
  seed?: number;
  /** distributors under partner@demo.test (default 2,000, the unconfirmed account included) */
  downline?: number;
  /** argon2id cost of the seeded password hashes (tests seed cheap ones so logins stay fast) */
  passwordHash?: PasswordHashParams;
  /** receives phase timings ("products 120 ms") */
  log?: (message: string) => void;
  /** the company's time zone (default: the database's `volume_settings`, else Europe/Chisinau) */
  zone?: string;
  /** the currency of the catalogue's prices (default MDL) */
  currency?: string;
};

export type SeedSummary = {
  users: number;
  products: number;
  orders: number;
  volumes: number;
  millis: number;
};

const CLIENT_NOTES = [
  'Предпочитает ароматы с ванилью и амброй.',
  'Чувствительная кожа: только линия Rosa Alba.',
  'Заказывает раз в месяц, удобно забирать в центре.',
  'Любит яркие оттенки помады.',
  'День рождения в марте — предложить подарочный набор.',
  'Интересуется стартом бизнеса, пригласить на презентацию.',
  'Оплачивает картой, просит чек на e-mail.',
  null,
  null,
] as const;

const day = (date: Date): string => date.toISOString().slice(0, 10);

export async function seedDemo(db: Kysely<DB>, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const prng = new Prng(options.seed ?? 20250601);
  const downlineSize = options.downline ?? 2000;
  let mark = performance.now();
  const phase = (name: string) => {
    const at = performance.now();
    options.log?.(`${name} ${Math.round(at - mark)} ms`);
    mark = at;
  };

  const demoHashes = new Map<string, string>();
  const cost = options.passwordHash ?? DEFAULT_PASSWORD_HASH;
  // One hash (one salt) serves every seeded account: they all share the demo password, and hashing is slow on purpose.
  const sharedHash = await hashPassword(DEMO_PASSWORD, cost);
  for (const account of DEMO_ACCOUNTS) {
    demoHashes.set(
      account.email,
      account.password === DEMO_PASSWORD ? sharedHash : await hashPassword(account.password, cost),
    );
  }
  const account = (email: string) => {
    const found = DEMO_ACCOUNTS.find((entry) => entry.email === email);
    if (!found) throw new Error(`demo account ${email} is missing from DEMO_ACCOUNTS`);
    return { ...found, hash: demoHashes.get(email) ?? sharedHash };
  };

  phase('password hashes');
  const zone = options.zone ?? (await periodTimeZone(db)) ?? DEFAULT_PERIOD_TIME_ZONE;
  const summary = await db.transaction().execute(async (trx) => {
    // A bulk load is no live change: no events (migration 0004).
    await sql`set local mlm.events = 'off'`.execute(trx);
    const pickupIds = await insertWarehouses(trx);
    phase('warehouses');
    // Products: the demo catalogue comes through the 1C importer (server/seed/catalogue-import.ts); the prng draws
    // the catalogue as before, so the rest of the data stays as it was, and its translations and promotions are
    // added on top of what 1C sent.
    const catalogue = buildCatalogue(prng);
    await importDemoCatalogue(trx, options.currency ?? 'MDL');
    await addPortalData(trx, catalogue);
    const productIds = new Map(
      (await trx.selectFrom('products').select(['id', 'sku']).execute()).map((row) => [row.sku, row.id]),
    );
    const products: SeedProduct[] = catalogue.map((product) => ({
      id: productIds.get(product.sku) ?? 0,
      sku: product.sku,
      name: product.name,
      price: product.price,
      promoPrice: product.promoPrice,
      points: product.points,
      stock: product.stock,
    }));
    phase('products');
    // The genealogy: partner@demo.test's downline (with the unconfirmed account in the first line) and pw@demo.test's.
    const { partner, pw, partnerDownline, members, unconfirmedSigning } = demoGenealogy(
      prng,
      now,
      downlineSize,
      (email) => account(email).fullName,
    );
    const months = lastMonths(now, 12, zone);
    const wishes = planVolumes(prng, members, months);

    phase('network planned');
    const memberRows = members.map((member) => ({
      id: member.id,
      email: member.email,
      password_hash: demoHashes.get(member.email) ?? sharedHash,
      full_name: member.fullName,
      phone: member.phone,
      city: member.city,
      lang: member.lang,
      is_warehouse: member.id === ids.pw,
      is_partner: true,
      warehouse_id: member.warehouseId,
      email_confirmed: member.id !== ids.unconfirmed,
      prn: member.prn,
      sponsor_id: member.sponsorId,
      path: member.path,
      depth: member.depth,
      // Raised by the closes of the months below (the highest rank reached).
      rank: 'consultant',
      signing_date: day(member.signingDate),
      created_at: member.signingDate,
      updated_at: member.signingDate,
    }));
    const staffRow = (id: number, email: string, fullName: string, warehouseId: number, hash: string) => ({
      id,
      email,
      password_hash: hash,
      full_name: fullName,
      phone: phone(prng),
      city: WAREHOUSES.find((w) => w.id === warehouseId)?.city ?? null,
      lang: 'ru' as const,
      is_warehouse: true,
      is_partner: false,
      warehouse_id: warehouseId,
      email_confirmed: true,
      prn: null,
      sponsor_id: null,
      path: `${id}.`,
      depth: 0,
      rank: null,
      signing_date: null,
      created_at: new Date(now.getTime() - 400 * DAY),
      updated_at: new Date(now.getTime() - 400 * DAY),
    });
    const otherRows = [
      staffRow(
        ids.warehouse,
        'warehouse@demo.test',
        account('warehouse@demo.test').fullName,
        1,
        account('warehouse@demo.test').hash,
      ),
      staffRow(
        ids.warehouse2,
        'warehouse2@demo.test',
        account('warehouse2@demo.test').fullName,
        1,
        account('warehouse2@demo.test').hash,
      ),
      staffRow(ids.baltiStaff, 'sklad.balti@demo.test', 'Ludmila Bivol', 2, sharedHash),
      staffRow(ids.cahulStaff, 'sklad.cahul@demo.test', 'Petru Grosu', 3, sharedHash),
      {
        ...staffRow(
          ids.user,
          'user@demo.test',
          account('user@demo.test').fullName,
          1,
          account('user@demo.test').hash,
        ),
        is_warehouse: false,
        lang: 'ro' as const,
        created_at: new Date(now.getTime() - 90 * DAY),
        updated_at: new Date(now.getTime() - 90 * DAY),
      },
    ];
    await insertChunks([...otherRows, ...memberRows], 19, (chunk) =>
      trx.insertInto('users').values(chunk).execute(),
    );

    // The invitation links `npm start` prints (`/join/{alias}`); every other distributor's works by PRN.
    for (const entry of DEMO_ACCOUNTS)
      if (entry.alias !== undefined)
        await trx
          .updateTable('users')
          .set({ alias: entry.alias, alias_skeleton: aliasSkeleton(entry.alias) })
          .where('email', '=', entry.email)
          .execute();
    phase('users inserted');
    // Addresses of the demo accounts (one default each).
    const addressRows: {
      user_id: number;
      post_index: string;
      city: string;
      street: string;
      house: string;
      apartment: string | null;
      is_default: boolean;
    }[] = [];
    const addressesOf = new Map<number, AddressSnapshot[]>();
    const addAddresses = (userId: number, cities: string[]) => {
      cities.forEach((city, index) => {
        const parts = address(prng, city);
        addressRows.push({
          user_id: userId,
          post_index: parts.postIndex,
          city: parts.city,
          street: parts.street,
          house: parts.house,
          apartment: parts.apartment,
          is_default: index === 0,
        });
        addressesOf.set(userId, [...(addressesOf.get(userId) ?? []), parts]);
      });
    };
    addAddresses(ids.partner, ['Chișinău', 'Chișinău']);
    addAddresses(ids.warehouse, ['Chișinău']);
    addAddresses(ids.warehouse2, ['Chișinău']);
    addAddresses(ids.pw, ['Bălți', 'Chișinău']);
    addAddresses(ids.user, ['Chișinău', 'Orhei']);
    addAddresses(ids.unconfirmed, ['Ungheni']);
    await trx.insertInto('addresses').values(addressRows).execute();

    // The confirmation link of the unconfirmed account: its hash, and the message that carries the token.
    const token = `ec_${prng.hex(24)}`;
    const confirmation = await trx
      .insertInto('outbox')
      .values({
        kind: 'email_confirmation',
        user_id: ids.unconfirmed,
        token_hash: tokenHash(token),
        payload: JSON.stringify({ email: 'unconfirmed@demo.test' }),
        created_at: unconfirmedSigning,
        expires_at: new Date(now.getTime() + 30 * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueMessage(trx, {
      event: 'account.confirm_email',
      userId: ids.unconfirmed,
      key: `account.confirm_email:${confirmation.id}`,
      data: { expiresAt: new Date(now.getTime() + 30 * DAY).toISOString() },
      secret: token,
    });

    // Clients of partner@demo.test.
    const clientRows = Array.from({ length: 30 }, (_, index) => {
      const who = person(prng);
      return {
        id: index + 1,
        owner_id: ids.partner,
        full_name: who.fullName,
        email: prng.chance(0.7) ? `${who.emailLocal}.client@demo.test` : null,
        phone: phone(prng),
        city: prng.pick(CITIES),
        note: prng.pick(CLIENT_NOTES),
        created_at: new Date(now.getTime() - prng.int(10, 900) * DAY),
      };
    });
    await trx.insertInto('clients').values(clientRows).execute();
    const shopClient = await insertShopClient(trx, {
      seed: (options.seed ?? 20250601) + 29,
      fullName: account(SHOP_CLIENT_EMAIL).fullName,
      hash: account(SHOP_CLIENT_EMAIL).hash,
      warehouseId: 1,
      now,
    });

    // Carts and wishlists.
    const inStock = products.filter((p) => p.stock > 0);
    const cartRows = [
      ...prng
        .sample(inStock, 3)
        .map((p) => ({ user_id: ids.partner, product_id: p.id, quantity: prng.int(1, 3) })),
      ...prng.sample(inStock, 2).map((p) => ({ user_id: ids.pw, product_id: p.id, quantity: 1 })),
    ];
    const wishRows = [
      ...prng.sample(products, 5).map((p) => ({ user_id: ids.partner, product_id: p.id })),
      ...prng.sample(products, 2).map((p) => ({ user_id: ids.pw, product_id: p.id })),
      ...prng.sample(products, 2).map((p) => ({ user_id: ids.user, product_id: p.id })),
    ];
    await trx.insertInto('carts').values(cartRows).execute();
    await trx.insertInto('wishlist').values(wishRows).execute();

    phase('addresses, clients, carts');
    // Orders.
    const warehouses: SeedWarehouse[] = [
      {
        id: 1,
        code: 'CHI',
        pickupPointIds: pickupIds(1),
        staff: [
          { id: ids.warehouse, role: 'warehouse' },
          { id: ids.warehouse2, role: 'warehouse' },
        ],
      },
      {
        id: 2,
        code: 'BAL',
        pickupPointIds: pickupIds(2),
        staff: [
          { id: ids.pw, role: 'partner_warehouse' },
          { id: ids.baltiStaff, role: 'warehouse' },
        ],
      },
      {
        id: 3,
        code: 'CAH',
        pickupPointIds: pickupIds(3),
        staff: [{ id: ids.cahulStaff, role: 'warehouse' }],
      },
    ];
    const warehouseOf = (id: number): SeedWarehouse => {
      const found = warehouses.find((w) => w.id === id);
      if (!found) throw new Error(`no demo warehouse ${id}`);
      return found;
    };
    const plans = planOrders(prng, now, {
      partner,
      pw,
      downline: partnerDownline.filter((member) => member.depth <= 5),
      addressesOf,
      warehouseOf,
      clientIds: clientRows.map((c) => c.id),
    });
    const built = buildOrders(prng, plans, products, now);
    // The orders behind 12 months of volumes, from a generator of their own (the data above stays as it was).
    const volumeOrders = planVolumeOrders(new Prng((options.seed ?? 20250601) + 27), {
      wishes,
      products,
      warehouseOf,
      current: months[months.length - 1] ?? months[0] ?? '',
      now,
      zone,
    });
    const last = (rows: readonly { id: number }[]) => rows.reduce((max, row) => Math.max(max, row.id), 0);
    const history = buildVolumeOrders(
      new Prng((options.seed ?? 20250601) + 28),
      volumeOrders,
      products,
      now,
      {
        order: last(built.orders) + 1,
        line: last(built.lines) + 1,
      },
    );
    const orders = [...built.orders, ...history.orders];
    phase(`orders built (${orders.length})`);
    // Some 16,000 orders with their lines and history: indexes built and references checked once, at the end.
    await bulkLoad(trx, ['orders', 'order_lines', 'order_history', 'payments'], async () => {
      await insertJsonRows(trx, 'orders', orders, ['delivery_address']);
      await insertJsonRows(trx, 'order_lines', [...built.lines, ...history.lines], ['name']);
      await insertJsonRows(trx, 'order_history', built.history, ['changed_lines']);
      await insertVolumeHistory(trx, history.roads, last(built.history) + 1);
      await insertJsonRows(trx, 'payments', built.payments);
    });
    const shopCompletions = await insertShopClientOrder(trx, {
      seed: (options.seed ?? 20250601) + 30,
      client: shopClient,
      products,
      warehouse: warehouseOf(1),
      now,
    });
    if (built.refunds.length > 0) await trx.insertInto('payment_refunds').values(built.refunds).execute();
    await seedSandboxPayments(trx, built.payments, built.refunds);
    // Orders 1C already took hold no stock (its quantities count them); the others hold theirs at their warehouse.
    await sql`
      update orders set in_1c_at = coalesce(exchanged_at, updated_at)
      where exchange_state = 'confirmed' or onec_document_number is not null`.execute(trx);
    await recountHolds(trx);
    phase('orders, lines and history inserted');
    const completions = [
      ...built.history
        .filter((entry) => entry.event === 'COMPLETE')
        .map((entry) => ({ orderId: entry.order_id, at: entry.at })),
      ...volumeOrders.map((order, index) => ({
        orderId: history.orders[index]?.id ?? 0,
        at: order.completedAt,
      })),
      ...shopCompletions,
    ];
    const volumes = await creditHistory(trx, { completions, months, now, zone, log: options.log });
    phase('volumes credited and months closed');
    await resetSequences(trx);
    return {
      users: memberRows.length + otherRows.length + 1,
      products: products.length,
      orders: orders.length + shopCompletions.length,
      volumes,
    };
  });
  // The closes rewrote every month's rows a few times over: compact them, and give the planner its statistics.
  await sql`vacuum full monthly_volumes, users`.execute(db);
  await sql`analyze`.execute(db);
  phase('compacted and analysed');
  return { ...summary, millis: Math.round(performance.now() - started) };
}
