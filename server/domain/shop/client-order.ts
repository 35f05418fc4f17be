/**
 * A shop client's order (docs/adr/0146-the-shop-link.md): it carries the client's row of the owner's client base
 * (`orders.client_id`, so the client base counts it and the owner may read it), and the owner is told — a live
 * `client_order` event and a `business.client_order` message — in the transaction that creates the order. Order
 * creation runs this only when it writes the order, never when it replays an answer for a retried key, and the
 * message's key is the order's, so the owner hears of each order exactly once.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messages/outbox.ts';

type Trx = Transaction<DB>;

export interface ShopClientRow {
  clientId: number;
  ownerId: number;
  clientName: string;
}

/** The client base row of account `userId` in the shop of `ownerId`, or null (not a client of that shop). */
export async function shopClientRow(
  trx: Trx,
  userId: number,
  ownerId: number,
): Promise<ShopClientRow | null> {
  const row = await trx
    .selectFrom('clients')
    .select(['id', 'owner_id', 'full_name'])
    .where('user_id', '=', userId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row === undefined ? null : { clientId: row.id, ownerId: row.owner_id, clientName: row.full_name };
}

export interface PlacedClientOrder {
  orderId: number;
  number: string;
  total: number;
  currency: string;
  points: number;
}

/** Tells the shop's owner of the order just placed: the live event and the message, in the order's transaction. */
export async function tellShopOwner(
  trx: Trx,
  client: ShopClientRow,
  order: PlacedClientOrder,
): Promise<void> {
  await sql`select events_append('client_order', ${client.ownerId}::int, null, ${order.orderId}::int,
    jsonb_build_object('orderId', ${order.orderId}::int, 'number', ${order.number}::text,
      'clientId', ${client.clientId}::int, 'clientName', ${client.clientName}::text))`.execute(trx);
  await enqueueMessage(trx, {
    event: 'business.client_order',
    userId: client.ownerId,
    key: `business.client_order:${order.orderId}`,
    data: {
      name: client.clientName,
      clientId: client.clientId,
      number: order.number,
      total: order.total,
      currency: order.currency,
      points: order.points,
    },
  });
}
