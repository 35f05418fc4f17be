import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderAttention } from '#machines/order-lifecycle/order-lifecycle.attention.rules.ts';

/** The one next step an order waits for from its distributor (`orderAttention`), as the list and Main name it. */
export const ATTENTION_LABELS: Record<OrderAttention, MessageDescriptor> = {
  answer_change: msg`Answer the changed order`,
  pay: msg`Pay the order`,
  retry_payment: msg`Pay again: the payment failed`,
  request_pickup: msg`Request pickup or delivery`,
};
