/**
 * Demo data for an empty database: three warehouses with pickup points, about 150 products in five languages,
 * the demo accounts of `accounts.ts`, a downline of about 2,000 distributors under partner@demo.test with 12 months
 * of volumes, bonuses, ranks and qualifications, clients, carts, wishlists, and about 200 orders in every lifecycle
 * status with their history. Deterministic: the same `seed` and `now` give the same data.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_SCRYPT_PARAMS, hashPassword } from '../auth/password.ts';
import type { ScryptParams } from '../config.ts';
import { ORDER_STATUSES, type Lang, type Localized, type OrderStatus } from '../db/reference.ts';
import type { AddressSnapshot, DB } from '../db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
import { buildCatalogue } from './catalogue.ts';
import { buildOrders, type OrderPlan, type SeedProduct, type SeedWarehouse } from './orders.ts';
import { computeNetwork, growDownline, lastMonths, prnOf, type Member } from './network.ts';
import { address, person, phone, CITIES } from './people.ts';
import { Prng } from './prng.ts';

const DAY = 86_400_000;

export type SeedOptions = {
  /** the moment the data is built around (default: now); months and order dates are relative to it */
  now?: Date;
  seed?: number;
  /** distributors under partner@demo.test (default 2,000, the unconfirmed account included) */
  downline?: number;
  /** scrypt cost of the seeded password hashes (tests seed cheap ones so logins stay fast) */
  scrypt?: ScryptParams;
  /** receives phase timings ("products 120 ms") */
  log?: (message: string) => void;
};

export type SeedSummary = {
  users: number;
  products: number;
  orders: number;
  volumes: number;
  millis: number;
};

/** Tables with a serial `id`, whose sequences are moved past explicitly inserted ids. */
const SERIAL_TABLES = [
  'warehouses',
  'pickup_points',
  'users',
  'addresses',
  'products',
  'clients',
  'orders',
  'order_lines',
  'order_history',
  'outbox',
  'qualifications',
  'idempotency_keys',
] as const;

const ids = {
  partner: 1,
  warehouse: 2,
  warehouse2: 3,
  pw: 4,
  user: 5,
  unconfirmed: 6,
  baltiStaff: 7,
  cahulStaff: 8,
  firstDownline: 11,
} as const;

const loc = (ru: string, en: string, ro: string, uk: string, it: string): Localized => ({
  ru,
  en,
  ro,
  uk,
  it,
});

/** The demo warehouses and their pickup points (also read by `npm run i18n:check`). */
export const WAREHOUSES = [
  {
    id: 1,
    code: 'CHI',
    name: loc(
      'Склад Кишинёв',
      'Chișinău warehouse',
      'Depozitul Chișinău',
      'Склад Кишинів',
      'Magazzino di Chișinău',
    ),
    city: 'Chișinău',
    address: 'str. Uzinelor 21, MD-2023 Chișinău',
    phone: '+373 22 84 10 10',
    email: 'chisinau@warehouse.demo.test',
    points: [
      {
        name: loc(
          'Пункт выдачи «Центр»',
          'City centre pickup point',
          'Punct de ridicare Centru',
          'Пункт видачі «Центр»',
          'Punto di ritiro Centro',
        ),
        address: 'bd. Ștefan cel Mare și Sfînt 126, Chișinău',
        hours: 'Mo-Fr 09:00-19:00; Sa 10:00-15:00',
      },
      {
        name: loc(
          'Пункт выдачи «Ботаника»',
          'Botanica pickup point',
          'Punct de ridicare Botanica',
          'Пункт видачі «Ботаніка»',
          'Punto di ritiro Botanica',
        ),
        address: 'bd. Dacia 47, Chișinău',
        hours: 'Mo-Fr 10:00-19:00; Sa 10:00-14:00',
      },
      {
        name: loc(
          'Пункт выдачи «Рышкановка»',
          'Rîșcani pickup point',
          'Punct de ridicare Rîșcani',
          'Пункт видачі «Ришкани»',
          'Punto di ritiro Rîșcani',
        ),
        address: 'str. Kiev 7, Chișinău',
        hours: 'Mo-Sa 09:00-18:00',
      },
    ],
  },
  {
    id: 2,
    code: 'BAL',
    name: loc('Склад Бельцы', 'Bălți warehouse', 'Depozitul Bălți', 'Склад Бєльці', 'Magazzino di Bălți'),
    city: 'Bălți',
    address: 'str. Industrială 9, MD-3100 Bălți',
    phone: '+373 231 5 40 40',
    email: 'balti@warehouse.demo.test',
    points: [
      {
        name: loc(
          'Пункт выдачи «Центр»',
          'City centre pickup point',
          'Punct de ridicare Centru',
          'Пункт видачі «Центр»',
          'Punto di ritiro Centro',
        ),
        address: 'str. Independenței 24, Bălți',
        hours: 'Mo-Fr 09:00-18:00; Sa 10:00-14:00',
      },
      {
        name: loc(
          'Пункт выдачи «Дачия»',
          'Dacia pickup point',
          'Punct de ridicare Dacia',
          'Пункт видачі «Дачія»',
          'Punto di ritiro Dacia',
        ),
        address: 'str. Ștefan cel Mare 60, Bălți',
        hours: 'Mo-Fr 10:00-18:00',
      },
    ],
  },
  {
    id: 3,
    code: 'CAH',
    name: loc('Склад Кагул', 'Cahul warehouse', 'Depozitul Cahul', 'Склад Кагул', 'Magazzino di Cahul'),
    city: 'Cahul',
    address: 'str. Ștefan cel Mare 3, MD-3909 Cahul',
    phone: '+373 299 2 30 30',
    email: 'cahul@warehouse.demo.test',
    points: [
      {
        name: loc(
          'Пункт выдачи «Республики»',
          'Republicii pickup point',
          'Punct de ridicare Republicii',
          'Пункт видачі «Республіки»',
          'Punto di ritiro Republicii',
        ),
        address: 'str. Republicii 12, Cahul',
        hours: 'Mo-Fr 09:00-17:00',
      },
    ],
  },
] as const;

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

type Tx = Transaction<DB> | Kysely<DB>;

type VolumeRecord = {
  userId: number;
  month: string;
  pv: number;
  gv: number;
  cgv: number;
  pgv: number;
  bonus: number;
  rank: string;
  closed: boolean;
};

async function insertChunks<T>(
  rows: readonly T[],
  columns: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  // PostgreSQL takes at most 65,535 parameters per statement.
  const size = Math.max(1, Math.floor(30_000 / Math.max(columns, 1)));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const day = (date: Date): string => date.toISOString().slice(0, 10);

/** True when the database already holds users (the demo seed only runs on an empty database). */
export async function hasData(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Moves every serial sequence past the largest id, so later inserts without ids continue from there. */
export async function resetSequences(db: Tx): Promise<void> {
  for (const table of SERIAL_TABLES) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
  await sql`select setval('order_number_seq', coalesce((select max(id) from orders), 0) + 1, false)`.execute(
    db,
  );
}

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
  const cost = options.scrypt ?? DEFAULT_SCRYPT_PARAMS;
  // One hash (one salt) serves every seeded account: they all share the demo password, and scrypt is slow on purpose.
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
  const summary = await db.transaction().execute(async (trx) => {
    // A bulk load is no live change: no events (migration 0004).
    await sql`set local mlm.events = 'off'`.execute(trx);
    // Warehouses and pickup points.
    await trx
      .insertInto('warehouses')
      .values(
        WAREHOUSES.map((w) => ({
          id: w.id,
          code: w.code,
          name: JSON.stringify(w.name),
          city: w.city,
          address: w.address,
          phone: w.phone,
          email: w.email,
        })),
      )
      .execute();
    const pickupRows: {
      id: number;
      warehouse_id: number;
      name: string;
      address: string;
      working_hours: string;
    }[] = [];
    for (const w of WAREHOUSES) {
      for (const point of w.points) {
        pickupRows.push({
          id: pickupRows.length + 1,
          warehouse_id: w.id,
          name: JSON.stringify(point.name),
          address: point.address,
          working_hours: point.hours,
        });
      }
    }
    await trx.insertInto('pickup_points').values(pickupRows).execute();
    const pickupIds = (warehouseId: number) =>
      pickupRows.filter((p) => p.warehouse_id === warehouseId).map((p) => p.id);

    phase('warehouses');
    // Products.
    const catalogue = buildCatalogue(prng);
    const products: SeedProduct[] = catalogue.map((product, index) => ({
      id: index + 1,
      sku: product.sku,
      name: product.name,
      price: product.price,
      promoPrice: product.promoPrice,
      points: product.points,
      stock: product.stock,
    }));
    await insertChunks(catalogue, 11, (chunk) =>
      trx
        .insertInto('products')
        .values(
          chunk.map((product) => ({
            id: catalogue.indexOf(product) + 1,
            sku: product.sku,
            name: JSON.stringify(product.name),
            description: JSON.stringify(product.description),
            price: product.price,
            promo_price: product.promoPrice,
            points: product.points,
            stock: product.stock,
            category: product.category,
            image_url: null,
            is_promotion: product.promoPrice !== null,
          })),
        )
        .execute(),
    );

    phase('products');
    // The genealogy: partner@demo.test's downline (with the unconfirmed account in the first line) and pw@demo.test's.
    const signingRoot = new Date(Date.UTC(now.getUTCFullYear() - 9, 2, 14));
    const rootMember = (
      id: number,
      email: string,
      warehouseId: number,
      signing: Date,
      lang: Lang,
    ): Member => ({
      id,
      sponsorId: null,
      path: `${id}.`,
      depth: 0,
      fullName: account(email).fullName,
      email,
      phone: phone(prng),
      city: warehouseId === 2 ? 'Bălți' : 'Chișinău',
      lang,
      warehouseId,
      signingDate: signing,
      activity: 1,
      leader: true,
      prn: prnOf(id),
    });
    const partner = rootMember(ids.partner, 'partner@demo.test', 1, signingRoot, 'ru');
    const pw = rootMember(
      ids.pw,
      'pw@demo.test',
      2,
      new Date(Date.UTC(now.getUTCFullYear() - 3, 8, 2)),
      'ro',
    );
    const unconfirmedSigning = new Date(now.getTime() - 3 * DAY);
    const unconfirmed: Member = {
      ...rootMember(ids.unconfirmed, 'unconfirmed@demo.test', 1, unconfirmedSigning, 'ro'),
      sponsorId: ids.partner,
      path: `${ids.partner}.${ids.unconfirmed}.`,
      depth: 1,
      activity: 0,
      leader: false,
      signingDate: new Date(
        Date.UTC(
          unconfirmedSigning.getUTCFullYear(),
          unconfirmedSigning.getUTCMonth(),
          unconfirmedSigning.getUTCDate(),
        ),
      ),
    };
    const usedEmails = new Set(DEMO_ACCOUNTS.map((entry) => entry.email.split('@')[0] ?? entry.email));
    const partnerDownline = growDownline(prng, {
      usedEmails,
      root: partner,
      firstId: ids.firstDownline,
      size: downlineSize - 1,
      maxDepth: 8,
      firstLine: 9,
      now,
      warehouses: [
        [1, 80],
        [2, 13],
        [3, 7],
      ],
    });
    const lastId = partnerDownline.reduce<number>(
      (max, member) => Math.max(max, member.id),
      ids.firstDownline,
    );
    const pwDownline = growDownline(prng, {
      usedEmails,
      root: pw,
      firstId: lastId + 1,
      size: 14,
      maxDepth: 3,
      firstLine: 4,
      now,
      warehouses: [[2, 1]],
    });
    const members = [partner, unconfirmed, ...partnerDownline, pw, ...pwDownline];
    const months = lastMonths(now, 12);
    const network = computeNetwork(prng, members, months);

    phase('network computed');
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
      rank: network.ranks.get(member.id) ?? 'consultant',
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

    phase('users inserted');
    // Tens of thousands of rows: one JSON parameter per statement is far faster than one parameter per value.
    await insertChunks(network.volumes, 3, (chunk) =>
      trx
        .insertInto('monthly_volumes')
        .columns(['user_id', 'month', 'pv', 'gv', 'cgv', 'pgv', 'bonus', 'rank', 'closed'])
        .expression(
          trx
            .selectFrom(
              sql<VolumeRecord>`jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)`.as<'v'>(
                sql`v("userId" int, month date, pv numeric, gv numeric, cgv numeric, pgv numeric, bonus int, rank text, closed boolean)`,
              ),
            )
            .select([
              'v.userId',
              'v.month',
              'v.pv',
              'v.gv',
              'v.cgv',
              'v.pgv',
              'v.bonus',
              'v.rank',
              'v.closed',
            ]),
        )
        .execute(),
    );
    await insertChunks(network.qualifications, 3, (chunk) =>
      trx
        .insertInto('qualifications')
        .values(chunk.map((q) => ({ user_id: q.userId, code: q.code, achieved_at: q.achievedAt })))
        .execute(),
    );

    phase('volumes and qualifications inserted');
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

    // The confirmation link of the unconfirmed account.
    const token = `ec_${prng.hex(24)}`;
    await trx
      .insertInto('outbox')
      .values({
        kind: 'email_confirmation',
        user_id: ids.unconfirmed,
        token,
        payload: JSON.stringify({ email: 'unconfirmed@demo.test', path: `/confirm-email?token=${token}` }),
        created_at: unconfirmedSigning,
        expires_at: new Date(now.getTime() + 30 * DAY),
      })
      .execute();

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
    await insertChunks(built.orders, 30, (chunk) => trx.insertInto('orders').values(chunk).execute());
    await insertChunks(built.lines, 10, (chunk) => trx.insertInto('order_lines').values(chunk).execute());
    await insertChunks(built.history, 10, (chunk) => trx.insertInto('order_history').values(chunk).execute());
    if (built.payments.length > 0) await trx.insertInto('payments').values(built.payments).execute();

    phase('orders');
    await resetSequences(trx);
    return {
      users: memberRows.length + otherRows.length,
      products: products.length,
      orders: built.orders.length,
      volumes: network.volumes.length,
    };
  });
  return { ...summary, millis: Math.round(performance.now() - started) };
}

type PlanInput = {
  partner: Member;
  pw: Member;
  downline: readonly Member[];
  addressesOf: ReadonlyMap<number, AddressSnapshot[]>;
  warehouseOf: (id: number) => SeedWarehouse;
  clientIds: readonly number[];
};

const TERMINAL_OR_CLOSED: ReadonlySet<OrderStatus> = new Set([
  'completed',
  'sent_to_1c',
  'received',
  'rejected',
  'cancelled_by_distributor',
  'cancelled_by_warehouse',
]);
const PICKUP_ONLY: ReadonlySet<OrderStatus> = new Set(['pickup_requested']);
const DELIVERY_ONLY: ReadonlySet<OrderStatus> = new Set([
  'delivery_requested',
  'delivery_processing',
  'sent',
  'in_delivery',
]);

/** Who orders what: partner@demo.test in every status (twice, both roads), pw@demo.test a few, the downline the rest. */
function planOrders(prng: Prng, now: Date, input: PlanInput): OrderPlan[] {
  const plans: OrderPlan[] = [];
  const createdFor = (status: OrderStatus): Date => {
    const days = TERMINAL_OR_CLOSED.has(status)
      ? prng.int(3, 200) + prng.next()
      : 0.05 + prng.next() * (status === 'awaiting_warehouse' || status === 'placed' ? 1.5 : 7);
    return new Date(now.getTime() - days * DAY);
  };
  const plan = (
    member: Member,
    role: OrderPlan['userRole'],
    status: OrderStatus,
    variant: number,
    extra: Partial<OrderPlan> = {},
  ): OrderPlan => {
    const deliveryType = PICKUP_ONLY.has(status)
      ? 'pickup'
      : DELIVERY_ONLY.has(status)
        ? 'delivery'
        : prng.chance(0.55)
          ? 'pickup'
          : 'delivery';
    const own = input.addressesOf.get(member.id);
    const snapshot = own?.[prng.int(0, own.length - 1)] ?? address(prng, member.city);
    const paymentMethod = prng.chance(0.45) ? 'card' : 'cash';
    return {
      userId: member.id,
      userRole: role,
      lang: member.lang,
      warehouse: input.warehouseOf(member.warehouseId),
      status,
      deliveryType,
      paymentMethod,
      payment: prng.weighted([
        ['paid', 6],
        ['need_pay', 2],
        ['pay_failed', 1],
        ['failed_then_paid', 1],
      ] as const),
      variant,
      createdAt: createdFor(status),
      address: deliveryType === 'delivery' ? snapshot : null,
      clientId: null,
      ...extra,
    };
  };

  // partner@demo.test: every status twice, once cash and once card, with different roads.
  ORDER_STATUSES.forEach((status, index) => {
    plans.push(plan(input.partner, 'partner', status, index, { paymentMethod: 'cash' }));
    plans.push(plan(input.partner, 'partner', status, index + 1, { paymentMethod: 'card' }));
  });
  for (const payment of ['need_pay', 'pay_failed', 'paid'] as const) {
    plans.push(plan(input.partner, 'partner', 'confirmed', 0, { paymentMethod: 'card', payment }));
  }
  for (let i = 0; i < 10; i++)
    plans.push(plan(input.partner, 'partner', prng.pick(['completed', 'sent_to_1c'] as const), i));
  for (const clientId of prng.sample(input.clientIds, 5)) {
    plans.push(
      plan(
        input.partner,
        'partner',
        prng.pick(['completed', 'sent_to_1c', 'ready', 'checking'] as const),
        clientId,
        { clientId },
      ),
    );
  }

  // pw@demo.test at its own warehouse.
  for (const status of [
    'awaiting_warehouse',
    'confirmed',
    'ready',
    'completed',
    'sent_to_1c',
    'cancelled_by_distributor',
  ] as const) {
    plans.push(plan(input.pw, 'partner_warehouse', status, prng.int(0, 5)));
  }

  // The downline: about 150 orders, mostly at warehouse 1, in a believable mix of statuses.
  const weights: (readonly [OrderStatus, number])[] = [
    ['awaiting_warehouse', 10],
    ['checking', 5],
    ['awaiting_distributor', 4],
    ['confirmed', 6],
    ['prepared', 4],
    ['ready', 5],
    ['pickup_requested', 3],
    ['delivery_requested', 3],
    ['delivery_processing', 2],
    ['sent', 2],
    ['in_delivery', 3],
    ['received', 4],
    ['completed', 18],
    ['sent_to_1c', 22],
    ['rejected', 3],
    ['cancelled_by_distributor', 4],
    ['cancelled_by_warehouse', 4],
  ];
  for (let i = 0; i < 150; i++) {
    const member = prng.pick(input.downline);
    plans.push(plan(member, 'partner', prng.weighted(weights), prng.int(0, 11)));
  }
  return plans;
}
