// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  QuickOrderAdded,
  QuickOrderLine,
  QuickOrderResolution,
} from '#machines/quick-order/quick-order.types.ts';
import { bagKeys } from '#src/data/keys.ts';
import { QuickOrderPanel } from '#src/features/shop/quick-order/quick-order-panel.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { renderScreen } from '#tests/support/render-screen.tsx';
import type * as ClientModule from '#src/api/client.ts';
import type * as ToastModule from '#src/ui/toast.ts';
import { product } from './fake-shop.ts';

/** A server for the two order-by-code calls: answers set by the test, every request kept. */
const server = vi.hoisted(() => ({
  requests: [] as Array<{ path: string; key: string | null; body: unknown }>,
  resolve: (_text: string): unknown => ({ lines: [] }),
  add: (_text: string): unknown => ({ lines: [], cart: null }),
  status: 200,
}));

vi.mock('#src/api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ClientModule>();
  return {
    ...actual,
    api: actual.createApiClient({
      baseUrl: 'http://shop.test/api/v3',
      getToken: () => 'jwt',
      fetch: async (request) => {
        const path = new URL(request.url).pathname.replace(/^\/api\/v3/, '');
        const body = (await request.json()) as { text: string };
        server.requests.push({ path, key: request.headers.get('Idempotency-Key'), body });
        const answer = path === '/goods/by-codes' ? server.resolve(body.text) : server.add(body.text);
        return new Response(JSON.stringify(answer), {
          status: server.status,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  };
});

const toasts = vi.hoisted(() => ({ success: [] as string[] }));
vi.mock('#src/ui/toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showSuccessToast: (text: string) => void toasts.success.push(text) };
});

const lipstick = product({ id: 7, sku: 'PF-1024', en: 'Velvet lipstick', price: 12_000, points: 4 });

const okLine: QuickOrderLine = {
  index: 1,
  input: 'PF-1024 2',
  code: 'PF-1024',
  quantity: 2,
  status: 'ok',
  product: lipstick,
  available: 10,
  inBag: 0,
  toAdd: 2,
  duplicateOf: null,
};
const unknownLine: QuickOrderLine = {
  index: 2,
  input: 'XX-0000',
  code: 'XX-0000',
  quantity: 1,
  status: 'unknown',
  product: null,
  available: 0,
  inBag: 0,
  toAdd: 0,
  duplicateOf: null,
};
const cart = {
  items: [{ productId: 7, quantity: 2, product: lipstick, amount: 24_000, points: 8 }],
  totals: { itemCount: 2, amount: 24_000, discount: 0, finalCost: 24_000, points: 8 },
  currency: 'MDL',
};

beforeAll(async () => {
  await activateLocale('en');
});

beforeEach(() => {
  server.requests = [];
  server.status = 200;
  toasts.success = [];
  // The server's reading of the texts the tests type (the first entry alone, both, the unknown code alone).
  server.resolve = (text): QuickOrderResolution => ({
    lines:
      text === 'XX-0000'
        ? [{ ...unknownLine, index: 1 }]
        : text.includes('XX-0000')
          ? [okLine, unknownLine]
          : [okLine],
  });
  server.add = (): QuickOrderAdded => ({
    lines: [
      { ...okLine, added: 2 },
      { ...unknownLine, added: 0 },
    ],
    cart,
  });
});

afterEach(() => {
  cleanup();
});

describe('the order-by-code panel', () => {
  it('opens from its heading button, reads the entries as typed, and adds with Ctrl+Enter', async () => {
    const { queryClient } = renderScreen(<QuickOrderPanel />);
    const toggle = screen.getByRole('button', { name: 'Order by code' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    // The form is its own chunk, loaded on the first open: a busy machine may take over a second to compile it.
    const text = await screen.findByRole<HTMLTextAreaElement>(
      'textbox',
      { name: 'Product codes and quantities' },
      { timeout: 10_000 },
    );
    fireEvent.change(text, { target: { value: 'PF-1024 2\nXX-0000' } });
    expect(await screen.findByText('1 of 2 entries can be added')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 of 2 entries can be added');
    const entries = screen.getByRole('list', { name: 'Entries read' });
    const [first, second] = within(entries).getAllByRole('listitem');
    expect(first?.textContent).toContain('Velvet lipstick');
    expect(first?.textContent).toContain('Will be added: 2 pcs');
    expect(second?.textContent).toContain('Unknown code: no product has the code XX-0000.');
    expect(server.requests).toEqual([
      { path: '/goods/by-codes', key: null, body: { text: 'PF-1024 2\nXX-0000' } },
    ]);

    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(toasts.success).toEqual(['1 product added to the bag']));
    const adds = server.requests.filter((request) => request.path === '/orders/cart/add-by-codes');
    expect(adds).toHaveLength(1);
    expect(adds[0]?.key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(queryClient.getQueryData(bagKeys.all())).toEqual(cart);
    // Only the entry not added stays, read again.
    await waitFor(() => expect(text.value).toBe('XX-0000'));
    expect(await screen.findByText('0 of 1 entry can be added')).toBeTruthy();
  });

  it('says why reading failed, keeps the text, and reads it again on "Try again"', async () => {
    server.status = 500;
    server.resolve = () => ({ status: 500, code: 'INTERNAL', title: 'Server error', translations: {} });
    renderScreen(<QuickOrderPanel defaultOpen />);
    const text = await screen.findByRole<HTMLTextAreaElement>('textbox', {
      name: 'Product codes and quantities',
    });
    fireEvent.change(text, { target: { value: 'PF-1024 2' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The codes could not be checked.');
    expect(text.value).toBe('PF-1024 2');
    server.status = 200;
    server.resolve = () => ({ lines: [okLine] });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 of 1 entry can be added')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
