import type { components } from '../../openapi/schema.d.ts';
import type {
  LifecycleEventType,
  LifecycleRole,
  OrderStatus,
} from '../order-lifecycle/order-lifecycle.types.ts';

/** The order as the API gives it (`GET /orders/get/{id}`, and the `order` of a 409 body). */
export type ApiOrder = components['schemas']['Order'];
export type ApiOrderLine = components['schemas']['OrderLine'];

/**
 * Who is looking at the order. The warehouse page acts as `warehouse`, the distributor's order page as
 * `distributor`; the payment provider never acts through this machine.
 */
export type ViewerRole = Exclude<LifecycleRole, 'payment_provider'>;

/** Lifecycle events sent with a reason text (a comment the server stores on the history entry). */
export const REASON_ACTIONS = ['order.decline', 'order.reject', 'order.cancel', 'partial.reject'] as const;
export type ReasonAction = (typeof REASON_ACTIONS)[number];

/** Lifecycle events sent at once, without a payload. */
export const DIRECT_ACTIONS = [
  'check.start',
  'order.confirm',
  'partial.accept',
  'order.prepare',
  'order.markReady',
  'pickup.request',
  'delivery.request',
  'delivery.process',
  'order.send',
  'delivery.outForDelivery',
  'receipt.confirm',
  'order.complete',
  'order.sendTo1c',
] as const;
export type DirectAction = (typeof DIRECT_ACTIONS)[number];

/** Lifecycle events sent with the pickup handover code the distributor shows (typed or scanned by staff). */
export const CODE_ACTIONS = ['order.handOver'] as const;
export type CodeAction = (typeof CODE_ACTIONS)[number];

/**
 * Every lifecycle event a person triggers from an order page falls in exactly one group: direct, with a reason,
 * the partial-confirmation editor, or payment (`payment.retry` is part of paying again). The acquirer's events
 * (`payment.succeeded`, `payment.failed`, `refund.succeeded`) come from its verified word, never from a page.
 */
type Grouped = DirectAction | ReasonAction | CodeAction | 'order.confirmPartial' | 'payment.retry';
type ProviderEvents = 'payment.succeeded' | 'payment.failed' | 'refund.succeeded';
type Ungrouped = Exclude<LifecycleEventType, Grouped | ProviderEvents>;
export const ACTION_GROUPS_COMPLETE: [Ungrouped] extends [never] ? true : Ungrouped = true;

/** What the `performAction` actor is asked to do: one API call, always with the order's version. */
export type ActionRequest =
  | {
      kind: 'status';
      event: DirectAction | ReasonAction;
      status: OrderStatus;
      comment?: string;
      /** `pickup.request` on a delivery order: the pickup point the distributor chose. */
      pickupPointId?: number;
    }
  | { kind: 'decline'; comment: string }
  | { kind: 'confirmPartial'; note: string; lines: Array<{ lineId: number; quantity: number }> }
  | { kind: 'comment'; comment: string }
  /** Hand a pickup order over with its code (`POST /orders/set/{id}/hand-over`). */
  | { kind: 'handOver'; code: string }
  /** Queue a failed 1C exchange again (`POST /orders/set/{id}/exchange-requeue?version=`). */
  | { kind: 'requeue' };

/** What an accepted request did, as the page names it ("Order 000204 confirmed"). */
export type AnswerKind =
  DirectAction | ReasonAction | CodeAction | 'order.confirmPartial' | 'comment' | 'requeue';

/** The last request the server accepted: what it was, on which order, and the status the order left. */
export interface ActionAnswer {
  kind: AnswerKind;
  number: string;
  /** The status before the action (staff go on to the next order of that status's tab). */
  fromStatus: OrderStatus;
}

export interface PerformActionInput {
  orderId: number;
  version: number;
  request: ActionRequest;
}

/** A failure as the machine reads it: the API error code, and the current order when the body carries one. */
export interface ActionFailure {
  code: string | null;
  status: number | null;
  order: ApiOrder | null;
}

export interface PartialDraft {
  /** New quantity per line id (all lines of the order). */
  quantities: Record<string, number>;
  note: string;
  /** Changed or submitted at least once: until then the editor shows no problem. */
  touched: boolean;
}

export interface ReasonDraft {
  action: ReasonAction;
  text: string;
}

export interface OrderActionsInput {
  order: ApiOrder;
  role: ViewerRole;
}

/** A newer copy of the order arrived that someone else made (the live stream or a refetch told us). */
export interface ExternalChange {
  /** Who made the latest change; null for the system, the payment provider or 1C. */
  by: string | null;
  at: string;
}

export interface OrderActionsContext {
  order: ApiOrder;
  role: ViewerRole;
  reason: ReasonDraft | null;
  partial: PartialDraft | null;
  /** The order comment being written (the comment form). */
  comment: string;
  /** The pickup point the distributor chose for "Request pickup" on a delivery order; null for the default. */
  pickupPointId: number | null;
  /** The handover code being typed (the hand-over dialog); null while the dialog is closed. */
  handover: string | null;
  /** The hand-over dialog's camera: off, reading a QR code, or it could not be opened. */
  scan: HandoverScan;
  /** The request in flight (or the last one), so a refusal can say what was refused. */
  pending: ActionRequest | null;
  /** The last failure's code (`VERSION_CONFLICT`, `VALIDATION_FAILED`, `PAYMENT_NOT_ALLOWED`, ...). */
  errorCode: string | null;
  /** Bumped by every successful change, so views can announce it. */
  changes: number;
  /** The last accepted request (what the toast, the live region and "next order" say); null before any. */
  answer: ActionAnswer | null;
  /** Someone else changed the order while it was open (shown until seen or until we act). */
  changedElsewhere: ExternalChange | null;
}

/** The hand-over dialog's camera (`handover.scan.*`): the view runs the camera while it is `on`. */
export type HandoverScan = 'off' | 'on' | 'failed';

export type OrderActionsEvent =
  /** A fresher copy of the order (the page's query refetched it); ignored while a request runs. */
  | { type: 'order.refreshed'; order: ApiOrder }
  | { type: 'action.run'; action: DirectAction }
  | { type: 'reason.open'; action: ReasonAction }
  | { type: 'reason.change'; text: string }
  | { type: 'reason.submit' }
  | { type: 'reason.close' }
  | { type: 'partial.open' }
  | { type: 'partial.quantity'; lineId: string; quantity: number }
  | { type: 'partial.note'; note: string }
  | { type: 'partial.submit' }
  | { type: 'partial.close' }
  /** The distributor picks the pickup point "Request pickup" sends (null: the warehouse's default). */
  | { type: 'pickup.choose'; pickupPointId: number | null }
  | { type: 'handover.open' }
  /** The code typed, or read from the QR code by the camera. */
  | { type: 'handover.change'; code: string }
  | { type: 'handover.submit' }
  | { type: 'handover.close' }
  /** Staff start or stop reading the QR code with the camera; the camera could not be opened. */
  | { type: 'handover.scan.start' }
  | { type: 'handover.scan.stop' }
  | { type: 'handover.scan.failed' }
  | { type: 'comment.change'; text: string }
  | { type: 'comment.submit' }
  | { type: 'payment.start' }
  | { type: 'exchange.requeue' }
  | { type: 'notice.dismiss' }
  /** The viewer has seen that someone else changed the order. */
  | { type: 'change.seen' };

/** Codes the machine itself gives a refusal that never reached the server. */
export const LOCAL_ERROR_CODES = {
  reasonRequired: 'REASON_REQUIRED',
  commentRequired: 'COMMENT_REQUIRED',
  partialInvalid: 'PARTIAL_INVALID',
  noteRequired: 'NOTE_REQUIRED',
  /** Not six digits (never sent). */
  handoverCodeIncomplete: 'HANDOVER_CODE_INCOMPLETE',
  /** The server refused the code (its 422 `VALIDATION_FAILED` for a hand-over). */
  handoverCodeWrong: 'HANDOVER_CODE_WRONG',
} as const;
