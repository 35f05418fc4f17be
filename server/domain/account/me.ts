/** The signed-in user as `GET /users/me` (and the profile calls) answer it. */
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
] as const satisfies readonly (keyof UserRow)[];

export function toMe(row: MeRow): Me {
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
  };
}

/** The user's Me; 404 when the row is gone (cannot happen for an authenticated caller outside a race). */
export async function loadMe(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<Me> {
  const row = await db.selectFrom('users').select(ME_COLUMNS).where('id', '=', userId).executeTakeFirst();
  if (row === undefined) throw notFound();
  return toMe(row);
}
