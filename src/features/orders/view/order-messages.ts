import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ActionButton } from '#machines/order-actions/order-actions.selectors.ts';
import type { PartialProblem } from '#machines/order-lifecycle/order-lifecycle.lines.rules.ts';
import type {
  DeliveryType,
  OrderStatus,
  PaymentMethod,
  PaymentState,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { DISPLAY_STATUS_LABELS } from '#src/i18n/labels/display-status.ts';
import { WAREHOUSE_TAB_LABELS } from '#src/i18n/labels/warehouse-queue.ts';

/** Codes to text: statuses, actions, history events and error codes of the order screens. */

export const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  placed: msg`New order received`,
  awaiting_warehouse: msg`Waiting for warehouse confirmation`,
  checking: msg`Checking availability`,
  awaiting_distributor: msg`Partially confirmed, waiting for the distributor`,
  confirmed: msg`Availability confirmed`,
  prepared: msg`Prepared by the warehouse`,
  ready: msg`Ready for pickup or delivery`,
  pickup_requested: msg`Pickup requested`,
  delivery_requested: msg`Delivery requested`,
  delivery_processing: msg`Warehouse processes delivery`,
  sent: msg`Sent`,
  in_delivery: msg`Being delivered`,
  received: msg`Receipt confirmed`,
  completed: msg`Completed`,
  sent_to_1c: msg`Handed to 1C`,
  rejected: msg`Rejected: out of stock`,
  cancelled_by_distributor: msg`Cancelled by the distributor`,
  cancelled_by_warehouse: msg`Cancelled by the warehouse`,
};

export { DISPLAY_STATUS_LABELS, WAREHOUSE_TAB_LABELS };

export const PAYMENT_STATE_LABELS: Record<PaymentState, MessageDescriptor> = {
  not_required: msg`No payment due`,
  need_pay: msg`Awaiting payment`,
  paid: msg`Paid`,
  pay_failed: msg`Payment failed`,
  refund_pending: msg`Refund on its way`,
  refunded: msg`Refunded`,
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  card: msg`Card`,
};

export const DELIVERY_TYPE_LABELS: Record<DeliveryType, MessageDescriptor> = {
  delivery: msg`Delivery`,
  pickup: msg`Pickup`,
};

export const ACTION_LABELS: Record<ActionButton['action'], MessageDescriptor> = {
  'check.start': msg`Start checking`,
  'order.confirm': msg`Confirm`,
  'order.confirmPartial': msg`Confirm partially`,
  'order.reject': msg`Reject (out of stock)`,
  'partial.accept': msg`Accept the changed order`,
  'partial.reject': msg`Reject the changed order`,
  'order.cancel': msg`Cancel the order`,
  'order.decline': msg`Decline`,
  'order.prepare': msg`Mark prepared`,
  'order.markReady': msg`Mark ready`,
  'pickup.request': msg`Request pickup`,
  'delivery.request': msg`Request delivery`,
  'order.handOver': msg`Hand over`,
  'delivery.process': msg`Process delivery`,
  'order.send': msg`Mark sent`,
  'delivery.outForDelivery': msg`Out for delivery`,
  'receipt.confirm': msg`Confirm receipt`,
  'order.complete': msg`Complete`,
  'order.sendTo1c': msg`Send to 1C`,
  'payment.pay': msg`Pay by card`,
  'payment.retry': msg`Pay again`,
};

/** The reason form's title and field label per action. */
export const REASON_TITLES: Record<
  'order.decline' | 'order.reject' | 'order.cancel' | 'partial.reject',
  MessageDescriptor
> = {
  'order.decline': msg`Decline the order`,
  'order.reject': msg`Reject the order: out of stock`,
  'order.cancel': msg`Cancel the order`,
  'partial.reject': msg`Reject the changed order`,
};

export const HISTORY_EVENT_LABELS: Record<string, MessageDescriptor> = {
  CREATE: msg`Order placed`,
  PLACE: msg`Order placed`,
  SUBMIT: msg`Sent to the warehouse`,
  START_CHECK: msg`Checking started`,
  CONFIRM: msg`Confirmed`,
  CONFIRM_PARTIAL: msg`Confirmed partially`,
  REJECT: msg`Rejected: out of stock`,
  ACCEPT: msg`Changed order accepted`,
  REJECT_PARTIAL: msg`Changed order rejected`,
  CANCEL: msg`Order cancelled`,
  DECLINE: msg`Declined by the warehouse`,
  PREPARE: msg`Prepared`,
  MARK_READY: msg`Ready`,
  REQUEST_PICKUP: msg`Pickup requested`,
  REQUEST_DELIVERY: msg`Delivery requested`,
  HAND_OVER: msg`Handed over`,
  PROCESS_DELIVERY: msg`Delivery processing`,
  SEND: msg`Sent`,
  OUT_FOR_DELIVERY: msg`Out for delivery`,
  CONFIRM_RECEIPT: msg`Receipt confirmed`,
  COMPLETE: msg`Completed`,
  SEND_TO_1C: msg`Handed to 1C`,
  COMMENT: msg`Comment`,
  PAYMENT_PAID: msg`Payment received`,
  PAYMENT_FAILED: msg`Payment failed`,
  PAYMENT_CANCELLED: msg`Payment not completed in time`,
  PAYMENT_RETRY: msg`New payment requested`,
  PAYMENT_REFUNDED: msg`Payment refunded to the card`,
  EXTRA_PAYMENT: msg`Second payment received: it will be refunded`,
  EXTRA_PAYMENT_REFUNDED: msg`Second payment refunded to the card`,
  // A step of one of the order's returns (the comment names the return).
  RETURN_REQUESTED: msg`Return requested`,
  RETURN_RECEIVED: msg`Returned goods received by the warehouse`,
  RETURN_ACCEPTED: msg`Return accepted`,
  RETURN_REFUSED: msg`Return refused`,
  RETURN_CANCELLED: msg`Return cancelled`,
  RETURN_REFUNDED: msg`Return refunded to the card`,
  RETURN_CREDITED: msg`Return credited on the order`,
};

export const PARTIAL_PROBLEMS: Record<PartialProblem, MessageDescriptor> = {
  NO_LINES: msg`The order has no lines to confirm.`,
  UNKNOWN_LINE: msg`A line no longer belongs to this order.`,
  DUPLICATE_LINE: msg`A line is listed twice.`,
  QUANTITY_OUT_OF_RANGE: msg`Each quantity must be a whole number from 0 to the requested quantity.`,
  NOTHING_REDUCED: msg`Reduce at least one line; to confirm everything use Confirm.`,
  NOTHING_LEFT: msg`Keep at least one unit; to refuse everything use Reject.`,
};

/** What the page says after a refusal or failure, by error code. */
export const ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  VERSION_CONFLICT: msg`Someone else changed this order a moment ago. Nothing you did was saved; the order below is up to date, please check it and try again.`,
  TRANSITION_NOT_ALLOWED: msg`This step is no longer possible: the order has changed. The order below is up to date.`,
  VALIDATION_FAILED: msg`The server did not accept the data. Please check it and try again.`,
  PAYMENT_NOT_ALLOWED: msg`This order cannot be paid now.`,
  PAYMENT_PROVIDER_UNAVAILABLE: msg`The bank's payment service is not answering right now. No money was taken: please try to pay again in a minute.`,
  PAYMENT_PROVIDER_ERROR: msg`The bank's payment service did not accept the payment. No money was taken: please try again later or choose another way to pay.`,
  EMAIL_NOT_CONFIRMED: msg`Confirm your e-mail address to pay.`,
  NOT_FOUND: msg`The order was not found.`,
  REASON_REQUIRED: msg`Write the reason: the distributor will see it.`,
  COMMENT_REQUIRED: msg`Write a comment first.`,
  PARTIAL_INVALID: msg`Check the quantities and the note before confirming.`,
  HANDOVER_CODE_INCOMPLETE: msg`Enter all 6 digits of the handover code.`,
  HANDOVER_CODE_WRONG: msg`This is not the handover code of this order. Check it with the distributor.`,
  RATE_LIMITED: msg`Too many wrong codes for this order. Wait a few minutes, then try again.`,
  NETWORK_ERROR: msg`No connection to the server. Please try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
};

export const GENERIC_ERROR = msg`Something went wrong. Please try again.`;
