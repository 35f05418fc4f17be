/** The 1C exchange block for the warehouse order page and the badge for order list rows. */
export { ExchangeBadge, ExchangeStatus, type ExchangeStatusProps } from './exchange-status.tsx';
export {
  selectExchangeView,
  type ExchangeViewModel,
  type OrderExchange,
} from './exchange-status.selectors.ts';
export { requeueExchange, useRequeueExchange } from './exchange-1c.queries.ts';
