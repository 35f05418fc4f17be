/** Kysely types of the returns' tables (migration 0017; docs/adr/0138-returns.md). */
import type { ColumnType, Generated } from 'kysely';
import type { RefundState, ReturnReason, ReturnStatus } from '#machines/returns/returns.types.ts';
import type { ActorRole, PaymentMethod } from './reference.ts';
import type { GeneratedTimestamp, Timestamp } from './schema-columns.ts';

export interface OrderReturnsTable {
  id: Generated<number>;
  order_id: number;
  /** the return's place among its order's returns (its number is `<order number>-R<seq>`) */
  seq: number;
  /** the order's customer */
  user_id: number;
  /** the order's warehouse */
  warehouse_id: number;
  status: Generated<ReturnStatus>;
  refund_state: Generated<RefundState>;
  reason: ReturnReason;
  /** 100, or 90 for a buy-back of unopened goods after the return window; fixed at request time */
  rate_percent: number;
  payment_method: PaymentMethod;
  comment: string | null;
  refuse_comment: string | null;
  /** minor units: what the return refunds (of the received units once received, else of the requested ones) */
  amount: Generated<number>;
  currency: string;
  version: Generated<number>;
  requested_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** 1C: `queued` once accepted, `sent` when a `mode=query` carried it, `confirmed` after that session's `success` */
  exchange_state: 'queued' | 'sent' | 'confirmed' | null;
  exchange_session_id: string | null;
  exchanged_at: Timestamp | null;
}

export interface OrderReturnLinesTable {
  return_id: number;
  product_id: number;
  order_line_id: number;
  requested: number;
  received: number | null;
  damaged: number | null;
  /** the unit price paid on the order line (promotion price if any), minor units */
  unit_price: number;
  /** PV per unit on the order line */
  points: ColumnType<number, number | string, number | string>;
}

export interface OrderReturnHistoryTable {
  id: Generated<number>;
  return_id: number;
  at: GeneratedTimestamp;
  actor_id: number | null;
  actor_role: ActorRole;
  /** the status after this step */
  status: ReturnStatus;
  /** `REQUEST`, `RECEIVE`, `ACCEPT`, `REFUSE`, `CANCEL`, `REFUNDED` */
  event: string;
  comment: string | null;
}
