/**
 * The signed-in user as `GET /users/me` (and the profile calls) answer it; a shop client's with the distributor whose
 * shop they signed up in (`shop`, docs/adr/0146-the-shop-link.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import { apiRoleOf, roleOf } from '../../auth/roles.ts';
import type { DB, UserRow } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export type Me = components['schemas']['Me'];

type MeRow = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'full_name'
  | 'phone'
  | 'lang'
  | 'is_warehouse'
  | 'is_partner'
  | 'email_confirmed'
  | 'prn'
  | 'alias'
  | 'warehouse_id'
  | 'shop_owner_id'
>;

export const ME_COLUMNS = [
  'id',
  'email',
  'full_name',
  'phone',
  'lang',
  'is_warehouse',
  'is_partner',
  'email_confirmed',
  'prn',
  'alias',
  'warehouse_id',
  'shop_owner_id',
] as const satisfies readonly (keyof UserRow)[];

export type ShopOwner = components['schemas']['ShopOwner'];

/** The distributor `ownerId` as a shop client's `Me.shop` shows them; null without one (or when gone). */
export async function shopOwnerOf(
  db: Kysely<DB> | Transaction<DB>,
  ownerId: number | null,
): Promise<ShopOwner | null> {
  if (ownerId === null) return null;
  const owner = await db
    .selectFrom('users')
    .select(['alias', 'prn', 'full_name'])
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (owner?.prn == null) return null;
  return { alias: owner.alias, prn: owner.prn, fullName: owner.full_name };
}

export function toMe(row: MeRow, shop: ShopOwner | null): Me {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    lang: row.lang,
    role: apiRoleOf(roleOf(row.is_warehouse, row.is_partner)),
    emailConfirmed: row.email_confirmed,
    prn: row.prn,
    alias: row.alias,
    warehouseId: row.warehouse_id,
    shop,
  };
}

/** The user's Me; 404 when the row is gone (cannot happen for an authenticated caller outside a race). */
export async function loadMe(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<Me> {
  const row = await db.selectFrom('users').select(ME_COLUMNS).where('id', '=', userId).executeTakeFirst();
  if (row === undefined) throw notFound();
  return toMe(row, await shopOwnerOf(db, row.shop_owner_id));
}
