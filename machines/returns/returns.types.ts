import type { components } from '../../openapi/schema.d.ts';

/**
 * Types of the return machine shared by the server (which enforces it) and the SPA (which shows only the actions it
 * allows). Status, reason and refund values are the contract's strings, stored on the return and sent over the API.
 */

type Schemas = components['schemas'];

export type Return = Schemas['Return'];
export type ReturnSummary = Schemas['ReturnSummary'];
export type ReturnList = Schemas['ReturnList'];
export type ReturnPage = Schemas['ReturnPage'];
export type ReturnLine = Schemas['ReturnLine'];
export type ReturnRequest = Schemas['ReturnRequest'];
export type ReturnRequestLine = Schemas['ReturnRequestLine'];
export type ReturnReceiptLine = Schemas['ReturnReceiptLine'];
export type ReturnWindow = Schemas['ReturnWindow'];
export type ReturnStatus = Schemas['ReturnStatus'];
export type ReturnReason = Schemas['ReturnReason'];
export type RefundState = Schemas['ReturnRefundState'];
export type ReturnLineProblem = Schemas['ReturnLineProblem'];
export type ReturnPaymentMethod = Schemas['PaymentMethod'];
/** The share of the price refunded: 100, or 90 for a buy-back of unopened goods after the return window. */
export type RefundRatePercent = Schemas['ReturnRefund']['ratePercent'];

export const RETURN_STATUSES = [
  'requested',
  'received',
  'accepted',
  'refused',
  'cancelled',
] as const satisfies readonly ReturnStatus[];
export const RETURN_REASONS = ['faulty', 'wrong_item', 'unopened'] as const satisfies readonly ReturnReason[];
export const REFUND_STATES = [
  'none',
  'pending',
  'refunded',
  'credited',
] as const satisfies readonly RefundState[];

/** Returns that still hold units of their order's lines: a new return may only ask for what they leave. */
export const RETURNS_IN_PLAY = [
  'requested',
  'received',
  'accepted',
] as const satisfies readonly ReturnStatus[];
/** Returns waiting for the warehouse (the Returns tab's "oldest waiting"). */
export const RETURNS_WAITING = ['requested', 'received'] as const satisfies readonly ReturnStatus[];

/**
 * Who acts. `warehouse`: staff of the order's warehouse; `distributor`: the customer of the order; `payment_provider`:
 * the card acquirer confirming a refund (heard only through its own answer to the server's refund request).
 */
export const RETURN_ROLES = ['warehouse', 'distributor', 'payment_provider'] as const;
export type ReturnRole = (typeof RETURN_ROLES)[number];

/** One line of a return as the machine sees it. Money in minor units, points (PV) per unit. */
export interface ReturnMachineLine {
  productId: number;
  /** Units the distributor asked to return. */
  requested: number;
  /** Units the warehouse received; null until received. */
  received: number | null;
  /** Of the received units, those that cannot go back into stock; null until received. */
  damaged: number | null;
  /** Unit price actually paid on the order line (the promotion price if any), minor units. */
  unitPrice: number;
  /** PV per unit at the time of the order. */
  points: number;
}

/** What the machine is started with when a return is requested (after the policy accepted the request). */
export interface ReturnInput {
  paymentMethod: ReturnPaymentMethod;
  ratePercent: RefundRatePercent;
  lines: readonly ReturnMachineLine[];
}

export interface ReturnContext extends ReturnInput {
  /** The warehouse's reason for refusing; null otherwise. */
  refuseComment: string | null;
}

/** The stored facts of a return, enough to rebuild its snapshot without running an actor. */
export interface ReturnFacts extends ReturnInput {
  status: ReturnStatus;
  refundState: RefundState;
  refuseComment?: string | null;
}

type Acting<TType extends string> = { type: TType; role: ReturnRole };

/** Every event carries `role`; the guards refuse an event sent by the wrong role (typed wide on purpose). */
export type ReturnEvent =
  | (Acting<'return.receive'> & { lines: readonly ReturnReceiptLine[] })
  | Acting<'return.accept'>
  | (Acting<'return.refuse'> & { comment: string })
  | Acting<'return.cancel'>
  | Acting<'refund.succeeded'>;

export type ReturnEventType = ReturnEvent['type'];

/** Every event type, in the order the UI lists actions. */
export const RETURN_EVENT_TYPES = [
  'return.receive',
  'return.accept',
  'return.refuse',
  'return.cancel',
  'refund.succeeded',
] as const satisfies readonly ReturnEventType[];

/** Fails to compile when a list above misses a value of its contract type. */
type Missing<TAll, TListed> = [Exclude<TAll, TListed>] extends [never] ? true : Exclude<TAll, TListed>;
export const RETURN_LISTS_COMPLETE: [
  Missing<ReturnStatus, (typeof RETURN_STATUSES)[number]>,
  Missing<ReturnReason, (typeof RETURN_REASONS)[number]>,
  Missing<RefundState, (typeof REFUND_STATES)[number]>,
  Missing<ReturnEventType, (typeof RETURN_EVENT_TYPES)[number]>,
] = [true, true, true, true];
