import { sql, type Kysely } from 'kysely';

/**
 * Returns are live (docs/adr/0138-returns.md): every change of a return appends a `return` event to the live-event
 * log (migration 0004), in the changing transaction, for the buyer and the staff of the return's warehouse, so the
 * order page, the return's page and the warehouse's Returns tab follow it without a reload — whoever changed it
 * (a screen, a refund, 1C).
 *
 * One event per return a statement changed (its newest state), only when its version moved: the exchange's own
 * bookkeeping (`exchange_state`, `exchanged_at`) does not wake every screen. `set local mlm.events = 'off'` switches
 * it off for a bulk load, as for orders.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  for (const operation of ['insert', 'update'] as const) {
    const changed =
      operation === 'insert'
        ? sql.raw('select * from returns_new')
        : sql.raw(
            'select n.* from returns_new n join returns_old o on o.id = n.id where n.version <> o.version',
          );
    await sql`
      create function ${sql.raw(`events_from_returns_${operation}`)}() returns trigger language plpgsql as $$
      declare r record;
      begin
        if coalesce(current_setting('mlm.events', true), '') = 'off' then return null; end if;
        for r in select c.* from (${changed}) c order by c.id loop
          perform events_append('return', r.user_id, r.warehouse_id, r.order_id, jsonb_build_object(
            'change', ${sql.lit(operation === 'insert' ? 'created' : 'changed')},
            'returnId', r.id, 'orderId', r.order_id, 'version', r.version, 'status', r.status,
            'refundState', r.refund_state));
        end loop;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`order_returns_events_${operation}`)} after ${sql.raw(operation)} on order_returns
      referencing ${sql.raw(operation === 'insert' ? 'new table as returns_new' : 'old table as returns_old new table as returns_new')}
      for each statement execute function ${sql.raw(`events_from_returns_${operation}`)}()`.execute(db);
  }
}
