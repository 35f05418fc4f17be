import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderBulkMachine } from '#machines/order-bulk/order-bulk.machine.ts';
import { canBulk } from '#machines/order-bulk/order-bulk.rules.ts';
import { selectEligibleCounts, selectResults } from '#machines/order-bulk/order-bulk.selectors.ts';
import type { BulkAnswer, BulkCandidate, BulkSubmission } from '#machines/order-bulk/order-bulk.types.ts';
import {
  isNewestFirst,
  readListParams,
  writeListParams,
} from '#src/features/orders/warehouse/warehouse-orders.params.ts';

const order = (
  id: number,
  status: BulkCandidate['status'],
  extra: Partial<BulkCandidate> = {},
): BulkCandidate => ({
  id,
  number: String(id).padStart(6, '0'),
  version: 3,
  status,
  paymentMethod: 'cash',
  paymentState: 'not_required',
  deliveryType: 'pickup',
  ...extra,
});

describe('the bulk machine', () => {
  it('offers each action only for the orders the lifecycle allows it', () => {
    expect(canBulk(order(1, 'awaiting_warehouse'), 'check')).toBe(true);
    expect(canBulk(order(1, 'awaiting_warehouse'), 'confirm')).toBe(false);
    expect(canBulk(order(1, 'checking'), 'confirm')).toBe(true);
    expect(canBulk(order(1, 'prepared'), 'ready')).toBe(true);
    expect(canBulk(order(1, 'completed'), 'send_to_1c')).toBe(true);
    expect(canBulk(order(1, 'sent_to_1c'), 'send_to_1c')).toBe(false);
    // A confirmed order is prepared first: Mark ready is not offered for it.
    expect(canBulk(order(1, 'confirmed', { paymentMethod: 'card', paymentState: 'need_pay' }), 'ready')).toBe(
      false,
    );
  });

  it('sends only the eligible orders with the versions the clerk saw; keeps the ones not done', async () => {
    const sent: BulkSubmission[] = [];
    const actor = createActor(
      orderBulkMachine.provide({
        actors: {
          submitBulk: fromPromise<BulkAnswer, BulkSubmission>(async ({ input }) => {
            sent.push(input);
            return {
              action: input.action,
              results: [
                { id: 1, outcome: 'done', order: order(1, 'checking', { version: 4 }) },
                {
                  id: 2,
                  outcome: 'changed',
                  reason: 'version 5',
                  order: order(2, 'checking', { version: 5 }),
                },
              ],
            };
          }),
        },
      }),
    ).start();
    actor.send({
      type: 'selection.page',
      orders: [order(1, 'awaiting_warehouse'), order(2, 'awaiting_warehouse')],
      selected: true,
    });
    actor.send({ type: 'selection.toggle', order: order(3, 'prepared') });
    expect(selectEligibleCounts(actor.getSnapshot())).toEqual({
      check: 2,
      confirm: 0,
      ready: 1,
      send_to_1c: 0,
    });
    actor.send({ type: 'bulk.submit', action: 'confirm' });
    expect(actor.getSnapshot().matches('selecting')).toBe(true);
    actor.send({ type: 'bulk.submit', action: 'check' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([
      {
        action: 'check',
        orders: [
          { id: 1, version: 3 },
          { id: 2, version: 3 },
        ],
      },
    ]);
    const results = selectResults(actor.getSnapshot());
    expect(results?.counts).toEqual({ done: 1, changed: 1, not_allowed: 0, not_found: 0 });
    expect(results?.rows.map((row) => row.number)).toEqual(['000001', '000002']);
    expect(actor.getSnapshot().context.selected.map((o) => [o.id, o.version, o.status])).toEqual([
      [2, 5, 'checking'],
      [3, 3, 'prepared'],
    ]);
    actor.send({ type: 'results.dismiss' });
    expect(selectResults(actor.getSnapshot())).toBeNull();
  });
});

describe('the queue address', () => {
  it('reads and writes every parameter, and keeps the keyset only for the default order past page 1', () => {
    const search = new URLSearchParams(
      'tab=ready&q=rusu&page=3&pageSize=50&sort=amount&dir=asc&delivery=pickup&payment=card&paymentState=paid&from=2026-01-01&to=2026-02-01&after=99',
    );
    const params = readListParams(search);
    expect(params).toEqual({
      tab: 'ready',
      q: 'rusu',
      page: 3,
      pageSize: 50,
      sort: 'amount',
      dir: 'asc',
      delivery: 'pickup',
      payment: 'card',
      paymentState: 'paid',
      from: '2026-01-01',
      to: '2026-02-01',
    });
    expect(readListParams(writeListParams(params))).toEqual(params);
    const keyset = readListParams(new URLSearchParams('page=2&after=99'));
    expect(keyset.after).toBe(99);
    expect(isNewestFirst(keyset)).toBe(true);
    expect(readListParams(new URLSearchParams('after=99')).after).toBeUndefined();
    expect(readListParams(new URLSearchParams('sort=colour&from=yesterday&tab=x'))).toEqual({
      tab: 'new',
      q: '',
      page: 1,
      pageSize: 20,
    });
  });
});
