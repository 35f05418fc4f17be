import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { components } from '../../../openapi/schema.d.ts';

type DisplayStatus = components['schemas']['DisplayStatus'];

/** The payment-order statuses of spec section 4 (`displayStatus` codes), as every list and order page shows them. */
export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, MessageDescriptor> = {
  new: msg`New`,
  need_pay: msg`Need pay`,
  pay_failed: msg`Pay failed`,
  paid: msg`Paid`,
  ready: msg`Ready`,
  delivery: msg`Delivery`,
  done: msg`Done`,
  close: msg`Close`,
  declined: msg`Declined`,
};
