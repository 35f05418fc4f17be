/**
 * The company's period time zone lives in the database too (`volume_settings`, migration 0010), so SQL
 * (`volume_period`, the attention table's idle periods) and every process agree on which month an instant belongs
 * to. Each process writes PERIOD_TIME_ZONE there at start; all processes of one company share one configuration.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function setPeriodTimeZone(db: Kysely<DB>, zone: string): Promise<void> {
  await db
    .insertInto('volume_settings')
    .values({ id: true, time_zone: zone })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ time_zone: zone }).where('volume_settings.time_zone', '<>', zone),
    )
    .execute();
}

export async function periodTimeZone(db: Kysely<DB>): Promise<string | null> {
  const row = await db.selectFrom('volume_settings').select('time_zone').executeTakeFirst();
  return row?.time_zone ?? null;
}
