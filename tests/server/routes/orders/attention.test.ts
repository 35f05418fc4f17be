import { describe, expect, it } from 'vitest';
import { orderAttention } from '#machines/order-lifecycle/order-lifecycle.attention.rules.ts';
import { newestFirst, type OrderSummaryPage } from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t, tokens } = useOrdersApp();

describe('GET /orders/get/list/user?tab=current: what needs the distributor first (issue 13.1)', () => {
  it('puts every order waiting for the distributor above the rest, each group newest first, across pages', async () => {
    const all = await t.get<OrderSummaryPage>('/orders/get/list/user', {
      token: tokens.partner,
      query: { tab: 'current', pageSize: 100 },
    });
    expect(all.status).toBe(200);
    const flags = all.body.items.map((item) => orderAttention(item) !== null);
    const waiting = flags.filter(Boolean).length;
    // The demo partner has a partial confirmation to answer, a payment due and failed, a ready order.
    expect(all.body.items.filter((item) => orderAttention(item) === 'answer_change').length).toBeGreaterThan(
      0,
    );
    expect(waiting).toBeGreaterThan(1);
    expect(waiting).toBeLessThan(flags.length);
    expect(flags.slice(0, waiting).every(Boolean)).toBe(true);
    expect(flags.slice(waiting).some(Boolean)).toBe(false);
    expect(newestFirst(all.body.items.slice(0, waiting))).toBe(true);
    expect(newestFirst(all.body.items.slice(waiting))).toBe(true);

    const first = await t.get<OrderSummaryPage>('/orders/get/list/user', {
      token: tokens.partner,
      query: { tab: 'current', page: 1, pageSize: 2 },
    });
    expect(first.body.items.map((item) => item.id)).toEqual(
      all.body.items.slice(0, 2).map((item) => item.id),
    );
  });

  it('keeps the other tabs and the tabless list newest first', async () => {
    for (const query of [{ tab: 'closed' }, { tab: 'cancelled' }, { tab: '' }]) {
      const page = await t.get<OrderSummaryPage>('/orders/get/list/user', {
        token: tokens.partner,
        query: query.tab === '' ? { pageSize: 100 } : { ...query, pageSize: 100 },
      });
      expect(newestFirst(page.body.items)).toBe(true);
    }
  });
});
