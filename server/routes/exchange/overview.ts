/** The "1C exchange" screen's reads: `getExchangeOverview`, `listImportIssues` (warehouse staff). */
import type { Handler } from '../../contract/types.ts';
import { exchangeOverview, importIssues } from '../../domain/exchange/catalog/overview.ts';
import { notFound } from '../../http/errors.ts';

export const getExchangeOverview: Handler<'getExchangeOverview'> = async (ctx) =>
  exchangeOverview(ctx.db, ctx.user.warehouseId);

export const listImportIssues: Handler<'listImportIssues'> = async (ctx) => {
  const page = await importIssues(ctx.db, ctx.params.runId, ctx.query.page ?? 1, ctx.query.pageSize ?? 20);
  if (page === null) throw notFound();
  return page;
};
