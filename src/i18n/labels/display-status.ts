import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { components } from '#openapi/schema.d.ts';

type DisplayStatus = components['schemas']['DisplayStatus'];

/**
 * The payment-order statuses of spec section 4 (`displayStatus` codes), as every list and order page shows them.
 * They name the state of one order, so they carry the context `order status`: "New" here is one order (ru «Новый»),
 * not the warehouse tab "New" of many (ru «Новые»); "Delivery" is the state, not the way of receiving.
 */
export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'order status' }),
  need_pay: msg({ message: 'Need pay', context: 'order status' }),
  pay_failed: msg({ message: 'Pay failed', context: 'order status' }),
  paid: msg({ message: 'Paid', context: 'order status' }),
  ready: msg({ message: 'Ready', context: 'order status' }),
  delivery: msg({ message: 'Delivery', context: 'order status' }),
  done: msg({ message: 'Done', context: 'order status' }),
  close: msg({ message: 'Close', context: 'order status' }),
  declined: msg({ message: 'Declined', context: 'order status' }),
};
