/**
 * Who of a warehouse's staff has an order open (`order_presence`, migration 0004). The order page sends a
 * heartbeat every `PRESENCE_HEARTBEAT_SECONDS` and a leave when it closes; a row lives `PRESENCE_TTL_SECONDS`
 * after its last heartbeat, so a closed laptop disappears by itself (the hub's sweep announces it). Every change
 * of an order's viewers appends one `presence` event with the whole list, seen by that warehouse's staff.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuthContext } from '../auth/authenticate.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

export const PRESENCE_TTL_SECONDS = 45;
export const PRESENCE_HEARTBEAT_SECONDS = 15;

export interface Viewer {
  userId: number;
  name: string;
}

export interface OrderPresence {
  orderId: number;
  viewers: Viewer[];
  heartbeatSeconds: number;
}

type Db = Kysely<DB> | Transaction<DB>;

async function viewersOf(db: Db, orderId: number): Promise<Viewer[]> {
  const rows = await db
    .selectFrom('order_presence as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'u.full_name'])
    .where('p.order_id', '=', orderId)
    .where('p.expires_at', '>', new Date())
    .orderBy('u.full_name')
    .orderBy('p.user_id')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, name: row.full_name }));
}

async function announce(trx: Transaction<DB>, orderId: number, warehouseId: number): Promise<Viewer[]> {
  const viewers = await viewersOf(trx, orderId);
  const payload = JSON.stringify({ orderId, viewers });
  await sql`select events_append('presence', null, ${warehouseId}::int, ${orderId}::int, ${payload}::jsonb)`.execute(
    trx,
  );
  return viewers;
}

/** The order's warehouse when the caller is staff of it; 404 otherwise (like reading it). */
async function staffOrder(db: Db, auth: AuthContext, orderId: number): Promise<number> {
  const order = await db
    .selectFrom('orders')
    .select('warehouse_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (order === undefined || !auth.wh || auth.warehouseId !== order.warehouse_id) throw notFound();
  return order.warehouse_id;
}

/** The caller has the order open (now and for the next `PRESENCE_TTL_SECONDS`). Announced when they arrive. */
export async function heartbeat(db: Kysely<DB>, auth: AuthContext, orderId: number): Promise<OrderPresence> {
  const warehouseId = await staffOrder(db, auth, orderId);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const before = await trx
      .selectFrom('order_presence')
      .select('expires_at')
      .where('order_id', '=', orderId)
      .where('user_id', '=', auth.userId)
      .forUpdate()
      .executeTakeFirst();
    const expiresAt = new Date(now.getTime() + PRESENCE_TTL_SECONDS * 1000);
    await trx
      .insertInto('order_presence')
      .values({ order_id: orderId, user_id: auth.userId, warehouse_id: warehouseId, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['order_id', 'user_id']).doUpdateSet({ expires_at: expiresAt }))
      .execute();
    const arrived = before === undefined || before.expires_at <= now;
    const viewers = arrived ? await announce(trx, orderId, warehouseId) : await viewersOf(trx, orderId);
    return { orderId, viewers, heartbeatSeconds: PRESENCE_HEARTBEAT_SECONDS };
  });
}

/** The caller closed the order: gone from its viewers at once. */
export async function leave(db: Kysely<DB>, auth: AuthContext, orderId: number): Promise<void> {
  const warehouseId = await staffOrder(db, auth, orderId);
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('order_presence')
      .where('order_id', '=', orderId)
      .where('user_id', '=', auth.userId)
      .returning('order_id')
      .executeTakeFirst();
    if (gone !== undefined) await announce(trx, orderId, warehouseId);
  });
}

/** Removes expired viewers and announces each order whose viewers changed (whichever process deletes, announces). */
export async function sweepPresence(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('order_presence')
      .where('expires_at', '<=', new Date())
      .returning(['order_id', 'warehouse_id'])
      .execute();
    const orders = new Map(gone.map((row) => [row.order_id, row.warehouse_id]));
    for (const [orderId, warehouseId] of [...orders].sort((a, b) => a[0] - b[0])) {
      await announce(trx, orderId, warehouseId);
    }
  });
}
