/**
 * What a distributor sees of their shop clients' orders (docs/adr/0146-the-shop-link.md): the latest ones for the
 * Main card "Client orders", and the right to read one. An order is a shop client's when it carries a client base
 * row that has an account (`clients.user_id`) and that account placed it; the row's owner is the shop's owner.
 */
import type { Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { roundPoints } from '../catalogue/product.ts';

export type ClientOrder = components['schemas']['ClientOrder'];

/** The orders the clients of `ownerId`'s shop placed, newest first, at most `limit`. */
export async function latestClientOrders(
  db: Kysely<DB>,
  ownerId: number,
  limit: number,
): Promise<ClientOrder[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('clients as c', (join) =>
      join.onRef('c.id', '=', 'o.client_id').onRef('c.user_id', '=', 'o.user_id'),
    )
    .select([
      'o.id',
      'o.number',
      'o.final_cost',
      'o.currency',
      'o.points',
      'o.status',
      'o.created_at',
      'c.id as client_id',
      'c.full_name',
    ])
    .where('c.owner_id', '=', ownerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    orderId: row.id,
    number: row.number,
    clientId: row.client_id,
    clientName: row.full_name,
    total: row.final_cost,
    currency: row.currency,
    points: roundPoints(Number(row.points)),
    status: row.status,
    createdAt: row.created_at.toISOString(),
  }));
}

/** Whether `userId` owns the shop whose client placed order `orderId` (they may read it). */
export async function isShopOwnerOf(db: Kysely<DB>, userId: number, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('clients as c', (join) =>
      join.onRef('c.id', '=', 'o.client_id').onRef('c.user_id', '=', 'o.user_id'),
    )
    .select('o.id')
    .where('o.id', '=', orderId)
    .where('c.owner_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
