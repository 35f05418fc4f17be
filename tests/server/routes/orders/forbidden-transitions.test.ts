/**
 * Every (status, target, role) the lifecycle machine forbids is refused by `POST /orders/set/{id}/status`, and the
 * order stays as it was. Orders in every seeded status of partner@demo.test at warehouse 1 are asked, as the
 * distributor (their customer) and as the warehouse (staff of warehouse 1), for every target status.
 */
import { describe, expect, it } from 'vitest';
import { eventForTargetStatus } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import {
  ORDER_STATUSES,
  type LifecycleRole,
  type OrderStatus,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { factsOf, linesWithStock } from '#server/domain/orders/persist.ts';
import { PARTNER, WAREHOUSE, historyCount, setStatus, tokenFor, userId, type ErrorBody } from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t } = useOrdersApp();

async function factsOfOrder(id: number) {
  const row = await t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lines = await t.db.transaction().execute((trx) => linesWithStock(trx, id));
  return { row, facts: factsOf(row, lines) };
}

describe('forbidden transitions', () => {
  it('are refused with 409 TRANSITION_NOT_ALLOWED and change nothing', async () => {
    const uid = await userId(t, PARTNER);
    const tokens: Record<'distributor' | 'warehouse', string> = {
      distributor: await tokenFor(t, PARTNER),
      warehouse: await tokenFor(t, WAREHOUSE),
    };
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_method', 'payment_state'])
      .where('user_id', '=', uid)
      .where('warehouse_id', '=', 1)
      .orderBy('id')
      .execute();
    // One order per (status, payment method, payment state).
    const samples = new Map<string, number>();
    for (const order of orders)
      samples.set(`${order.status}/${order.payment_method}/${order.payment_state}`, order.id);
    const covered = new Set(orders.map((order) => order.status));
    expect(covered.size).toBeGreaterThanOrEqual(15);

    let refused = 0;
    for (const id of samples.values()) {
      const { row, facts } = await factsOfOrder(id);
      const history = await historyCount(t, id);
      for (const role of ['distributor', 'warehouse'] as const satisfies readonly LifecycleRole[]) {
        for (const target of ORDER_STATUSES as readonly OrderStatus[]) {
          const allowed = eventForTargetStatus(facts, role, target);
          if (allowed !== null && allowed !== 'order.confirmPartial') continue;
          const response = await setStatus(t, tokens[role], row, target, 'because');
          const label = `${row.status}/${row.payment_state} → ${target} as ${role}`;
          expect(response.status, label).toBe(409);
          expect((response.body as unknown as ErrorBody).code, label).toBe('TRANSITION_NOT_ALLOWED');
          expect((response.body as unknown as ErrorBody).order?.version, label).toBe(row.version);
          refused += 1;
        }
      }
      const after = await t.db
        .selectFrom('orders')
        .select(['status', 'version', 'payment_state'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ status: row.status, version: row.version, payment_state: row.payment_state });
      expect(await historyCount(t, id)).toBe(history);
    }
    expect(refused).toBeGreaterThan(400);
  }, 180_000);
});
