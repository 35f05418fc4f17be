import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { components } from '../../../../openapi/schema.d.ts';
import type { UserOrderTab } from '../../../data/orders.ts';

type DisplayStatus = components['schemas']['DisplayStatus'];

/** The payment-order statuses of spec section 4, as the distributor sees them (`displayStatus` codes). */
export const LIST_STATUS_LABELS: Record<DisplayStatus, MessageDescriptor> = {
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

export const TAB_LABELS: Record<UserOrderTab, MessageDescriptor> = {
  current: msg`Current`,
  cancelled: msg`Cancelled`,
  closed: msg`Closed`,
};

export const EMPTY_TAB_TEXTS: Record<UserOrderTab, MessageDescriptor> = {
  current: msg`You have no orders in progress.`,
  cancelled: msg`You have no cancelled orders.`,
  closed: msg`You have no closed orders yet.`,
};
