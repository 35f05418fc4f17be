import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UserOrderTab } from '#src/data/orders.ts';
import { DISPLAY_STATUS_LABELS } from '#src/i18n/labels/display-status.ts';

/** The payment-order statuses of spec section 4, as the distributor sees them (`displayStatus` codes). */
export const LIST_STATUS_LABELS = DISPLAY_STATUS_LABELS;

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
