import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { applyFrame, type EventSourceLike, provideEvents, streamUrl } from '#src/session/events.actors.ts';
import {
  bagKeys,
  businessKeys,
  clientKeys,
  clientOrderKeys,
  networkKeys,
  orderKeys,
  returnKeys,
} from '#src/data/keys.ts';
import { liveKeys, onNetworkJoin } from '#src/data/live.ts';
import type { LiveOrderChange } from '#machines/events/events.types.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const change = (overrides: Partial<LiveOrderChange> = {}): LiveOrderChange => ({
  change: 'changed',
  orderId: 5,
  number: '000005',
  version: 4,
  status: 'confirmed',
  paymentState: 'need_pay',
  event: 'CONFIRM',
  actor: { id: 2, name: 'Victor Munteanu', role: 'warehouse' },
  at: '2026-01-01T00:00:00Z',
  ...overrides,
});

function seeded(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(orderKeys.detail(5), { id: 5, version: 3 });
  queryClient.setQueryData(orderKeys.mine('current', 1), { items: [] });
  queryClient.setQueryData(bagKeys.all(), { items: [] });
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated === true;

describe('live frames in the query cache', () => {
  it('a newer version refreshes that order and the lists; an old one leaves the order alone', () => {
    const queryClient = seeded();
    applyFrame({ queryClient, isStaff: false, userId: 9 }, { kind: 'order', data: change({ version: 3 }) });
    expect(invalidated(queryClient, orderKeys.detail(5))).toBe(false);
    expect(invalidated(queryClient, orderKeys.mine('current', 1))).toBe(true);
    applyFrame({ queryClient, isStaff: false, userId: 9 }, { kind: 'order', data: change() });
    expect(invalidated(queryClient, orderKeys.detail(5))).toBe(true);
    expect(invalidated(queryClient, bagKeys.all())).toBe(false);
  });

  it('a new order at the warehouse goes to the pill, not into the list under the user', () => {
    const queryClient = seeded();
    const created = change({
      change: 'created',
      orderId: 8,
      actor: { id: 30, name: 'Elena', role: 'partner' },
    });
    applyFrame({ queryClient, isStaff: true, userId: 2 }, { kind: 'order', data: created });
    applyFrame({ queryClient, isStaff: true, userId: 2 }, { kind: 'order', data: created });
    expect(queryClient.getQueryData(liveKeys.arrivedOrders())).toEqual([8]);
    expect(invalidated(queryClient, orderKeys.mine('current', 1))).toBe(false);
  });

  it('bag, presence and reset', () => {
    const queryClient = seeded();
    const deps = { queryClient, isStaff: true, userId: 2 };
    applyFrame(deps, { kind: 'bag' });
    expect(invalidated(queryClient, bagKeys.all())).toBe(true);
    applyFrame(deps, {
      kind: 'presence',
      data: { orderId: 5, viewers: [{ userId: 3, name: 'Natalia Lungu' }] },
    });
    expect(queryClient.getQueryData(liveKeys.presence(5))).toEqual([{ userId: 3, name: 'Natalia Lungu' }]);
    applyFrame(deps, { kind: 'reset' });
    expect(invalidated(queryClient, orderKeys.detail(5))).toBe(true);
  });

  it('volumes refresh every business figure and the network, and nothing of the orders or the bag', () => {
    const queryClient = seeded();
    queryClient.setQueryData(businessKeys.myInfo(), { rank: 'manager' });
    queryClient.setQueryData(businessKeys.bonusEstimate(), { total: 0 });
    queryClient.setQueryData(businessKeys.closedStats(), { months: [] });
    queryClient.setQueryData(networkKeys.node(7), { id: 7 });
    applyFrame(
      { queryClient, isStaff: false, userId: 9 },
      { kind: 'volumes', data: { period: '2026-10', at: '2026-10-05T10:00:00Z' } },
    );
    for (const key of [
      businessKeys.myInfo(),
      businessKeys.bonusEstimate(),
      businessKeys.closedStats(),
      networkKeys.node(7),
    ])
      expect(invalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    expect(invalidated(queryClient, orderKeys.mine('current', 1))).toBe(false);
    expect(invalidated(queryClient, bagKeys.all())).toBe(false);
  });

  it('a distributor joining the downline refreshes the network and the figures and tells the tree, not the orders', () => {
    const queryClient = seeded();
    queryClient.setQueryData(businessKeys.myInfo(), { rank: 'manager' });
    queryClient.setQueryData(networkKeys.node(7), { id: 7 });
    const told: number[] = [];
    const stop = onNetworkJoin((sponsorId) => told.push(sponsorId));
    try {
      applyFrame(
        { queryClient, isStaff: false, userId: 9 },
        {
          kind: 'network',
          data: { change: 'joined', memberId: 31, sponsorId: 7, at: '2026-11-29T10:00:00Z' },
        },
      );
    } finally {
      stop();
    }
    expect(invalidated(queryClient, businessKeys.myInfo())).toBe(true);
    expect(invalidated(queryClient, networkKeys.node(7))).toBe(true);
    expect(invalidated(queryClient, orderKeys.mine('current', 1))).toBe(false);
    expect(told).toEqual([7]);
  });

  it("a client of the user's shop ordering refreshes Client orders and the client base, not the orders", () => {
    const queryClient = seeded();
    queryClient.setQueryData(clientOrderKeys.latest(5), []);
    queryClient.setQueryData(clientKeys.detail(4), { id: 4 });
    applyFrame(
      { queryClient, isStaff: false, userId: 9 },
      {
        kind: 'client_order',
        data: {
          orderId: 51,
          number: 'W-51',
          clientId: 4,
          clientName: 'Ana Rusu',
          at: '2026-11-29T12:00:00Z',
        },
      },
    );
    expect(invalidated(queryClient, clientOrderKeys.latest(5))).toBe(true);
    expect(invalidated(queryClient, clientKeys.detail(4))).toBe(true);
    expect(invalidated(queryClient, orderKeys.mine('current', 1))).toBe(false);
  });

  it("someone signing up in the user's shop refreshes the client base, not Client orders nor the orders", () => {
    const queryClient = seeded();
    queryClient.setQueryData(clientOrderKeys.latest(5), []);
    queryClient.setQueryData(clientKeys.detail(4), { id: 4 });
    applyFrame(
      { queryClient, isStaff: false, userId: 9 },
      { kind: 'shop_client', data: { clientId: 8, clientName: 'Ion Rusu', at: '2026-11-29T12:00:00Z' } },
    );
    expect(invalidated(queryClient, clientKeys.detail(4))).toBe(true);
    expect(invalidated(queryClient, clientOrderKeys.latest(5))).toBe(false);
    expect(invalidated(queryClient, orderKeys.mine('current', 1))).toBe(false);
  });

  it("a return's change refreshes that return when older, its order's returns and the queue, not the orders", () => {
    const queryClient = seeded();
    queryClient.setQueryData(returnKeys.detail(3), { id: 3, version: 2 });
    queryClient.setQueryData(returnKeys.detail(4), { id: 4, version: 5 });
    queryClient.setQueryData(returnKeys.ofOrderVersion(5, 3), { items: [] });
    queryClient.setQueryData(returnKeys.ofOrderVersion(6, 1), { items: [] });
    queryClient.setQueryData(returnKeys.queue('waiting', 1), { items: [] });
    const frame = (returnId: number, version: number) =>
      ({
        kind: 'return',
        data: {
          change: 'changed',
          returnId,
          orderId: 5,
          version,
          status: 'received',
          refundState: 'none',
          at: '2026-10-05T10:00:00Z',
        },
      }) as const;
    applyFrame({ queryClient, isStaff: true, userId: 2 }, frame(3, 3));
    applyFrame({ queryClient, isStaff: true, userId: 2 }, frame(4, 5));
    expect(invalidated(queryClient, returnKeys.detail(3))).toBe(true);
    // A frame no newer than the copy shown (the user's own action's answer came first) leaves it alone.
    expect(invalidated(queryClient, returnKeys.detail(4))).toBe(false);
    expect(invalidated(queryClient, returnKeys.ofOrderVersion(5, 3))).toBe(true);
    expect(invalidated(queryClient, returnKeys.ofOrderVersion(6, 1))).toBe(false);
    expect(invalidated(queryClient, returnKeys.queue('waiting', 1))).toBe(true);
    expect(invalidated(queryClient, orderKeys.detail(5))).toBe(false);
    expect(invalidated(queryClient, orderKeys.mine('current', 1))).toBe(false);
  });
});

class FakeSource implements EventSourceLike {
  closed = false;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = ''): void {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

describe('the provided events machine', () => {
  it('opens an EventSource with the ticket, applies frames, and after an error resumes after the last id', async () => {
    const queryClient = seeded();
    const sources: FakeSource[] = [];
    let tickets = 0;
    const actor = createActor(
      provideEvents({
        queryClient,
        isStaff: false,
        userId: 9,
        openTicket: async () => ({ ticket: `ticket-${(tickets += 1)}` }),
        openEventSource: (url) => {
          const source = new FakeSource(url);
          sources.push(source);
          return source;
        },
      }),
      { input: { lastEventId: null } },
    );
    actor.start();
    await flush();
    expect(sources[0]?.url).toBe(streamUrl('/api/v3', { ticket: 'ticket-1', lastEventId: null }));
    sources[0]?.emit('ready', { position: 10 }, '10');
    sources[0]?.emit('order', change(), '11');
    expect(invalidated(queryClient, orderKeys.detail(5))).toBe(true);
    // A `shop_client` frame is listened to and applied like the others.
    queryClient.setQueryData(clientKeys.detail(4), { id: 4 });
    sources[0]?.emit(
      'shop_client',
      { clientId: 8, clientName: 'Ion Rusu', at: '2026-11-29T12:00:00Z' },
      '11',
    );
    expect(invalidated(queryClient, clientKeys.detail(4))).toBe(true);
    sources[0]?.emit('error', {});
    expect(sources[0]?.closed).toBe(true);
    expect(actor.getSnapshot().value).toBe('waiting');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(sources[1]?.url).toBe('/api/v3/events?ticket=ticket-2&lastEventId=11');
    actor.stop();
  });
});
