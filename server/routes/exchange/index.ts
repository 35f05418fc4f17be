/** The 1C exchange (CommerceML 2), the warehouse's re-queue of a failed exchange, and the "1C exchange" screen. */
import type { Handler, Handlers } from '../../contract/types.ts';
import { inBackground } from '../../ops/requests-first.ts';
import { runExchange } from './protocol.ts';
import { getExchangeOverview, listImportIssues } from './overview.ts';
import { requeueOrderExchange } from './requeue.ts';

export { registerExchangeContentTypes, EXCHANGE_FILE_LIMIT } from './content-types.ts';

// 1C's calls are background work: people's requests go first (docs/adr/0150-requests-before-background-work.md).
const exchange1cGet: Handler<'exchange1cGet'> = async (ctx) =>
  inBackground(() =>
    runExchange({
      query: ctx.query,
      body: undefined,
      db: ctx.db,
      config: ctx.config,
      log: ctx.log,
      request: ctx.request,
    }),
  );

const exchange1cPost: Handler<'exchange1cPost'> = async (ctx) =>
  inBackground(() =>
    runExchange({
      query: ctx.query,
      body: ctx.body,
      db: ctx.db,
      config: ctx.config,
      log: ctx.log,
      request: ctx.request,
    }),
  );

export const exchangeHandlers = {
  exchange1cGet,
  exchange1cPost,
  requeueOrderExchange,
  getExchangeOverview,
  listImportIssues,
} satisfies Pick<
  Handlers,
  'exchange1cGet' | 'exchange1cPost' | 'requeueOrderExchange' | 'getExchangeOverview' | 'listImportIssues'
>;
