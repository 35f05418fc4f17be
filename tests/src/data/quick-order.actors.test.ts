import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Cart, QuickOrderAdded, QuickOrderLine } from '#machines/quick-order/quick-order.types.ts';
import { createApiClient } from '#src/api/client.ts';
import { bagKeys } from '#src/data/keys.ts';
import { createQuickOrderApi, provideQuickOrder } from '#src/data/quick-order.actors.ts';

/** The order-by-code machine as the app provides it (`provideQuickOrder(deps)`), over a fake server. */

const BASE = 'http://api.test/api/v3';

const okLine: QuickOrderLine = {
  index: 1,
  input: 'PF-1024 2',
  code: 'PF-1024',
  quantity: 2,
  status: 'ok',
  product: null,
  available: 10,
  inBag: 0,
  toAdd: 2,
  duplicateOf: null,
};
const cart: Cart = {
  items: [],
  totals: { itemCount: 2, amount: 0, discount: 0, finalCost: 0, points: 0 },
  currency: 'MDL',
};
const added: QuickOrderAdded = { lines: [{ ...okLine, added: 2 }], cart };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createQuickOrderApi', () => {
  it('sends the text to read, and the add with its Idempotency-Key', async () => {
    const seen: Request[] = [];
    const client = createApiClient({
      baseUrl: BASE,
      fetch: async (request) => {
        seen.push(request.clone());
        return json(200, request.url.endsWith('/goods/by-codes') ? { lines: [okLine] } : added);
      },
      getToken: () => 'jwt',
      getLanguage: () => 'ru',
    });
    const calls = createQuickOrderApi(client);
    expect(await calls.resolve('PF-1024 2')).toEqual({ lines: [okLine] });
    expect(await calls.add({ key: 'key-12345678', text: 'PF-1024 2' })).toEqual(added);
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/v3/goods/by-codes',
      'POST /api/v3/orders/cart/add-by-codes',
    ]);
    expect(await seen[0]?.json()).toEqual({ text: 'PF-1024 2' });
    expect(seen[0]?.headers.get('Idempotency-Key')).toBeNull();
    expect(await seen[1]?.json()).toEqual({ text: 'PF-1024 2' });
    expect(seen[1]?.headers.get('Idempotency-Key')).toBe('key-12345678');
  });
});

describe('provideQuickOrder', () => {
  it('stores the bag the add answers, and repeats the key of an add whose answer was lost', async () => {
    const queryClient = new QueryClient();
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    const add = vi
      .fn<(attempt: { key: string; text: string }) => Promise<QuickOrderAdded>>()
      .mockRejectedValueOnce({ status: 500, code: 'NETWORK_ERROR' })
      .mockResolvedValueOnce(added);
    const resolve = vi.fn(async () => ({ lines: [okLine] }));
    let keys = 0;
    const actor = createActor(
      provideQuickOrder({
        api: { resolve, add },
        queryClient,
        newIdempotencyKey: () => `key-${(keys += 1)}-abcdefgh`,
      }),
    ).start();
    actor.send({ type: 'text.changed', text: 'PF-1024 2' });
    actor.send({ type: 'add' });
    await waitFor(actor, (snapshot) => snapshot.matches('addFailed'));
    // The bag may hold the entries now: it is read again.
    expect(refresh).toHaveBeenCalledWith({ queryKey: bagKeys.all() });
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(add.mock.calls.map(([attempt]) => attempt)).toEqual([
      { key: 'key-1-abcdefgh', text: 'PF-1024 2' },
      { key: 'key-1-abcdefgh', text: 'PF-1024 2' },
    ]);
    expect(resolve).toHaveBeenCalledWith('PF-1024 2', expect.any(AbortSignal));
    expect(queryClient.getQueryData(bagKeys.all())).toEqual(cart);
  });
});
