import type { SnapshotFrom } from 'xstate';
import type { BuyAgainResult, orderExtrasMachine } from './order-extras.machine.ts';

/** What the order page's extras ("Buy again", the receipt) render. */
export type OrderExtrasSnapshot = SnapshotFrom<typeof orderExtrasMachine>;

export interface OrderExtrasView {
  buying: boolean;
  fetchingReceipt: boolean;
  result: BuyAgainResult | null;
  /** Lines that did not go into the bag in full (no longer available, or not enough). */
  shortfall: BuyAgainResult['lines'];
  failed: 'rebuy' | 'receipt' | null;
  errorCode: string | null;
}

export function selectOrderExtrasView(snapshot: OrderExtrasSnapshot): OrderExtrasView {
  const result = snapshot.context.result;
  return {
    buying: snapshot.matches('buying'),
    fetchingReceipt: snapshot.matches('fetchingReceipt'),
    result,
    shortfall: result === null ? [] : result.lines.filter((line) => line.added < line.requested),
    failed: snapshot.matches('failed') ? snapshot.context.failed : null,
    errorCode: snapshot.context.errorCode,
  };
}
