/** This month's bonus, explained: `getBonusEstimate`, and the orders behind any line of a month (`listBonusSources`). */
import type { Handler } from '../../contract/types.ts';
import { bonusEstimate, listBonusSources as listSources } from '../../domain/volumes/statements.ts';

export const getBonusEstimate: Handler<'getBonusEstimate'> = async ({ db, user, config }) =>
  bonusEstimate(db, user.userId, { now: new Date(), zone: config.periodTimeZone, currency: config.currency });

export const listBonusSources: Handler<'listBonusSources'> = async ({ db, user, params, query }) =>
  listSources(db, user.userId, {
    month: params.month,
    member: query.member,
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 20,
  });
