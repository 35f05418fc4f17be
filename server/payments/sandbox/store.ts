/**
 * The local maib sandbox's state and its rules, shared by its API, its checkout page and its callbacks: a
 * transaction as maib keeps it, maib's view of it (`pay-info`, a callback's `result`), and the outcomes a customer
 * can produce on the checkout page. The sandbox stands for maib, so nothing here knows the portal's tables.
 */
import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { MaibSandboxPaymentsTable } from '../../db/schema-payments.ts';
import { toDecimal } from '../maib/client.ts';

export type SandboxPayment = Selectable<MaibSandboxPaymentsTable>;

/** maib's window for the customer to pay after the intermediate answer (its documentation: 10 minutes). */
export const CHECKOUT_WINDOW_MS = 10 * 60_000;

/** What the customer does on the checkout page. */
export const CHECKOUT_ACTIONS = ['pay', 'decline', 'threeds', 'cancel'] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];

export interface Outcome {
  status: 'OK' | 'FAILED';
  statusCode: string;
  statusMessage: string;
  threeDs: string;
  cardNumber: string;
  rrn: string | null;
  approval: string | null;
}

const digits = (count: number): string =>
  Array.from({ length: count }, () => String(randomInt(0, 10))).join('');

/** The sandbox's test card, masked as maib masks it. */
export const TEST_CARD = '510218******1124';

/** The transaction's final state for an action on the checkout page (`cancel` has none: it stays open). */
export function outcomeOf(action: Exclude<CheckoutAction, 'cancel'>): Outcome {
  switch (action) {
    case 'pay':
      return {
        status: 'OK',
        statusCode: '000',
        statusMessage: 'Approved',
        threeDs: 'AUTHENTICATED',
        cardNumber: TEST_CARD,
        rrn: digits(12),
        approval: digits(6),
      };
    case 'decline':
      return {
        status: 'FAILED',
        statusCode: '116',
        statusMessage: 'Insufficient funds',
        threeDs: 'AUTHENTICATED',
        cardNumber: TEST_CARD,
        rrn: null,
        approval: null,
      };
    case 'threeds':
      return {
        status: 'FAILED',
        statusCode: '914',
        statusMessage: '3-D Secure authentication failed',
        threeDs: 'NOT_AUTHENTICATED',
        cardNumber: TEST_CARD,
        rrn: null,
        approval: null,
      };
  }
}

/** maib's status now: an unpaid transaction past its window is `TIMEOUT`. */
export function statusNow(payment: Pick<SandboxPayment, 'status' | 'created_at'>, now: Date): string {
  return payment.status === 'CREATED' && now.getTime() - payment.created_at.getTime() > CHECKOUT_WINDOW_MS
    ? 'TIMEOUT'
    : payment.status;
}

/** Drops the fields maib leaves out (null ones). */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as Partial<T>;
}

/**
 * A callback's `result`, in the order of the documentation's example (`payId`, `orderId`, `status`, `statusCode`,
 * `statusMessage`, `threeDs`, `rrn`, `approval`, `cardNumber`, `amount`, `currency`).
 */
export function callbackResult(payment: SandboxPayment, now: Date): Record<string, unknown> {
  return present({
    payId: payment.pay_id,
    orderId: payment.order_id,
    status: statusNow(payment, now),
    statusCode: payment.status_code,
    statusMessage: payment.status_message,
    threeDs: payment.three_ds,
    rrn: payment.rrn,
    approval: payment.approval,
    cardNumber: payment.card_number,
    amount: toDecimal(payment.amount),
    currency: payment.currency,
  });
}

/** `pay-info`'s `result` (the documentation's fields; amounts as maib's decimals). */
export function payInfoResult(payment: SandboxPayment, now: Date): Record<string, unknown> {
  return present({
    payId: payment.pay_id,
    orderId: payment.order_id,
    status: statusNow(payment, now),
    statusCode: payment.status_code,
    statusMessage: payment.status_message,
    threeDs: payment.three_ds,
    rrn: payment.rrn,
    approval: payment.approval,
    cardNumber: payment.card_number,
    amount: toDecimal(payment.amount),
    refundAmount: payment.refund_amount === null ? null : toDecimal(payment.refund_amount),
    currency: payment.currency,
    description: payment.description,
    clientIp: payment.client_ip,
    clientName: payment.client_name,
    email: payment.email,
    phone: payment.phone,
    delivery: payment.delivery === null ? null : toDecimal(payment.delivery),
    items: payment.items ?? null,
  });
}

/** Where maib sends the browser after the page: `okUrl`/`failUrl` with `payId` and `orderId` appended. */
export function returnUrl(base: string, payment: Pick<SandboxPayment, 'pay_id' | 'order_id'>): string {
  const url = new URL(base);
  url.searchParams.set('payId', payment.pay_id);
  if (payment.order_id !== null) url.searchParams.set('orderId', payment.order_id);
  return url.href;
}
