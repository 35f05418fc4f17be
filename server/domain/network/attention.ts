/**
 * "Who needs attention" in My Network (docs/adr/0032-attention-table.md): `searchMyNetwork`'s `attention` filter.
 *
 * - `attentionPage`: the default order (no `sort` asked), at constant cost from the maintained per-period table
 *   `network_attention` (migration 0008): a page is one range of the filter's partial index within the caller's
 *   path prefix.
 * - `attentionCondition`: the same conditions as Kysely expressions over `users as u` left-joined with this period's
 *   `monthly_volumes as mv`, for a search or an explicit sort (those read the downline anyway). Each is answered
 *   from indexes: this period's volume row is already joined (primary key `(user_id, month)`), orders by
 *   `orders_user_list_idx (user_id, created_at)`, the two closed months' ranks by the volumes' primary key.
 */
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import { ACTIVE_PV, RANKS } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { monthBegins, monthStart } from './period.ts';

export type Attention = 'pv_zero' | 'below_active' | 'no_orders' | 'rank_drop';

type Scope = ExpressionBuilder<DB & { u: DB['users']; mv: DB['monthly_volumes'] }, 'u' | 'mv'>;

/** The ladder position of a stored rank code in SQL (0 for none or unknown). */
const ladder = (column: string) =>
  sql<number>`coalesce(array_position(array[${sql.join(RANKS.map((rank) => sql.lit(rank.code)))}]::text[], ${sql.ref(column)}), 0)`;

/** Leaders for `rank_drop`: manager and up (position 2 of the ladder, 1-based as `array_position` answers). */
const LEADER_FROM = 2;

/** The condition of one attention filter, seen on `now` (`periods`: how far `no_orders` looks back). */
export function attentionCondition(
  eb: Scope,
  attention: Attention,
  now: Date,
  periods: number,
  zone: string,
): Expression<SqlBool> {
  if (attention === 'pv_zero') return eb(eb.fn.coalesce('mv.pv', eb.val(0)), '=', 0);
  if (attention === 'below_active') return eb(eb.fn.coalesce('mv.pv', eb.val(0)), '<', ACTIVE_PV);
  if (attention === 'no_orders') {
    const since = monthBegins(monthStart(now, 1 - periods, zone), zone);
    return eb.not(
      eb.exists(
        eb
          .selectFrom('orders as o')
          .select(sql.lit(1).as('one'))
          .whereRef('o.user_id', '=', 'u.id')
          .where('o.created_at', '>=', since),
      ),
    );
  }
  const last = monthStart(now, -1, zone);
  const before = monthStart(now, -2, zone);
  return eb.exists(
    eb
      .selectFrom('monthly_volumes as lastm')
      .innerJoin('monthly_volumes as prevm', (join) =>
        join.onRef('prevm.user_id', '=', 'lastm.user_id').on('prevm.month', '=', before),
      )
      .select(sql.lit(1).as('one'))
      .whereRef('lastm.user_id', '=', 'u.id')
      .where('lastm.month', '=', last)
      .where(ladder('prevm.rank'), '>=', LEADER_FROM)
      .where((inner) => inner(ladder('lastm.rank'), '<', ladder('prevm.rank'))),
  );
}

/** `network_attention.idle` stops counting at twelve periods (the contract's largest `periods`). */
const MAX_IDLE = 12;

/** A page of members needing attention and how many there are in all. */
export type AttentionPage = { ids: number[]; total: number };

export interface AttentionPageRequest {
  /** The caller: the page is their downline (a prefix of `path`), without them. */
  caller: { id: number; path: string };
  attention: Attention;
  /** How far `no_orders` looks back, in periods. */
  periods: number;
  now: Date;
  /** the company's time zone (PERIOD_TIME_ZONE) */
  zone: string;
  limit: number;
  offset: number;
}

/** The period's rows of `network_attention` (migration 0008), written on the period's first use. */
export async function ensureAttentionPeriod(db: Kysely<DB>, period: string): Promise<void> {
  const there = await db
    .selectFrom('network_attention_periods')
    .select('period')
    .where('period', '=', period)
    .executeTakeFirst();
  if (there === undefined) await sql`select network_attention_fill(${period}::date)`.execute(db);
}

/**
 * The filter's own condition on `network_attention`, as literals so the planner picks the filter's partial index
 * (`where pv = 0` and so on); `no_orders` reads the period's path index and checks the last order.
 */
function tableCondition(attention: Attention, periods: number) {
  if (attention === 'pv_zero') return sql<boolean>`a.pv = 0`;
  if (attention === 'below_active') return sql<boolean>`a.pv < ${sql.lit(ACTIVE_PV)}`;
  if (attention === 'rank_drop') return sql<boolean>`a.rank_dropped`;
  return sql<boolean>`a.idle >= ${sql.lit(periods)}`;
}

/** The kinds of `network_attention_counts` whose sum is the filter's total (`idle_k` for every k ≥ periods). */
function countKinds(attention: Attention, periods: number): string[] {
  if (attention !== 'no_orders') return [attention];
  return Array.from({ length: MAX_IDLE - periods + 1 }, (_, index) => `idle_${periods + index}`);
}

/**
 * A page of the caller's downline needing attention, in tree order (the path), from the maintained table: one range
 * of a partial index `(period, path)` whatever the size of the network, so the first page costs the same on the demo
 * set and on 100 000 distributors. The total is the caller's maintained counts (`network_attention_counts`): at most
 * twelve rows by primary key.
 */
export async function attentionPage(db: Kysely<DB>, request: AttentionPageRequest): Promise<AttentionPage> {
  const period = monthStart(request.now, 0, request.zone);
  await ensureAttentionPeriod(db, period);
  const periods = Math.min(Math.max(1, Math.trunc(request.periods)), MAX_IDLE);
  const prefix = `${request.caller.path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql`a.period = ${period}::date and a.path like ${prefix} and a.user_id <> ${request.caller.id}
    and ${tableCondition(request.attention, periods)}`;
  const [rows, counted] = await Promise.all([
    sql<{ user_id: number }>`
      select a.user_id from network_attention a where ${where}
      order by a.path limit ${request.limit} offset ${request.offset}`.execute(db),
    db
      .selectFrom('network_attention_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.val(0)).as('total'))
      .where('period', '=', period)
      .where('user_id', '=', request.caller.id)
      .where('kind', 'in', countKinds(request.attention, periods))
      .executeTakeFirst(),
  ]);
  return { ids: rows.rows.map((row) => row.user_id), total: Number(counted?.total ?? 0) };
}
