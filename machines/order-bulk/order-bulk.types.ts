/**
 * Types of the warehouse's bulk work: what a row offers to the selection, what is sent, and
 * what comes back per order. Plain data shared by the machine, its selectors and the app's actors.
 */
import type { components } from '../../openapi/schema.d.ts';
import type {
  DeliveryType,
  OrderStatus,
  PaymentMethod,
  PaymentState,
} from '../order-lifecycle/order-lifecycle.types.ts';

/** The contract's `BulkOrderAction`, in the order the bulk bar shows them. */
export type BulkAction = components['schemas']['BulkOrderAction'];
export const BULK_ACTIONS = [
  'check',
  'confirm',
  'ready',
  'send_to_1c',
] as const satisfies readonly BulkAction[];

/** A selected order as the clerk saw it: its version goes with the action. */
export interface BulkCandidate {
  id: number;
  number: string;
  version: number;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  deliveryType: DeliveryType;
}

/** `outcome` of the contract's `BulkOrderOutcome`. */
export type BulkOutcomeKind = components['schemas']['BulkOrderOutcome']['outcome'];
export const BULK_OUTCOMES = [
  'done',
  'changed',
  'not_allowed',
  'not_found',
] as const satisfies readonly BulkOutcomeKind[];

/** One order's result: `order` is the order as it is now (absent when it is not the warehouse's). */
export interface BulkOutcome {
  id: number;
  outcome: BulkOutcomeKind;
  reason?: string;
  order?: BulkCandidate;
}

/** `POST /orders/bulk` body: the contract's `BulkOrderRequest`. */
export type BulkSubmission = components['schemas']['BulkOrderRequest'];

export interface BulkAnswer {
  action: BulkAction;
  results: BulkOutcome[];
}

export type OrderBulkEvent =
  | { type: 'selection.toggle'; order: BulkCandidate }
  /** Select (or unselect) every order of the page shown. */
  | { type: 'selection.page'; orders: readonly BulkCandidate[]; selected: boolean }
  | { type: 'selection.clear' }
  | { type: 'bulk.submit'; action: BulkAction }
  | { type: 'results.dismiss' };

export interface OrderBulkContext {
  /** In the order the clerk selected them. */
  selected: BulkCandidate[];
  /** The action sent last (while submitting, and with its results). */
  action: BulkAction | null;
  /** The numbers of the orders sent, by id (results name them even when the answer carries no order). */
  sentNumbers: Record<number, string>;
  results: BulkOutcome[] | null;
  error: unknown;
}
