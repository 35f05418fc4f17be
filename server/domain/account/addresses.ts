/**
 * The user's delivery addresses. Invariants: at most `MAX_ADDRESSES` per user; a user with addresses has exactly one
 * default (the first one becomes it, `isDefault: true` moves it, deleting it passes it to the newest remaining one).
 * Every write runs in a transaction that first locks the user's row, so concurrent writes of one user queue up.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { AddressesTable, DB } from '../../db/schema.ts';
import { notFound, unprocessable, type ErrorDetail } from '../../http/errors.ts';

export type Address = components['schemas']['Address'];
export type AddressInput = components['schemas']['AddressInput'];
export type AddressUpdate = components['schemas']['AddressUpdate'];

export const MAX_ADDRESSES = 50;

const COLUMNS = ['id', 'post_index', 'city', 'street', 'house', 'apartment', 'is_default'] as const;
type Row = Pick<Selectable<AddressesTable>, (typeof COLUMNS)[number]>;

export function toAddress(row: Row): Address {
  return {
    id: row.id,
    postIndex: row.post_index,
    city: row.city,
    street: row.street,
    house: row.house,
    apartment: row.apartment,
    isDefault: row.is_default,
  };
}

interface CleanFields {
  post_index: string;
  city: string;
  street: string;
  house: string;
  apartment: string | null;
}

/** Trims the fields; a field that is blank after trimming (or an apartment of spaces) is 422 VALIDATION_FAILED. */
export function cleanAddressFields(input: AddressInput | AddressUpdate): CleanFields {
  const details: ErrorDetail[] = [];
  const required = (name: 'postIndex' | 'city' | 'street' | 'house'): string => {
    const value = input[name].trim();
    if (value === '') details.push({ location: 'body', path: `/${name}`, message: 'must not be blank' });
    return value;
  };
  const fields: CleanFields = {
    post_index: required('postIndex').toUpperCase(),
    city: required('city'),
    street: required('street'),
    house: required('house'),
    apartment: null,
  };
  const apartment = input.apartment?.trim() ?? null;
  if (apartment === '')
    details.push({
      location: 'body',
      path: '/apartment',
      message: 'must not be blank; omit it or send null',
    });
  fields.apartment = apartment === '' ? null : apartment;
  if (details.length > 0) throw unprocessable('VALIDATION_FAILED', details);
  return fields;
}

type Tx = Transaction<DB>;

async function lockUser(trx: Tx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Default first, then newest first. */
export async function listAddresses(db: Kysely<DB>, userId: number): Promise<Address[]> {
  const rows = await db
    .selectFrom('addresses')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_ADDRESSES)
    .execute();
  return rows.map(toAddress);
}

/** The user's address `id`; 404 when it does not exist or is another user's. */
export async function getAddress(db: Kysely<DB> | Tx, userId: number, id: number): Promise<Address> {
  const row = await db
    .selectFrom('addresses')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  return toAddress(row);
}

async function clearDefault(trx: Tx, userId: number): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ is_default: false })
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
}

export async function createAddress(db: Kysely<DB>, userId: number, input: AddressInput): Promise<Address> {
  const fields = cleanAddressFields(input);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const { count } = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const existing = Number(count);
    if (existing >= MAX_ADDRESSES) {
      throw unprocessable('VALIDATION_FAILED', [
        { location: 'body', path: '', message: `at most ${MAX_ADDRESSES} addresses; delete one first` },
      ]);
    }
    const makeDefault = existing === 0 || input.isDefault === true;
    if (makeDefault) await clearDefault(trx, userId);
    const row = await trx
      .insertInto('addresses')
      .values({ user_id: userId, ...fields, is_default: makeDefault })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

export async function updateAddress(db: Kysely<DB>, userId: number, input: AddressUpdate): Promise<Address> {
  const fields = cleanAddressFields(input);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const current = await getAddress(trx, userId, input.id);
    // The default stays the default when `isDefault` is false or omitted: another address must take it over.
    const makeDefault = current.isDefault || input.isDefault === true;
    if (makeDefault && !current.isDefault) await clearDefault(trx, userId);
    const row = await trx
      .updateTable('addresses')
      .set({ ...fields, is_default: makeDefault })
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

/** Deletes the user's address; when it was the default, the newest remaining address becomes the default. */
export async function deleteAddress(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const deleted = await trx
      .deleteFrom('addresses')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('is_default')
      .executeTakeFirst();
    if (deleted === undefined) throw notFound();
    if (!deleted.is_default) return;
    const next = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (next !== undefined) {
      await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', next.id).execute();
    }
  });
}
