import { sql, type Kysely } from 'kysely';
import { RANKS } from '../reference.ts';
import { ATTENTION_LOCK } from './0008-network-attention.ts';

/**
 * The volume engine (docs/adr/0080-volume-engine.md … 0084): volumes follow orders.
 *
 * - `volume_settings`: the company's period time zone (one row, written by every process from PERIOD_TIME_ZONE at
 *   start); `volume_period(at)` is the month an instant belongs to there, so SQL and the engine agree.
 * - `volume_credits`: the credit ledger. One row per order credit (`key` unique: a credit is applied once), and each
 *   reversal or clawback is a row of its own pointing at the credit it undoes. `period` is the month whose volumes
 *   it moved, `path` the buyer's materialised path at the time (whose upline it moved).
 * - `monthly_volumes.legs`: first-line children by paid-as rank (a JSON array indexed by rank), so a member's rank
 *   follows from its own row; the `*_streak` columns count consecutive closed months meeting a programme's
 *   condition (the close writes them).
 * - `bonus_lines` and `period_closes`: a closed month's frozen bonus lines and the close's own row (one per month:
 *   a second close finds it and does nothing).
 * - Live events: a statement trigger on `monthly_volumes` appends one `volumes` event per member whose open month
 *   changed (ADR 0042's log, ids in commit order), so every upline member's screens refresh.
 * - "Who needs attention" (migration 0008) stays exact, cheaper: its `monthly_volumes` update trigger compares the
 *   old and new rows and recomputes `rank_dropped` only where a rank changed; idle periods are counted in the
 *   company's time zone.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

/** The lock `events_append` takes before drawing an id (migration 0004). */
const EVENTS_LOCK = 7723001;
const DEFAULT_ZONE = 'Europe/Chisinau';
const LEGS_ZERO = JSON.stringify(RANKS.map(() => 0));

const ladder = (column: string) =>
  sql.raw(
    `coalesce(array_position(array[${RANKS.map((rank) => `'${rank.code}'`).join(', ')}]::text[], ${column}), 1) - 1`,
  );

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table volume_settings (
      id boolean primary key default true check (id),
      time_zone text not null
    )`.execute(db);
  await sql`insert into volume_settings (time_zone) values (${DEFAULT_ZONE})`.execute(db);
  await sql`
    create function volume_time_zone() returns text language sql stable as $$
      select coalesce((select time_zone from volume_settings), ${sql.lit(DEFAULT_ZONE)})
    $$`.execute(db);
  await sql`
    create function volume_period(at timestamptz) returns date language sql stable as $$
      select date_trunc('month', at at time zone volume_time_zone())::date
    $$`.execute(db);

  await sql`
    create table volume_credits (
      id bigserial primary key,
      key text not null unique,
      kind text not null check (kind in ('credit', 'reversal', 'clawback')),
      order_id integer not null,
      user_id integer not null references users (id) on delete cascade,
      path text collate "C" not null,
      period date not null check (extract(day from period) = 1),
      credited_period date not null check (extract(day from credited_period) = 1),
      points numeric(12,2) not null,
      reverses bigint references volume_credits (id),
      at timestamptz not null,
      created_at timestamptz not null default now(),
      check ((kind = 'credit') = (reverses is null)),
      check ((kind = 'credit') = (points >= 0))
    )`.execute(db);
  await sql`create index volume_credits_period_path_idx on volume_credits (period, path)`.execute(db);
  await sql`create index volume_credits_order_idx on volume_credits (order_id)`.execute(db);
  // A month's clawbacks in a group (a statement's adjustments): few, found without reading the month's credits.
  await sql`
    create index volume_credits_clawbacks_idx on volume_credits (period, path) where kind = 'clawback'`.execute(
    db,
  );
  await sql`create index volume_credits_user_idx on volume_credits (user_id, period)`.execute(db);

  await sql`
    alter table monthly_volumes
      add column legs jsonb not null default ${sql.lit(LEGS_ZERO)}::jsonb,
      add column active_streak smallint not null default 0,
      add column start_streak smallint not null default 0,
      add column leader_streak smallint not null default 0,
      add column star_streak smallint not null default 0`.execute(db);
  // The open months (the close's "is an earlier month open?" and the job's "which month is due?").
  await sql`create index monthly_volumes_open_idx on monthly_volumes (month) where not closed`.execute(db);
  // Rows written before the engine: their legs from their first line's ranks of the same month.
  await sql`
    update monthly_volumes m set legs = l.legs
    from (
      select p.user_id, p.month,
        (select jsonb_agg(coalesce(c.n, 0) order by r.i)
         from generate_series(0, ${sql.lit(RANKS.length - 1)}) as r(i)
         left join (
           select ${ladder('cm.rank')} as i, count(*) as n
           from users cu join monthly_volumes cm on cm.user_id = cu.id and cm.month = p.month
           where cu.sponsor_id = p.user_id group by 1
         ) c on c.i = r.i and r.i > 0) as legs
      from monthly_volumes p
    ) l
    where m.user_id = l.user_id and m.month = l.month and m.legs <> l.legs`.execute(db);

  // A closed month's record, written once for every member at the close: no per-row reference checks (the users
  // it names are the month's members, read from the month's own rows in the same transaction).
  await sql`
    create table bonus_lines (
      month date not null,
      user_id integer not null,
      line smallint not null,
      kind text not null check (kind in ('personal', 'differential', 'leadership')),
      member_id integer,
      level smallint not null,
      base numeric(14,2) not null,
      percent smallint not null,
      points numeric(14,2) not null,
      amount integer not null,
      primary key (month, user_id, line)
    )`.execute(db);
  await sql`
    create table period_closes (
      month date primary key check (extract(day from month) = 1),
      closed_at timestamptz not null default now(),
      totals jsonb not null
    )`.execute(db);

  // Live events: one per member whose figures of an open month changed, in commit order (migration 0004's lock).
  await sql`
    create function events_from_volumes() returns trigger language plpgsql as $$
    declare last_id bigint;
    begin
      if coalesce(current_setting('mlm.events', true), '') = 'off' then return null; end if;
      perform pg_advisory_xact_lock(${sql.lit(EVENTS_LOCK)});
      with changed as (
        select distinct n.user_id, n.month
        from volumes_new n join volumes_old o on o.user_id = n.user_id and o.month = n.month
        where not n.closed and (n.pv, n.gv, n.pgv, n.cgv, n.rank) is distinct from (o.pv, o.gv, o.pgv, o.cgv, o.rank)
      ), appended as (
        insert into events (kind, user_id, payload)
        select 'volumes', c.user_id, jsonb_build_object('period', to_char(c.month, 'YYYY-MM'))
        from changed c order by c.user_id, c.month
        returning id
      )
      select max(id) into last_id from appended;
      if last_id is not null then perform pg_notify('mlm_events', last_id::text); end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger monthly_volumes_events after update on monthly_volumes
    referencing old table as volumes_old new table as volumes_new
    for each statement execute function events_from_volumes()`.execute(db);

  // "Who needs attention": idle periods in the company's time zone; rank_dropped only where a rank changed.
  await sql`
    create or replace function network_attention_idle(last_order timestamptz, period date) returns smallint
    language sql stable as $$
      select case when last_order is null then 12
        else greatest(0, least(12,
          (extract(year from period) - extract(year from volume_period(last_order))) * 12
          + extract(month from period) - extract(month from volume_period(last_order))))::smallint end
    $$`.execute(db);
  await sql`
    create function network_attention_volumes_changed() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock_shared(${sql.lit(ATTENTION_LOCK)});
      if not exists (select 1 from network_attention_periods) then return null; end if;
      update network_attention a set pv = n.pv
      from network_attention_rows n
      where a.period = n.month and a.user_id = n.user_id and a.pv is distinct from n.pv;
      update network_attention a set rank_dropped = network_attention_rank_dropped(a.user_id, a.period)
      from (select distinct n.user_id, n.month from network_attention_rows n
            join network_attention_old o on o.user_id = n.user_id and o.month = n.month
            where o.rank is distinct from n.rank) n
      where a.user_id = n.user_id
        and a.period in ((n.month + interval '1 month')::date, (n.month + interval '2 months')::date);
      return null;
    end
    $$`.execute(db);
  await sql`drop trigger network_attention_volumes_update on monthly_volumes`.execute(db);
  await sql`
    create trigger network_attention_volumes_update after update on monthly_volumes
    referencing old table as network_attention_old new table as network_attention_rows
    for each statement execute function network_attention_volumes_changed()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop trigger if exists network_attention_volumes_update on monthly_volumes`.execute(db);
  await sql`
    create trigger network_attention_volumes_update after update on monthly_volumes
    referencing new table as network_attention_rows
    for each statement execute function network_attention_volumes()`.execute(db);
  await sql`drop function if exists network_attention_volumes_changed()`.execute(db);
  await sql`
    create or replace function network_attention_idle(last_order timestamptz, period date) returns smallint
    language sql immutable as $$
      select case when last_order is null then 12
        else greatest(0, least(12,
          (extract(year from period) - extract(year from last_order at time zone 'UTC')) * 12
          + extract(month from period) - extract(month from last_order at time zone 'UTC')))::smallint end
    $$`.execute(db);
  await sql`drop trigger if exists monthly_volumes_events on monthly_volumes`.execute(db);
  await sql`drop function if exists events_from_volumes()`.execute(db);
  await sql`drop table if exists period_closes`.execute(db);
  await sql`drop table if exists bonus_lines`.execute(db);
  await sql`drop index if exists monthly_volumes_open_idx`.execute(db);
  await sql`
    alter table monthly_volumes drop column legs, drop column active_streak, drop column start_streak,
      drop column leader_streak, drop column star_streak`.execute(db);
  await sql`drop table if exists volume_credits`.execute(db);
  await sql`drop function if exists volume_period(timestamptz)`.execute(db);
  await sql`drop function if exists volume_time_zone()`.execute(db);
  await sql`drop table if exists volume_settings`.execute(db);
}
