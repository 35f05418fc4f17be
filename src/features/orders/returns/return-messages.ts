import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type {
  ReturnLineProblem,
  ReturnReason,
  ReturnRefundState,
  ReturnStatus,
} from '#machines/return-actions/return-actions.types.ts';
import type { ReturnActionKind } from '#machines/return-actions/return-actions.machine.ts';
import { GENERIC_ERROR } from '../view/order-messages.ts';

export const RETURN_STATUS_LABELS: Record<ReturnStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  received: msg`Goods received`,
  accepted: msg`Accepted`,
  refused: msg`Refused`,
  cancelled: msg`Cancelled`,
};

export const RETURN_REASON_LABELS: Record<ReturnReason, MessageDescriptor> = {
  faulty: msg`Faulty product`,
  wrong_item: msg`Wrong product delivered`,
  unopened: msg`Unopened, in its original packaging`,
};

export const RETURN_REFUND_LABELS: Record<ReturnRefundState, MessageDescriptor> = {
  none: msg`Not refunded yet`,
  pending: msg`Refund on its way to the card`,
  refunded: msg`Refunded to the card`,
  credited: msg`Credit noted on the order`,
};

export const RETURN_HISTORY_LABELS: Record<string, MessageDescriptor> = {
  REQUEST: msg`Return requested`,
  RECEIVE: msg`Goods received by the warehouse`,
  ACCEPT: msg`Return accepted`,
  REFUSE: msg`Return refused`,
  CANCEL: msg`Return cancelled`,
  REFUNDED: msg`Refund confirmed by the bank`,
};

export const RETURN_PROBLEM_LABELS: Record<ReturnLineProblem, MessageDescriptor> = {
  not_in_order: msg`This product is not in the order.`,
  duplicate_line: msg`This product is listed twice.`,
  too_many: msg`More than may still be returned.`,
  window_over: msg`The return period for this reason is over.`,
  order_not_returnable: msg`This order cannot be returned.`,
  received_too_many: msg`More received than requested.`,
  damaged_too_many: msg`More damaged than received.`,
  line_missing: msg`Every line of the return needs a figure.`,
};

const RETURN_ERRORS: Record<string, MessageDescriptor> = {
  VERSION_CONFLICT: msg`Someone else changed this return a moment ago. Nothing you did was saved; the return below is up to date, please check it and try again.`,
  TRANSITION_NOT_ALLOWED: msg`This step is no longer possible: the return has changed. The return below is up to date.`,
  VALIDATION_FAILED: msg`The return was not accepted: see the marked lines.`,
  IDEMPOTENCY_KEY_REUSED: msg`The request changed while it was being sent. Please send it again.`,
  NOT_FOUND: msg`This return or order no longer exists or is not yours.`,
  RETURN_NO_LINES: msg`Choose at least one unit to return.`,
  RETURN_REASON_MISSING: msg`Choose the reason of the return.`,
  RETURN_NOT_ALLOWED: msg`This cannot be returned: check the quantities and the return period.`,
  COMMENT_REQUIRED: msg`Write why the return is refused: the distributor will see it.`,
  RECEIPT_INVALID: msg`Each line: damaged at most what was received, received at most what was requested.`,
};

export function returnErrorText(code: string | null, translate: (descriptor: MessageDescriptor) => string) {
  const descriptor = code === null ? undefined : RETURN_ERRORS[code];
  return translate(descriptor ?? GENERIC_ERROR);
}

/** "Return 000204-R1 accepted": what the toast and the live region say once the server accepted an action. */
export function useReturnAnswerText(): (kind: ReturnActionKind, number: string) => string {
  const { t } = useLingui();
  return (kind, number) => {
    switch (kind) {
      case 'receive':
        return t`Return ${number}: the goods are received`;
      case 'accept':
        return t`Return ${number} accepted`;
      case 'refuse':
        return t`Return ${number} refused`;
      case 'cancel':
        return t`Return ${number} cancelled`;
    }
  };
}
