// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderDetailPage from '#src/features/orders/mine/order-detail-page.tsx';
import WarehouseReturnPage from '#src/features/orders/returns/warehouse-return-page.tsx';
import WarehouseOrdersPage from '#src/features/orders/warehouse/warehouse-orders-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import type * as ClientModule from '#src/api/client.ts';
import { renderScreen } from '#tests/support/render-screen.tsx';
import { makeLine, makeOrder } from '#tests/support/order-fixtures.ts';
import { orders } from './fake-orders.ts';
import { returns } from './fake-returns.ts';

vi.mock('#src/api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ClientModule>();
  const { FAKE_BASE } = await import('./fake-orders.ts');
  const { returns: fake } = await import('./fake-returns.ts');
  return {
    ...actual,
    api: actual.createApiClient({
      baseUrl: FAKE_BASE,
      fetch: (request) => fake.handle(request),
      getToken: () => 'jwt',
    }),
  };
});

vi.mock('#src/session/auth-context.tsx', () => ({
  useAuthSelector: <T,>(selector: (snapshot: { context: { role: string } }) => T): T =>
    selector({ context: { role: 'partner' } }),
}));

beforeAll(async () => {
  await activateLocale('en');
});

beforeEach(() => {
  returns.reset();
});

afterEach(() => {
  cleanup();
});

/** A received cash order: 2 × 100.00 (5 PV), 1 × 50.00 (2.5 PV) at a promotion price of 40.00, 3 × 20.00 (6 PV). */
function completedOrder() {
  return orders.put(
    makeOrder({
      status: 'completed',
      paymentState: 'not_required',
      lines: [
        makeLine(11, 2, 10_000, 5),
        { ...makeLine(12, 1, 5_000, 2.5), promoPrice: 4_000 },
        makeLine(13, 3, 2_000, 6),
      ],
    }),
  );
}

function renderMyOrder(id: number) {
  return renderScreen(<OrderDetailPage />, `/my-orders/${id}`, [
    { path: '/my-orders/:orderId', element: <OrderDetailPage /> },
  ]);
}

function renderStaffReturn(id: number) {
  return renderScreen(<WarehouseReturnPage />, `/my-orders-warehouse/returns/${id}`, [
    { path: '/my-orders-warehouse/returns/:returnId', element: <WarehouseReturnPage /> },
  ]);
}

/** The first screen of a test loads the page's chunks cold: more than the default second on a busy machine. */
const LOADED = { timeout: 5000 };

const returnRequests = () => returns.requests.filter((request) => request.method === 'POST');

describe('the distributor’s return request', () => {
  it('computes the refund and PV from the chosen lines and reason, and sends one request with a key', async () => {
    completedOrder();
    renderMyOrder(42);
    fireEvent.click(await screen.findByRole('button', { name: 'Return goods' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Return goods of order 000042' });
    const totals = within(dialog).getByTestId('return-totals');
    // Nothing chosen: nothing to refund, and Send says why instead of sending.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the return request' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Choose the reason of the return.',
    );
    expect(returnRequests()).toHaveLength(0);

    const lipstick = within(dialog).getByRole('spinbutton', { name: 'Units of Product 11 to return' });
    expect(lipstick.getAttribute('aria-valuemax')).toBe('2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase: Units of Product 11 to return' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase: Units of Product 12 to return' }));
    // The promotion price is what was paid: 100.00 + 40.00.
    expect(within(totals).getByText(/140\.00/)).toBeTruthy();
    expect(totals.querySelector('[data-total="points"]')?.textContent).toBe('7.5');
    expect(
      within(dialog).getByRole('button', { name: 'Increase: Units of Product 12 to return' }),
    ).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Faulty product/ }));
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), {
      target: { value: ' Broken cap ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the return request' }));

    const section = await screen.findByRole('region', { name: 'Returns' });
    await within(section).findByRole('heading', { name: /Return 000042-R1/ });
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = returnRequests();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/orders/42/returns');
    expect(sent[0]?.body).toEqual({
      reason: 'faulty',
      comment: 'Broken cap',
      lines: [
        { productId: 111, quantity: 1 },
        { productId: 112, quantity: 1 },
      ],
    });
    expect((sent[0] as unknown as { key: string }).key).toMatch(/^[0-9a-f-]{36}$/);
    expect(section.querySelector('[data-return-status="requested"]')).toBeTruthy();
  });

  it('refunds 90% for unopened goods after 14 days and closes a reason whose period is over', async () => {
    completedOrder();
    returns.windows = [
      { reason: 'faulty', until: '2026-12-04T10:00:00.000Z', ratePercent: 100, open: false },
      { reason: 'wrong_item', until: '2026-12-04T10:00:00.000Z', ratePercent: 100, open: false },
      { reason: 'unopened', until: '2027-11-20T10:00:00.000Z', ratePercent: 90, open: true },
    ];
    renderMyOrder(42);
    fireEvent.click(await screen.findByRole('button', { name: 'Return goods' }, LOADED));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /Faulty product/ })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Unopened/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase: Units of Product 13 to return' }));
    // 20.00 × 90% = 18.00.
    expect(
      within(dialog).getByTestId('return-totals').querySelector('[data-total="refund"]')?.textContent,
    ).toMatch(/18\.00.*\(90%\)/);
  });

  it('marks the line the server refused and keeps the draft', async () => {
    completedOrder();
    renderMyOrder(42);
    fireEvent.click(await screen.findByRole('button', { name: 'Return goods' }, LOADED));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Wrong product/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase: Units of Product 13 to return' }));
    // Someone (another tab) returned the units meanwhile: the server refuses the line.
    returns.create(orders.get(42), 'faulty', [{ productId: 113, quantity: 3 }], null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the return request' }));
    expect(await within(dialog).findByText('More than may still be returned.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The return was not accepted: see the marked lines.',
    );
    expect(within(dialog).getByRole('radio', { name: /Wrong product/ })).toHaveProperty('checked', true);
  });

  it('cancels a requested return after a confirmation', async () => {
    const order = completedOrder();
    returns.create(order, 'faulty', [{ productId: 111, quantity: 1 }], null);
    renderMyOrder(42);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the return request' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel return 000042-R1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the return request' }));
    await waitFor(() =>
      expect(document.querySelector('.return-details[data-return-status="cancelled"]')).toBeTruthy(),
    );
    expect(returnRequests().map((request) => [request.path, request.body])).toEqual([
      ['/returns/1/cancel', { version: 1 }],
    ]);
  });
});

describe('the warehouse’s return page', () => {
  it('receives the goods (received and damaged per line), then accepts the return', async () => {
    const order = completedOrder();
    returns.create(
      order,
      'faulty',
      [
        { productId: 111, quantity: 2 },
        { productId: 113, quantity: 1 },
      ],
      'Cracked',
    );
    renderStaffReturn(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Return 000042-R1' }, LOADED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the return' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enter the goods received' }));
    const form = await screen.findByRole('form', { name: 'Goods received for return 000042-R1' });
    expect(document.activeElement).toBe(
      within(form).getByRole('spinbutton', { name: 'Units of Product 11 received' }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Decrease: Units of Product 11 received' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Increase: Units of Product 11 damaged' }));
    // Damaged never exceeds what was received.
    expect(
      within(form).getByRole('button', { name: 'Increase: Units of Product 11 damaged' }),
    ).toHaveProperty('disabled', true);
    fireEvent.click(within(form).getByRole('button', { name: 'Save the receipt' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the return' }));
    await waitFor(() => expect(document.querySelector('[data-return-status="accepted"]')).toBeTruthy());
    expect(screen.getByText('Credit noted on the order')).toBeTruthy();
    expect(returnRequests().map((request) => [request.path, request.body])).toEqual([
      [
        '/returns/1/receive',
        {
          version: 1,
          lines: [
            { productId: 111, received: 1, damaged: 1 },
            { productId: 113, received: 1, damaged: 0 },
          ],
        },
      ],
      ['/returns/1/accept', { version: 2 }],
    ]);
  });

  it('needs a comment to refuse', async () => {
    const order = completedOrder();
    returns.create(order, 'unopened', [{ productId: 111, quantity: 1 }], null);
    renderStaffReturn(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse the return' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse return 000042-R1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse the return' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/Write why the return is refused/);
    expect(returnRequests()).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'The box was opened' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse the return' }));
    expect(await screen.findByText('Refused by the warehouse: The box was opened')).toBeTruthy();
  });

  it('says someone else changed the return and shows the fresh one after a stale version', async () => {
    const order = completedOrder();
    returns.create(order, 'faulty', [{ productId: 111, quantity: 1 }], null);
    renderStaffReturn(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the goods received' }, LOADED));
    returns.touch(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Save the receipt' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Someone else changed this return a moment ago/);
    await waitFor(() => expect(document.querySelector('[data-return-version="2"]')).toBeTruthy());
    expect(returns.returns.get(1)?.status).toBe('requested');
  });
});

describe('the warehouse queue’s Returns tab', () => {
  it('counts the waiting returns in the tab, filters by status with counts and says the oldest one’s age', async () => {
    const order = completedOrder();
    returns.create(order, 'faulty', [{ productId: 111, quantity: 1 }], null);
    const accepted = returns.create(order, 'unopened', [{ productId: 113, quantity: 1 }], null);
    returns.put({ ...accepted, status: 'accepted', version: 3 });
    renderScreen(<WarehouseOrdersPage />, '/my-orders-warehouse?tab=returns');
    const tab = await screen.findByRole('tab', { name: 'Returns (1 waiting)' }, LOADED);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const group = await screen.findByRole('group', { name: 'Returns by status' });
    await within(group).findByRole('button', { name: 'Requested (1)' });
    expect(within(group).getByRole('button', { name: 'Accepted (1)' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'All (2)' })).toBeTruthy();
    expect(screen.getByText(/The oldest waiting return was requested .* ago\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: '000042-R1' }).getAttribute('href')).toBe(
      '/my-orders-warehouse/returns/1',
    );
    fireEvent.click(within(group).getByRole('button', { name: 'Accepted (1)' }));
    expect(await screen.findByRole('link', { name: '000042-R2' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '000042-R1' })).toBeNull();
  });
});
