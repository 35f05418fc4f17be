import { sql, type Kysely } from 'kysely';
import { ACTIVE_PV, RANKS } from '../reference.ts';

/**
 * "Who needs attention" at constant cost (issue 14 point 4): `network_attention` holds, per period (month start), one
 * row per distributor with what the four filters ask (this period's PV, the last order, whether a leader dropped rank
 * between the two closed months before the period) and their materialised path in the "C" collation. Partial indexes
 * `(period, path) where <filter>` make a page of matches inside a downline one index range in tree order (a path
 * prefix), whatever the size of the network.
 *
 * - A period's rows are written once, on its first use (`network_attention_fill(period)`, called by
 *   server/domain/network/attention.ts), which also drops the rows of older periods; `network_attention_periods`
 *   says which periods are there.
 * - From then on triggers keep them exact in the writing transaction: `monthly_volumes` (PV of the period, ranks of
 *   the two months before it), `orders` (last order), `users` (new distributors, a moved path, partner or not).
 *   Statement triggers over transition tables, so a bulk write (the seed) costs one statement, not one per row.
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

const LOCK_SHARED = sql.raw(`perform pg_advisory_xact_lock_shared(${ATTENTION_LOCK});`);
const ANY_PERIOD = sql.raw(
  `if not exists (select 1 from network_attention_periods) then return null; end if;`,
);

const TRIGGERS: readonly (readonly [string, string])[] = [
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
  await sql`create table network_attention_periods (period date primary key)`.execute(db);

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
      delete from network_attention where period < wanted;
      delete from network_attention_periods where period < wanted;
      insert into network_attention (period, user_id, path, pv, last_order_at, rank_dropped)
      select wanted, u.id, u.path, coalesce(mv.pv, 0),
        (select max(o.created_at) from orders o where o.user_id = u.id),
        ${DROPPED}
      from users u
      left join monthly_volumes mv on mv.user_id = u.id and mv.month = wanted
      left join monthly_volumes lastm on lastm.user_id = u.id and lastm.month = (wanted - interval '1 month')::date
      left join monthly_volumes prevm on prevm.user_id = u.id and prevm.month = (wanted - interval '2 months')::date
      where u.is_partner;
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
      update network_attention a
      set last_order_at = (select max(o.created_at) from orders o where o.user_id = a.user_id)
      from (select distinct user_id from network_attention_rows) n
      where a.user_id = n.user_id;
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
        insert into network_attention (period, user_id, path, pv, last_order_at, rank_dropped)
        select p.period, new.id, new.path,
          coalesce((select mv.pv from monthly_volumes mv where mv.user_id = new.id and mv.month = p.period), 0),
          (select max(o.created_at) from orders o where o.user_id = new.id),
          network_attention_rank_dropped(new.id, p.period)
        from network_attention_periods p
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
      return null;
    end
    $$`.execute(db);

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
  await sql`drop table if exists network_attention_periods`.execute(db);
  await sql`drop table if exists network_attention`.execute(db);
}
