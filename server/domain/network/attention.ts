/**
 * "Who needs attention" in My Network (issue 14): the conditions of `searchMyNetwork`'s `attention` filter, as
 * Kysely expressions over `users as u` left-joined with this period's `monthly_volumes as mv`. Each is answered from
 * indexes: this period's volume row is already joined (primary key `(user_id, month)`), orders by
 * `orders_user_list_idx (user_id, created_at)`, the two closed months' ranks by the volumes' primary key.
 */
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import { ACTIVE_PV, RANKS } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { monthStart } from './period.ts';

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
): Expression<SqlBool> {
  if (attention === 'pv_zero') return eb(eb.fn.coalesce('mv.pv', eb.val(0)), '=', 0);
  if (attention === 'below_active') return eb(eb.fn.coalesce('mv.pv', eb.val(0)), '<', ACTIVE_PV);
  if (attention === 'no_orders') {
    const since = `${monthStart(now, 1 - periods)}T00:00:00Z`;
    return eb.not(
      eb.exists(
        eb
          .selectFrom('orders as o')
          .select(sql.lit(1).as('one'))
          .whereRef('o.user_id', '=', 'u.id')
          .where('o.created_at', '>=', new Date(since)),
      ),
    );
  }
  const last = monthStart(now, -1);
  const before = monthStart(now, -2);
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
