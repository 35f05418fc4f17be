import type {
  DisplayStatus,
  DistributorTab,
  OrderStatus,
  PaymentMethod,
  PaymentState,
  WarehouseTab,
} from './order-lifecycle.types.ts';

/**
 * Status tables for lists and badges. Plain data, no machine import, so list pages and the server's list queries
 * use them without loading XState. `tests/machines/order-lifecycle` checks them against the machine.
 */

/** The machine's final states: nothing happens after them. (`completed` is not terminal: it still goes to 1C.) */
export const TERMINAL_STATUSES = [
  'sent_to_1c',
  'rejected',
  'cancelled_by_distributor',
  'cancelled_by_warehouse',
] as const satisfies readonly OrderStatus[];

export function isTerminal(status: OrderStatus): boolean {
  return (TERMINAL_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Warehouse tabs; `placed` is transient but listed under New so no stored status falls outside every tab. */
export const WAREHOUSE_TAB_STATUSES = {
  new: ['placed', 'awaiting_warehouse'],
  in_progress: ['checking', 'confirmed', 'prepared'],
  awaiting_distributor: ['awaiting_distributor'],
  ready: ['ready', 'pickup_requested'],
  delivery: ['delivery_requested', 'delivery_processing', 'sent', 'in_delivery'],
  completed: ['received', 'completed'],
  sent_to_1c: ['sent_to_1c'],
  rejected: ['rejected', 'cancelled_by_distributor', 'cancelled_by_warehouse'],
} as const satisfies Record<WarehouseTab, readonly OrderStatus[]>;

export const DISTRIBUTOR_TAB_STATUSES = {
  current: [
    'placed',
    'awaiting_warehouse',
    'checking',
    'awaiting_distributor',
    'confirmed',
    'prepared',
    'ready',
    'pickup_requested',
    'delivery_requested',
    'delivery_processing',
    'sent',
    'in_delivery',
    'received',
  ],
  cancelled: ['rejected', 'cancelled_by_distributor', 'cancelled_by_warehouse'],
  closed: ['completed', 'sent_to_1c'],
} as const satisfies Record<DistributorTab, readonly OrderStatus[]>;

function tabOf<TTab extends string>(table: Record<TTab, readonly OrderStatus[]>, status: OrderStatus): TTab {
  for (const tab of Object.keys(table) as TTab[]) {
    if (table[tab].includes(status)) return tab;
  }
  throw new Error(`Status ${status} belongs to no tab`);
}

export function warehouseTab(status: OrderStatus): WarehouseTab {
  return tabOf<WarehouseTab>(WAREHOUSE_TAB_STATUSES, status);
}

export function distributorTab(status: OrderStatus): DistributorTab {
  return tabOf<DistributorTab>(DISTRIBUTOR_TAB_STATUSES, status);
}

const DISPLAY_BY_STATUS = {
  placed: 'new',
  awaiting_warehouse: 'new',
  checking: 'new',
  awaiting_distributor: 'new',
  confirmed: 'new',
  prepared: 'ready',
  ready: 'ready',
  pickup_requested: 'ready',
  delivery_requested: 'delivery',
  delivery_processing: 'delivery',
  sent: 'delivery',
  in_delivery: 'delivery',
  received: 'done',
  completed: 'done',
  sent_to_1c: 'close',
  rejected: 'declined',
  cancelled_by_distributor: 'declined',
  cancelled_by_warehouse: 'declined',
} as const satisfies Record<OrderStatus, DisplayStatus>;

const DISPLAY_BY_PAYMENT = {
  not_required: 'new',
  need_pay: 'need_pay',
  pay_failed: 'pay_failed',
  paid: 'paid',
} as const satisfies Record<PaymentState, DisplayStatus>;

/**
 * The payment-order status a distributor sees. Only a confirmed card order shows its payment state (Need pay,
 * Pay failed, Paid); everywhere else the lifecycle decides.
 */
export function displayStatus(
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  paymentState: PaymentState,
): DisplayStatus {
  if (status === 'confirmed' && paymentMethod === 'card') return DISPLAY_BY_PAYMENT[paymentState];
  return DISPLAY_BY_STATUS[status];
}
