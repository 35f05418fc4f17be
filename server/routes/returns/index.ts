/** The return routes (docs/adr/0138-returns.md). Transitional: the handlers land with the returns domain. */
import type { Handler, Handlers, OperationId } from '../../contract/types.ts';

const pending =
  <K extends OperationId>(name: K): Handler<K> =>
  () =>
    Promise.reject(new Error(`${name}: not built yet`));

export const returnHandlers = {
  listOrderReturns: pending('listOrderReturns'),
  requestReturn: pending('requestReturn'),
  listReturns: pending('listReturns'),
  getReturn: pending('getReturn'),
  receiveReturn: pending('receiveReturn'),
  acceptReturn: pending('acceptReturn'),
  refuseReturn: pending('refuseReturn'),
  cancelReturn: pending('cancelReturn'),
} satisfies Pick<
  Handlers,
  | 'listOrderReturns'
  | 'requestReturn'
  | 'listReturns'
  | 'getReturn'
  | 'receiveReturn'
  | 'acceptReturn'
  | 'refuseReturn'
  | 'cancelReturn'
>;
