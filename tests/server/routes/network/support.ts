/** Shared helpers of the network route tests: the full app on a fresh seeded database, types, DB look-ups. */
import type { components } from '#openapi/schema.d.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

export type S = components['schemas'];
export type NetworkNode = S['NetworkNode'];
export type NetworkView = S['NetworkView'];
export type NetworkNodePage = S['NetworkNodePage'];
export type ApiError = S['Error'];

export const startNetworkApp = (): Promise<TestApp> => startTestApp();

/** First day of the current UTC month shifted by `offset` months. */
export function monthStart(offset = 0, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .where('email', '=', email)
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ids of everyone below `userId` (path prefix), the user excluded. */
export async function downlineIds(t: TestApp, userId: number): Promise<number[]> {
  const me = await t.db.selectFrom('users').where('id', '=', userId).select('path').executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('users')
    .where('path', 'like', `${me.path}%`)
    .where('id', '<>', userId)
    .select('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Direct children counts, straight from the database. */
export async function childCount(t: TestApp, userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .where('sponsor_id', '=', userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export const ROLE_CASES = [
  ['warehouse@demo.test', 'warehouse'],
  ['user@demo.test', 'user'],
] as const;
