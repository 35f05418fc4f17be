import { getStateNodes } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { orderLifecycleMachine } from '#machines/order-lifecycle/order-lifecycle.machine.ts';
import {
  DISTRIBUTOR_TAB_STATUSES,
  TERMINAL_STATUSES,
  WAREHOUSE_TAB_STATUSES,
  displayStatus,
  distributorTab,
  isTerminal,
  warehouseTab,
} from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import {
  DISTRIBUTOR_TABS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  WAREHOUSE_TABS,
  type DisplayStatus,
  type OrderStatus,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';

const DISPLAY: Array<[OrderStatus, DisplayStatus]> = [
  ['placed', 'new'],
  ['awaiting_warehouse', 'new'],
  ['checking', 'new'],
  ['awaiting_distributor', 'new'],
  ['prepared', 'ready'],
  ['ready', 'ready'],
  ['pickup_requested', 'ready'],
  ['delivery_requested', 'delivery'],
  ['delivery_processing', 'delivery'],
  ['sent', 'delivery'],
  ['in_delivery', 'delivery'],
  ['received', 'done'],
  ['completed', 'done'],
  ['sent_to_1c', 'close'],
  ['rejected', 'declined'],
  ['cancelled_by_distributor', 'declined'],
  ['cancelled_by_warehouse', 'declined'],
];

describe('displayStatus', () => {
  it.each(DISPLAY)('%s shows %s whatever the payment', (status, shown) => {
    for (const method of ['cash', 'card'] as const) {
      for (const payment of PAYMENT_STATES) expect(displayStatus(status, method, payment)).toBe(shown);
    }
  });

  it('confirmed shows New for cash and the payment state for card', () => {
    expect(displayStatus('confirmed', 'cash', 'not_required')).toBe('new');
    expect(displayStatus('confirmed', 'card', 'need_pay')).toBe('need_pay');
    expect(displayStatus('confirmed', 'card', 'pay_failed')).toBe('pay_failed');
    expect(displayStatus('confirmed', 'card', 'paid')).toBe('paid');
  });

  it('covers every status', () => {
    expect([...DISPLAY.map(([status]) => status), 'confirmed'].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('tabs', () => {
  it('every status is in exactly one warehouse tab and one distributor tab', () => {
    for (const table of [WAREHOUSE_TAB_STATUSES, DISTRIBUTOR_TAB_STATUSES]) {
      const listed: string[] = Object.values(table).flat();
      expect(listed.sort()).toEqual([...ORDER_STATUSES].sort());
    }
    expect(Object.keys(WAREHOUSE_TAB_STATUSES)).toEqual([...WAREHOUSE_TABS]);
    expect(Object.keys(DISTRIBUTOR_TAB_STATUSES)).toEqual([...DISTRIBUTOR_TABS]);
  });

  it.each([
    ['awaiting_warehouse', 'new', 'current'],
    ['checking', 'in_progress', 'current'],
    ['confirmed', 'in_progress', 'current'],
    ['prepared', 'in_progress', 'current'],
    ['awaiting_distributor', 'awaiting_distributor', 'current'],
    ['ready', 'ready', 'current'],
    ['pickup_requested', 'ready', 'current'],
    ['delivery_requested', 'delivery', 'current'],
    ['in_delivery', 'delivery', 'current'],
    ['received', 'completed', 'current'],
    ['completed', 'completed', 'closed'],
    ['sent_to_1c', 'sent_to_1c', 'closed'],
    ['rejected', 'rejected', 'cancelled'],
    ['cancelled_by_distributor', 'rejected', 'cancelled'],
    ['cancelled_by_warehouse', 'rejected', 'cancelled'],
  ] as const)('%s is in warehouse tab %s and distributor tab %s', (status, warehouse, distributor) => {
    expect(warehouseTab(status)).toBe(warehouse);
    expect(distributorTab(status)).toBe(distributor);
  });
});

describe('isTerminal', () => {
  it('matches the machine’s final states exactly', () => {
    const finals = getStateNodes(orderLifecycleMachine.root)
      .filter((node) => node.type === 'final')
      .map((node) => node.key);
    expect([...finals].sort()).toEqual([...TERMINAL_STATUSES].sort());
    for (const status of ORDER_STATUSES) expect(isTerminal(status)).toBe(finals.includes(status));
  });
});
