/** The order and payment routes. */
import type { Handlers } from '../../contract/types.ts';
import {
  confirmOrderPartially,
  declineOrder,
  handOverOrder,
  setOrderComment,
  setOrderStatus,
} from './actions.ts';
import { createOrder } from './create.ts';
import { buyOrderAgain, getOrderReceipt } from './extras.ts';
import { payOrder, receivePaymentCallback } from './payment.ts';
import { getOrder, listMyOrders, listWarehouseOrders } from './read.ts';
import { bulkOrderAction, getPackingSlips, getPickList, getWarehouseQueues } from './queue.ts';

export const orderHandlers = {
  createOrder,
  listMyOrders,
  listWarehouseOrders,
  getOrder,
  setOrderComment,
  setOrderStatus,
  declineOrder,
  confirmOrderPartially,
  handOverOrder,
  payOrder,
  receivePaymentCallback,
  getWarehouseQueues,
  bulkOrderAction,
  getPickList,
  getPackingSlips,
  buyOrderAgain,
  getOrderReceipt,
} satisfies Pick<
  Handlers,
  | 'createOrder'
  | 'listMyOrders'
  | 'listWarehouseOrders'
  | 'getOrder'
  | 'setOrderComment'
  | 'setOrderStatus'
  | 'declineOrder'
  | 'confirmOrderPartially'
  | 'handOverOrder'
  | 'payOrder'
  | 'receivePaymentCallback'
  | 'getWarehouseQueues'
  | 'bulkOrderAction'
  | 'getPickList'
  | 'getPackingSlips'
  | 'buyOrderAgain'
  | 'getOrderReceipt'
>;
