import { sql, type Kysely } from 'kysely';

/**
 * Lists at constant cost (docs/adr/0040-lists-at-constant-cost.md):
 *
 * - `pg_trgm` and GIN trigram indexes on the lowered texts the warehouse search and the downline search match with
 *   `like '%q%'` (name, e-mail, PRN, phone: stored generated columns `search_*` of `users`), so a search reads the
 *   index instead of every user. PGlite loads the extension's bundle when opened with it (`server/db/database.ts`);
 *   PostgreSQL needs the contrib package (Debian's `postgresql` package has it).
 * - `downline_counts`: how many distributors each user has below it, kept exact by triggers on `users` in the
 *   writing transaction (like `order_counts`, migration 0002), so the downline list's total is one row by primary key
 *   instead of a count over the whole downline for every page.
 *   INSERT / DELETE: statement triggers over the transition tables, one grouped upsert per statement (ancestors come
 *   from the materialised path); UPDATE of `path` or `is_partner`: a row trigger only when either changes;
 *   TRUNCATE: empties the counts. Rows are upserted in `user_id` order (no deadlock between two writers).
 * - `users_downline_signing_idx` / `users_downline_name_idx`: the downline list's two index-backed orders (newest
 *   signing first, by name), partial on distributors, so its first page and the next ones (keyset) walk an index
 *   and stop after a page.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

/**
 * The lowered texts searched with `like '%q%'`: stored generated columns (PGlite's `lower()` costs microseconds a
 * row, so a search must not lower every user even where the planner prefers a sequential scan of a small table),
 * each with a trigram index.
 */
const SEARCH_COLUMNS: readonly (readonly [string, string])[] = [
  ['search_name', 'lower(full_name)'],
  ['search_email', 'lower(email)'],
  ['search_prn', "lower(coalesce(prn, ''))"],
  ['search_phone', "lower(coalesce(phone, ''))"],
];

/** The ancestors of a path `1.5.23.` without the user itself: 1 and 5. */
const ANCESTORS = (alias: string) =>
  sql.raw(
    `(string_to_array(rtrim(${alias}.path, '.'), '.'))[1:cardinality(string_to_array(rtrim(${alias}.path, '.'), '.')) - 1]`,
  );

export async function up(db: AnyDb): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql
    .raw(
      `alter table users ${SEARCH_COLUMNS.map(([column, expression]) => `add column ${column} text not null generated always as (${expression}) stored`).join(', ')}`,
    )
    .execute(db);
  for (const [column] of SEARCH_COLUMNS)
    await sql`create index ${sql.id(`users_${column}_trgm_idx`)} on users using gin (${sql.id(column)} gin_trgm_ops)`.execute(
      db,
    );

  await sql`
    create index users_downline_signing_idx on users (signing_date desc nulls last, id)
    where is_partner`.execute(db);
  await sql`create index users_downline_name_idx on users (full_name, id) where is_partner`.execute(db);

  await db.schema
    .createTable('downline_counts')
    .addColumn('user_id', 'integer', (col) => col.primaryKey())
    .addColumn('n', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await sql`
    create function downline_counts_add() returns trigger language plpgsql as $$
    begin
      insert into downline_counts (user_id, n)
      select a::int, count(*) from downline_counts_new u cross join lateral unnest(${ANCESTORS('u')}) as a
      where u.is_partner and a <> ''
      group by 1 order by 1
      on conflict (user_id) do update set n = downline_counts.n + excluded.n;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function downline_counts_remove() returns trigger language plpgsql as $$
    begin
      update downline_counts c set n = c.n - d.n
      from (select a::int as user_id, count(*)::int as n
            from downline_counts_old u cross join lateral unnest(${ANCESTORS('u')}) as a
            where u.is_partner and a <> '' group by 1) d
      where c.user_id = d.user_id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function downline_counts_move() returns trigger language plpgsql as $$
    begin
      insert into downline_counts (user_id, n)
      select a::int, sum(d)::int from (
        select a, -1 as d from unnest(${ANCESTORS('old')}) as a where old.is_partner
        union all
        select a, 1 from unnest(${ANCESTORS('new')}) as a where new.is_partner
      ) v where a <> ''
      group by 1 order by 1
      on conflict (user_id) do update set n = downline_counts.n + excluded.n;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function downline_counts_clear() returns trigger language plpgsql as $$
    begin
      delete from downline_counts;
      return null;
    end
    $$`.execute(db);

  await sql`
    create trigger downline_counts_insert after insert on users
    referencing new table as downline_counts_new
    for each statement execute function downline_counts_add()`.execute(db);
  await sql`
    create trigger downline_counts_delete after delete on users
    referencing old table as downline_counts_old
    for each statement execute function downline_counts_remove()`.execute(db);
  await sql`
    create trigger downline_counts_update after update of path, is_partner on users
    for each row when (old.path is distinct from new.path or old.is_partner is distinct from new.is_partner)
    execute function downline_counts_move()`.execute(db);
  await sql`
    create trigger downline_counts_truncate after truncate on users
    for each statement execute function downline_counts_clear()`.execute(db);

  // Users already there (a database migrated after it was seeded).
  await sql`
    insert into downline_counts (user_id, n)
    select a::int, count(*) from users u cross join lateral unnest(${ANCESTORS('u')}) as a
    where u.is_partner and a <> '' group by 1`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const trigger of [
    'downline_counts_insert',
    'downline_counts_delete',
    'downline_counts_update',
    'downline_counts_truncate',
  ])
    await sql`drop trigger if exists ${sql.id(trigger)} on users`.execute(db);
  for (const fn of [
    'downline_counts_add',
    'downline_counts_remove',
    'downline_counts_move',
    'downline_counts_clear',
  ])
    await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  await db.schema.dropTable('downline_counts').execute();
  await sql`drop index if exists users_downline_signing_idx`.execute(db);
  await sql`drop index if exists users_downline_name_idx`.execute(db);
  for (const [column] of SEARCH_COLUMNS)
    await sql`alter table users drop column if exists ${sql.id(column)}`.execute(db);
}
