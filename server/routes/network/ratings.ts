/**
 * `getRatings`: the caller and their whole downline ranked by PV of a month (ties: earlier signing date, then id):
 * the top N (a top-N sort) and the caller's own place (a count of those ahead).
 */
import type { components } from '#openapi/schema.d.ts';
import type { Handler } from '../../contract/types.ts';
import { monthFromKey, monthStart, monthsBetween, periodOf } from '../../domain/network/period.ts';
import { toApiRank } from '../../domain/network/ranks.ts';
import { unprocessable } from '../../http/errors.ts';
import { belowPattern, loadCaller } from './caller.ts';

type Ratings = components['schemas']['Ratings'];
type RatingEntry = components['schemas']['RatingEntry'];

/** How far back a ranking may look (contract: "At most 12 months back"). */
export const RATINGS_MONTHS_BACK = 12;

export const getRatings: Handler<'getRatings'> = async ({ db, user, query }) => {
  const now = new Date();
  const current = monthStart(now);
  const start = query.month === undefined ? current : monthFromKey(query.month);
  const back = monthsBetween(start, current);
  if (back < 0 || back > RATINGS_MONTHS_BACK) {
    throw unprocessable('VALIDATION_FAILED', [
      {
        location: 'query',
        path: '/month',
        message: `month must be the current one or at most ${RATINGS_MONTHS_BACK} months back`,
      },
    ]);
  }
  const limit = query.limit ?? 10;
  const caller = await loadCaller(db, user.userId);
  // The caller's path pattern also matches the caller: the ranking holds them and their downline. The order is total
  // (PV desc, signing date asc, id asc), so a place is one more than the number of members ahead; no full sort.
  const members = db
    .selectFrom('users as u')
    .leftJoin('monthly_volumes as mv', (join) =>
      join.onRef('mv.user_id', '=', 'u.id').on('mv.month', '=', start),
    )
    .where('u.path', 'like', belowPattern(caller.path))
    .where((eb) => eb.or([eb('u.is_partner', '=', true), eb('u.id', '=', caller.id)]));
  const own = await db
    .selectFrom('users as u')
    .leftJoin('monthly_volumes as mv', (join) =>
      join.onRef('mv.user_id', '=', 'u.id').on('mv.month', '=', start),
    )
    .where('u.id', '=', caller.id)
    .select((eb) => ['u.signing_date', eb.fn.coalesce('mv.pv', eb.val(0)).as('pv')])
    .executeTakeFirst();
  const myPv = own?.pv ?? 0;
  const mySigning = own?.signing_date ?? '9999-12-31';
  const [leaders, ahead] = await Promise.all([
    members
      .select((eb) => ['u.id', 'u.full_name', 'u.rank', eb.fn.coalesce('mv.pv', eb.val(0)).as('pv')])
      .orderBy((eb) => eb.fn.coalesce('mv.pv', eb.val(0)), 'desc')
      .orderBy('u.signing_date', 'asc')
      .orderBy('u.id', 'asc')
      .limit(limit)
      .execute(),
    members
      .where((eb) => {
        const pv = eb.fn.coalesce('mv.pv', eb.val(0));
        return eb.or([
          eb(pv, '>', myPv),
          eb.and([
            eb(pv, '=', myPv),
            eb.or([
              eb('u.signing_date', '<', mySigning),
              eb.and([eb('u.signing_date', '=', mySigning), eb('u.id', '<', caller.id)]),
            ]),
          ]),
        ]);
      })
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  const items: RatingEntry[] = leaders.map((row, index) => ({
    place: index + 1,
    id: row.id,
    fullName: row.full_name,
    rank: toApiRank(row.rank),
    pv: row.pv,
    isMe: row.id === caller.id,
  }));
  const me: RatingEntry = {
    place: (ahead?.n ?? 0) + 1,
    id: caller.id,
    fullName: caller.fullName,
    rank: toApiRank(caller.rank),
    pv: myPv,
    isMe: true,
  };
  return {
    period: periodOf(start, now),
    metric: 'pv',
    items,
    me,
  } satisfies Ratings;
};
