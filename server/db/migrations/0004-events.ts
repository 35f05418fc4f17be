import { sql, type Kysely } from 'kysely';

/**
 * The live-update event log and what several server processes on one database share
 * (docs/adr/0042-live-event-log.md, docs/adr/0014-rate-limits-in-the-database.md):
 *
 * - `events`: a bounded log of what changed (orders, bags, presence, sessions). Rows are appended by triggers in
 *   the same transaction as the change, whoever writes (API, 1C exchange, payment provider, plain SQL), and every
 *   append ends with `pg_notify('mlm_events', id)` so each process's listener learns of it at commit.
 *   Appends take one transaction-scoped advisory lock before they draw an id, so ids become visible in order:
 *   a reader that has seen id N has seen every committed event below N (what `Last-Event-ID` relies on).
 * - `event_tickets`: single-use, short-lived tickets that open an event stream (EventSource cannot send headers).
 * - `order_presence`: who of the staff has an order open, until `expires_at` (heartbeats extend it).
 * - `rate_limits`: fixed-window counters for login and forgot-password, counted across processes.
 *
 * A session may switch the order/bag triggers off for a bulk load: `set local mlm.events = 'off'` (the seed does).
 */

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('warehouse_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('events_at_idx').on('events').column('at').execute();

  await db.schema
    .createTable('event_tickets')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('ticket_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_version', 'integer', (col) => col.notNull())
    .addColumn('token_expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('order_presence')
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('warehouse_id', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_presence_pkey', ['order_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('order_presence_expires_idx')
    .on('order_presence')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .execute();

  await sql`
    create function events_append(p_kind text, p_user integer, p_warehouse integer, p_order integer, p_payload jsonb)
    returns bigint language plpgsql as $$
    declare new_id bigint;
    begin
      perform pg_advisory_xact_lock(7723001);
      insert into events (kind, user_id, warehouse_id, order_id, payload)
      values (p_kind, p_user, p_warehouse, p_order, p_payload) returning id into new_id;
      perform pg_notify('mlm_events', new_id::text);
      return new_id;
    end
    $$`.execute(db);

  // One event per order touched by the statement: its state after the statement, and who made the last entry.
  await sql`
    create function events_from_order_history() returns trigger language plpgsql as $$
    declare r record;
    begin
      if coalesce(current_setting('mlm.events', true), '') = 'off' then return null; end if;
      for r in
        select o.id, o.number, o.version, o.status, o.payment_state, o.user_id, o.warehouse_id,
               h.event, h.actor_id, h.actor_role, u.full_name as actor_name, created.order_id is not null as created
        from (select distinct on (order_id) * from order_history_new order by order_id, id desc) h
        join orders o on o.id = h.order_id
        left join users u on u.id = h.actor_id
        left join (select distinct order_id from order_history_new where event = 'CREATE') created
          on created.order_id = h.order_id
        order by o.id
      loop
        perform events_append('order', r.user_id, r.warehouse_id, r.id, jsonb_build_object(
          'change', case when r.created then 'created' else 'changed' end,
          'orderId', r.id, 'number', r.number, 'version', r.version, 'status', r.status,
          'paymentState', r.payment_state, 'event', r.event,
          'actor', case when r.actor_id is null then null
                   else jsonb_build_object('id', r.actor_id, 'name', r.actor_name, 'role', r.actor_role) end));
      end loop;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger order_history_events after insert on order_history
    referencing new table as order_history_new
    for each statement execute function events_from_order_history()`.execute(db);

  for (const operation of ['insert', 'update', 'delete'] as const) {
    const table = operation === 'delete' ? 'old' : 'new';
    await sql`
      create function ${sql.raw(`events_from_carts_${operation}`)}() returns trigger language plpgsql as $$
      declare r record;
      begin
        if coalesce(current_setting('mlm.events', true), '') = 'off' then return null; end if;
        for r in select distinct user_id from ${sql.raw(`carts_${table}`)} order by user_id loop
          perform events_append('bag', r.user_id, null, null, '{}'::jsonb);
        end loop;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`carts_events_${operation}`)} after ${sql.raw(operation)} on carts
      referencing ${sql.raw(table)} table as ${sql.raw(`carts_${table}`)}
      for each statement execute function ${sql.raw(`events_from_carts_${operation}`)}()`.execute(db);
  }

  // A password change (or any session end) closes that user's open streams at once.
  await sql`
    create function events_from_session_change() returns trigger language plpgsql as $$
    begin
      perform events_append('session', new.id, null, null,
        jsonb_build_object('sessionVersion', new.session_version));
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_session_events after update of session_version on users
    for each row when (old.session_version is distinct from new.session_version)
    execute function events_from_session_change()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop trigger if exists users_session_events on users`.execute(db);
  for (const operation of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`carts_events_${operation}`)} on carts`.execute(db);
    await sql`drop function if exists ${sql.raw(`events_from_carts_${operation}`)}()`.execute(db);
  }
  await sql`drop trigger if exists order_history_events on order_history`.execute(db);
  await sql`drop function if exists events_from_order_history()`.execute(db);
  await sql`drop function if exists events_from_session_change()`.execute(db);
  await sql`drop function if exists events_append(text, integer, integer, integer, jsonb)`.execute(db);
  await db.schema.dropTable('rate_limits').ifExists().execute();
  await db.schema.dropTable('order_presence').ifExists().execute();
  await db.schema.dropTable('event_tickets').ifExists().execute();
  await db.schema.dropTable('events').ifExists().execute();
}
