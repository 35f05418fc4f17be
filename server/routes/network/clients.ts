/**
 * The client base: `listClients` and `getClient` (the caller's own clients only; another's is 404). A client's orders
 * are those that carry their row: placed by the owner for them, or by the client in the owner's shop
 * (docs/adr/0146-the-shop-link.md).
 */
import type { Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { Handler } from '../../contract/types.ts';
import type { ClientRow, DB } from '../../db/schema.ts';
import { summarise, summaryColumns } from '../../domain/orders/order-view.ts';
import { latestClientOrders } from '../../domain/shop/client-orders.ts';
import { notFound } from '../../http/errors.ts';
import { containsPattern } from './caller.ts';

type Client = components['schemas']['Client'];
type ClientPage = components['schemas']['ClientPage'];
type ClientDetail = components['schemas']['ClientDetail'];

/** The detail lists at most this many orders (contract: `maxItems: 50`). */
const CLIENT_ORDERS = 50;

type OrderStats = { orderCount: number; lastOrderAt: Date | null };

/** Order count and last order date per client (the owner's rows only): one grouped query. */
async function orderStats(db: Kysely<DB>, clientIds: readonly number[]): Promise<Map<number, OrderStats>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .where('client_id', 'in', clientIds)
    .groupBy('client_id')
    .select((eb) => ['client_id', eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
    .execute();
  const out = new Map<number, OrderStats>();
  for (const row of rows) {
    if (row.client_id !== null) out.set(row.client_id, { orderCount: row.n, lastOrderAt: row.last });
  }
  return out;
}

function toClient(row: ClientRow, stats: OrderStats | undefined): Client {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    orderCount: stats?.orderCount ?? 0,
    lastOrderAt: stats?.lastOrderAt?.toISOString() ?? null,
  };
}

export const listClients: Handler<'listClients'> = async ({ db, user, query }) => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  let base = db.selectFrom('clients').where('owner_id', '=', user.userId);
  if (query.q !== undefined) {
    const pattern = containsPattern(query.q.trim() === '' ? query.q : query.q.trim());
    base = base.where((eb) =>
      eb.or(
        (['full_name', 'email', 'phone', 'city'] as const).map((column) =>
          eb(eb.fn('lower', [eb.fn.coalesce(column, eb.val(''))]), 'like', pattern),
        ),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  const stats = await orderStats(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toClient(row, stats.get(row.id))),
    page,
    pageSize,
    total: count?.total ?? 0,
  } satisfies ClientPage;
};

export const getClient: Handler<'getClient'> = async ({ db, user, params, lang }) => {
  const row = await db
    .selectFrom('clients')
    .where('id', '=', params.id)
    .where('owner_id', '=', user.userId)
    .selectAll()
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  const [stats, orders] = await Promise.all([
    orderStats(db, [row.id]),
    summaryColumns(db)
      .where('o.client_id', '=', row.id)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(CLIENT_ORDERS)
      .execute(),
  ]);
  return {
    ...toClient(row, stats.get(row.id)),
    orders: await summarise(db, orders, lang),
  } satisfies ClientDetail;
};

/** The latest orders the caller's shop clients placed, newest first (the Main card "Client orders"). */
export const listClientOrders: Handler<'listClientOrders'> = async ({ db, user, query }) => ({
  items: await latestClientOrders(db, user.userId, query.limit ?? 5),
});
