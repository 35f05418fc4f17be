import { sql, type Kysely } from 'kysely';
import { ACTIVE_PV, RANKS } from '../reference.ts';

/**
 * "Who needs attention" at constant cost (docs/adr/0032-attention-table.md): `network_attention` holds, per
 * period (month start), one row per distributor with what the four filters ask (this period's PV, the last
 * order, whether a leader dropped rank between the two closed months before the period) and their
 * materialised path in the "C" collation. Partial indexes `(period, path) where <filter>` make a page of
 * matches inside a downline one index range in tree order (a path prefix), whatever the size of the network.
 *
 * - A period's rows are written once, on its first use (`network_attention_fill(period)`, called by
 *   server/domain/network/attention.ts), which also drops the rows of older periods; `network_attention_periods`
 *   says which periods are there.
 * - From then on triggers keep them exact in the writing transaction: `monthly_volumes` (PV of the period, ranks of
 *   the two months before it), `orders` (last order), `users` (new distributors, a moved path, partner or not).
 *   Statement triggers over transition tables, so a bulk write (the seed) costs one statement, not one per row.
 * - `network_attention_counts`: how many members below each distributor match each filter in each period (`idle_k`:
 *   no order for exactly k periods, 12 meaning twelve or more), kept by statement triggers on `network_attention`
 *   (ancestors from the path, upserts in key order), so the page's total is a handful of rows by primary key, not a
 *   count over the matches. A fill counts its own rows in one grouped insert (its triggers stand aside).
 * - A fill and a write never miss each other: the fill holds the advisory lock `ATTENTION_LOCK` exclusively, every
 *   trigger shares it, so a write either commits before the fill reads or updates the rows after the fill commits.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

/** The advisory lock key of fills and triggers (any constant unused elsewhere). */
export const ATTENTION_LOCK = 140_804;

/** Leaders for `rank_drop`: manager and up (position 2 of the ladder, 1-based as `array_position` answers). */
const LEADER_FROM = 2;

const ladder = (column: string) =>
  sql.raw(
    `coalesce(array_position(array[${RANKS.map((rank) => `'${rank.code}'`).join(', ')}]::text[], ${column}), 0)`,
  );

/** Whether `lastm` (the month before the period) ranks below `prevm` (the one before it) for a leader. */
const DROPPED = sql`coalesce(${ladder('prevm.rank')} >= ${sql.lit(LEADER_FROM)} and ${ladder('lastm.rank')} < ${ladder('prevm.rank')}, false)`;

/**
 * Adds the signed rows of `source` (a query with the columns of `network_attention` and `s`, +1 or -1) to the
 * counts of every ancestor: one pass over the ancestors (from the path) summing each filter with `filter (where …)`,
 * then one upsert per (period, ancestor, kind) in key order (two writers never deadlock). Summing with filters, not
 * unnesting a row's kinds, is what keeps a fill of 100k distributors near a second.
 */
const COUNT = (source: string) =>
  sql.raw(`
      insert into network_attention_counts (period, user_id, kind, n)
      select g.period, g.ancestor, k.kind, sum(k.n)::int
      from (
        select r.period, a::int as ancestor, r.idle,
          sum(r.s) filter (where r.pv = 0) as pv_zero,
          sum(r.s) filter (where r.pv < ${ACTIVE_PV}) as below_active,
          sum(r.s) filter (where r.rank_dropped) as rank_drop,
          sum(r.s) filter (where r.idle >= 1) as idle_n
        from (${source}) r
        cross join lateral unnest((string_to_array(rtrim(r.path, '.'), '.'))[1:cardinality(string_to_array(rtrim(r.path, '.'), '.')) - 1]) as a
        where a <> ''
        group by 1, 2, 3
      ) g
      cross join lateral (values ('pv_zero', g.pv_zero), ('below_active', g.below_active),
        ('rank_drop', g.rank_drop), ('idle_' || g.idle, g.idle_n)) as k(kind, n)
      where k.n is not null
      group by 1, 2, 3 having sum(k.n) <> 0 order by 1, 2, 3
      on conflict (period, user_id, kind) do update set n = network_attention_counts.n + excluded.n;`);

const LOCK_SHARED = sql.raw(`perform pg_advisory_xact_lock_shared(${ATTENTION_LOCK});`);
const ANY_PERIOD = sql.raw(
  `if not exists (select 1 from network_attention_periods) then return null; end if;`,
);

const TRIGGERS: readonly (readonly [string, string])[] = [
  ['network_attention_counted_insert', 'network_attention'],
  ['network_attention_counted_update', 'network_attention'],
  ['network_attention_counted_delete', 'network_attention'],
  ['network_attention_volumes_insert', 'monthly_volumes'],
  ['network_attention_volumes_update', 'monthly_volumes'],
  ['network_attention_volumes_delete', 'monthly_volumes'],
  ['network_attention_orders_insert', 'orders'],
  ['network_attention_orders_delete', 'orders'],
  ['network_attention_users_insert', 'users'],
  ['network_attention_users_update', 'users'],
  ['network_attention_users_delete', 'users'],
  ['network_attention_users_truncate', 'users'],
];

const FUNCTIONS = [
  'network_attention_counted()',
  'network_attention_kinds(numeric, boolean, smallint)',
  'network_attention_idle(timestamptz, date)',
  'network_attention_fill(date)',
  'network_attention_rank_dropped(integer, date)',
  'network_attention_volumes()',
  'network_attention_volumes_gone()',
  'network_attention_orders()',
  'network_attention_users_new()',
  'network_attention_users_moved()',
  'network_attention_users_gone()',
  'network_attention_clear()',
];

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table network_attention (
      period date not null,
      user_id integer not null,
      path text collate "C" not null,
      pv numeric not null default 0,
      last_order_at timestamptz,
      rank_dropped boolean not null default false,
      idle smallint not null default 12,
      primary key (period, user_id)
    )`.execute(db);
  await sql`create index network_attention_user_idx on network_attention (user_id)`.execute(db);
  await sql`create index network_attention_path_idx on network_attention (period, path)`.execute(db);
  await sql`create index network_attention_pv_zero_idx on network_attention (period, path) where pv = 0`.execute(
    db,
  );
  await sql`
    create index network_attention_below_active_idx on network_attention (period, path)
    where pv < ${sql.lit(ACTIVE_PV)}`.execute(db);
  await sql`
    create index network_attention_rank_drop_idx on network_attention (period, path)
    where rank_dropped`.execute(db);
  await sql`
    create index network_attention_idle_idx on network_attention (period, path)
    where idle >= 1`.execute(db);
  await sql`create table network_attention_periods (period date primary key)`.execute(db);
  await sql`
    create table network_attention_counts (
      period date not null,
      user_id integer not null,
      kind text not null,
      n integer not null default 0,
      primary key (period, user_id, kind)
    )`.execute(db);

  // Whole periods since the last order (0: ordered this period; 12: twelve or more, or never).
  await sql`
    create function network_attention_idle(last_order timestamptz, period date) returns smallint
    language sql immutable as $$
      select case when last_order is null then 12
        else greatest(0, least(12,
          (extract(year from period) - extract(year from last_order at time zone 'UTC')) * 12
          + extract(month from period) - extract(month from last_order at time zone 'UTC')))::smallint end
    $$`.execute(db);
  // The kinds a row counts in, one by one: the reference definition (the tests recount with it; COUNT sums the same
  // conditions with filters, which is much faster on a whole period).
  await sql`
    create function network_attention_kinds(pv numeric, rank_dropped boolean, idle smallint) returns text[]
    language sql immutable as $$
      select array_remove(array[
        case when pv = 0 then 'pv_zero' end,
        case when pv < ${sql.lit(ACTIVE_PV)} then 'below_active' end,
        case when rank_dropped then 'rank_drop' end,
        case when idle >= 1 then 'idle_' || idle end], null)
    $$`.execute(db);
  await sql`
    create function network_attention_rank_dropped(member integer, period date) returns boolean
    language sql stable as $$
      select coalesce((
        select ${DROPPED} from monthly_volumes lastm
        join monthly_volumes prevm on prevm.user_id = lastm.user_id
          and prevm.month = (period - interval '2 months')::date
        where lastm.user_id = member and lastm.month = (period - interval '1 month')::date), false)
    $$`.execute(db);

  await sql`
    create function network_attention_fill(wanted date) returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(ATTENTION_LOCK)});
      if exists (select 1 from network_attention_periods where period = wanted) then return; end if;
      perform set_config('network_attention.filling', 'on', true);
      -- Older periods go; so would a partial one of this period (the marker is written last).
      delete from network_attention where period <= wanted;
      delete from network_attention_periods where period < wanted;
      delete from network_attention_counts where period <= wanted;
      insert into network_attention (period, user_id, path, pv, last_order_at, rank_dropped, idle)
      select wanted, f.id, f.path, f.pv, f.last_order_at, f.rank_dropped,
        network_attention_idle(f.last_order_at, wanted)
      from (
      select u.id, u.path, coalesce(mv.pv, 0) as pv,
        (select max(o.created_at) from orders o where o.user_id = u.id) as last_order_at,
        ${DROPPED} as rank_dropped
      from users u
      left join monthly_volumes mv on mv.user_id = u.id and mv.month = wanted
      left join monthly_volumes lastm on lastm.user_id = u.id and lastm.month = (wanted - interval '1 month')::date
      left join monthly_volumes prevm on prevm.user_id = u.id and prevm.month = (wanted - interval '2 months')::date
      where u.is_partner) f;
      ${COUNT('select a.*, 1 as s from network_attention a where a.period = wanted')}
      perform set_config('network_attention.filling', 'off', true);
      insert into network_attention_periods (period) values (wanted);
    end
    $$`.execute(db);

  // monthly_volumes: the period's PV, and the rank of the two months before a period.
  await sql`
    create function network_attention_volumes() returns trigger language plpgsql as $$
    begin
      ${LOCK_SHARED}
      ${ANY_PERIOD}
      update network_attention a set pv = n.pv
      from network_attention_rows n
      where a.period = n.month and a.user_id = n.user_id and a.pv is distinct from n.pv;
      update network_attention a set rank_dropped = network_attention_rank_dropped(a.user_id, a.period)
      from (select distinct user_id, month from network_attention_rows) n
      where a.user_id = n.user_id
        and a.period in ((n.month + interval '1 month')::date, (n.month + interval '2 months')::date);
      return null;
    end
    $$`.execute(db);
  await sql`
    create function network_attention_volumes_gone() returns trigger language plpgsql as $$
    begin
      ${LOCK_SHARED}
      ${ANY_PERIOD}
      update network_attention a set pv = 0
      from network_attention_rows n where a.period = n.month and a.user_id = n.user_id;
      update network_attention a set rank_dropped = network_attention_rank_dropped(a.user_id, a.period)
      from (select distinct user_id, month from network_attention_rows) n
      where a.user_id = n.user_id
        and a.period in ((n.month + interval '1 month')::date, (n.month + interval '2 months')::date);
      return null;
    end
    $$`.execute(db);
  // orders: the member's last order (recounted from the orders' index, so a deletion is right too).
  await sql`
    create function network_attention_orders() returns trigger language plpgsql as $$
    begin
      ${LOCK_SHARED}
      ${ANY_PERIOD}
      update network_attention a set last_order_at = l.last_order_at,
        idle = network_attention_idle(l.last_order_at, a.period)
      from (select n.user_id, (select max(o.created_at) from orders o where o.user_id = n.user_id) as last_order_at
            from (select distinct user_id from network_attention_rows) n) l
      where a.user_id = l.user_id;
      return null;
    end
    $$`.execute(db);
  // users: a new distributor enters every period kept; a moved path or a change of partner state follows.
  await sql`
    create function network_attention_users_new() returns trigger language plpgsql as $$
    begin
      ${LOCK_SHARED}
      ${ANY_PERIOD}
      insert into network_attention (period, user_id, path)
      select p.period, n.id, n.path from network_attention_rows n cross join network_attention_periods p
      where n.is_partner
      on conflict do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function network_attention_users_moved() returns trigger language plpgsql as $$
    begin
      ${LOCK_SHARED}
      ${ANY_PERIOD}
      if not new.is_partner then
        delete from network_attention where user_id = new.id;
      elsif not old.is_partner then
        insert into network_attention (period, user_id, path, pv, last_order_at, rank_dropped, idle)
        select p.period, new.id, new.path,
          coalesce((select mv.pv from monthly_volumes mv where mv.user_id = new.id and mv.month = p.period), 0),
          l.last_order_at, network_attention_rank_dropped(new.id, p.period),
          network_attention_idle(l.last_order_at, p.period)
        from network_attention_periods p
        cross join (select max(o.created_at) as last_order_at from orders o where o.user_id = new.id) l
        on conflict do nothing;
      else
        update network_attention set path = new.path where user_id = new.id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function network_attention_users_gone() returns trigger language plpgsql as $$
    begin
      ${LOCK_SHARED}
      delete from network_attention a using network_attention_rows n where a.user_id = n.id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function network_attention_clear() returns trigger language plpgsql as $$
    begin
      delete from network_attention;
      delete from network_attention_periods;
      delete from network_attention_counts;
      return null;
    end
    $$`.execute(db);

  // network_attention itself: its counts (statement triggers; a fill counts its own rows and sets them aside).
  await sql`
    create function network_attention_counted() returns trigger language plpgsql as $$
    begin
      if current_setting('network_attention.filling', true) = 'on' then return null; end if;
      if tg_op = 'INSERT' then
        ${COUNT('select n.*, 1 as s from network_attention_new n')}
      elsif tg_op = 'DELETE' then
        ${COUNT('select o.*, -1 as s from network_attention_old o')}
      else
        ${COUNT('select o.*, -1 as s from network_attention_old o union all select n.*, 1 from network_attention_new n')}
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger network_attention_counted_insert after insert on network_attention
    referencing new table as network_attention_new
    for each statement execute function network_attention_counted()`.execute(db);
  await sql`
    create trigger network_attention_counted_update after update on network_attention
    referencing old table as network_attention_old new table as network_attention_new
    for each statement execute function network_attention_counted()`.execute(db);
  await sql`
    create trigger network_attention_counted_delete after delete on network_attention
    referencing old table as network_attention_old
    for each statement execute function network_attention_counted()`.execute(db);

  for (const event of ['insert', 'update'] as const)
    await sql`
      create trigger ${sql.id(`network_attention_volumes_${event}`)} after ${sql.raw(event)} on monthly_volumes
      referencing new table as network_attention_rows
      for each statement execute function network_attention_volumes()`.execute(db);
  await sql`
    create trigger network_attention_volumes_delete after delete on monthly_volumes
    referencing old table as network_attention_rows
    for each statement execute function network_attention_volumes_gone()`.execute(db);
  await sql`
    create trigger network_attention_orders_insert after insert on orders
    referencing new table as network_attention_rows
    for each statement execute function network_attention_orders()`.execute(db);
  await sql`
    create trigger network_attention_orders_delete after delete on orders
    referencing old table as network_attention_rows
    for each statement execute function network_attention_orders()`.execute(db);
  await sql`
    create trigger network_attention_users_insert after insert on users
    referencing new table as network_attention_rows
    for each statement execute function network_attention_users_new()`.execute(db);
  await sql`
    create trigger network_attention_users_update after update of path, is_partner on users
    for each row when (old.path is distinct from new.path or old.is_partner is distinct from new.is_partner)
    execute function network_attention_users_moved()`.execute(db);
  await sql`
    create trigger network_attention_users_delete after delete on users
    referencing old table as network_attention_rows
    for each statement execute function network_attention_users_gone()`.execute(db);
  await sql`
    create trigger network_attention_users_truncate after truncate on users
    for each statement execute function network_attention_clear()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [trigger, table] of TRIGGERS)
    await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.id(table)}`.execute(db);
  for (const fn of FUNCTIONS) await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  await sql`drop table if exists network_attention_counts`.execute(db);
  await sql`drop table if exists network_attention_periods`.execute(db);
  await sql`drop table if exists network_attention`.execute(db);
}
