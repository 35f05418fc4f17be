/** Kysely types of the card payments' tables (migration 0013; docs/adr/0110-maib-provider.md). */
import type { ColumnType, Generated } from 'kysely';
import type { GeneratedTimestamp, Timestamp } from './schema-columns.ts';

export type RefundReason = 'order_cancelled' | 'extra_payment' | 'return';
export type RefundState = 'pending' | 'refunded';

/** Money going back to a customer's card: one row per paid attempt at most, asked of the acquirer until done. */
export interface PaymentRefundsTable {
  id: Generated<number>;
  /** the paid attempt the money came with (unique: requested exactly once) */
  payment_id: string;
  order_id: number;
  /** minor units: the whole amount of the attempt */
  amount: number;
  currency: string;
  reason: RefundReason;
  /** the return this refund pays back (migration 0017; unique), null for a cancelled or twice-paid order's */
  return_id: Generated<number | null>;
  state: Generated<RefundState>;
  /** requests sent to the acquirer */
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  /** why the last request failed (network, time-out, the acquirer's error), shown to staff */
  last_error: string | null;
  /** the acquirer's answer to the request that settled it (`OK`, `REVERSED`) */
  provider_status: string | null;
  requested_at: GeneratedTimestamp;
  refunded_at: Timestamp | null;
}

/** An access or refresh token the sandbox issued (`POST /v1/generate-token`). */
export interface MaibSandboxTokensTable {
  token: string;
  kind: 'access' | 'refresh';
  expires_at: Timestamp;
}

/** A transaction of the local maib sandbox, as maib would keep it. Money in minor units. */
export interface MaibSandboxPaymentsTable {
  pay_id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  client_ip: string;
  language: string | null;
  description: string | null;
  client_name: string | null;
  email: string | null;
  phone: string | null;
  delivery: number | null;
  items: ColumnType<unknown, string | null | undefined, string | null>;
  callback_url: string;
  ok_url: string;
  fail_url: string;
  /** maib's transaction status: CREATED, OK, FAILED, DECLINED (TIMEOUT is computed from `created_at`) */
  status: Generated<string>;
  status_code: string | null;
  status_message: string | null;
  three_ds: string | null;
  card_number: string | null;
  rrn: string | null;
  approval: string | null;
  refund_amount: number | null;
  created_at: GeneratedTimestamp;
  finished_at: Timestamp | null;
}

/** A signed notification the sandbox owes the merchant's Callback URL, sent on maib's retry schedule. */
export interface MaibSandboxCallbacksTable {
  id: Generated<number>;
  pay_id: string;
  url: string;
  /** the exact JSON text sent (signed once, resent byte for byte) */
  body: string;
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  delivered_at: Timestamp | null;
  gave_up_at: Timestamp | null;
  last_status: number | null;
  last_error: string | null;
  created_at: GeneratedTimestamp;
}
