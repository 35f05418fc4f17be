// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import OrderDetailPage from '#src/features/orders/mine/order-detail-page.tsx';
import WarehouseOrderPage from '#src/features/orders/warehouse/warehouse-order-page.tsx';
import WarehouseOrdersPage from '#src/features/orders/warehouse/warehouse-orders-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import type * as ClientModule from '#src/api/client.ts';
import { renderScreen } from '#tests/support/render-screen.tsx';
import { makeLine, makeOrder } from '#tests/support/order-fixtures.ts';
import { orders } from './fake-orders.ts';

vi.mock('#src/api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ClientModule>();
  const { orders: fake, FAKE_BASE } = await import('./fake-orders.ts');
  return {
    ...actual,
    api: actual.createApiClient({
      baseUrl: FAKE_BASE,
      fetch: (request) => fake.handle(request),
      getToken: () => 'jwt',
    }),
  };
});

// The auth machine's snapshot, reduced to what the role selectors read (a partner: volumes, pickup threshold).
vi.mock('#src/session/auth-context.tsx', () => ({
  useAuthSelector: <T,>(selector: (snapshot: { context: { role: string } }) => T): T =>
    selector({ context: { role: 'partner' } }),
}));

beforeAll(async () => {
  await activateLocale('en');
});

beforeEach(() => {
  orders.reset();
});

afterEach(() => {
  cleanup();
});

const actionButtons = () =>
  Array.from(document.querySelectorAll('[data-action]')).map((node) => node.getAttribute('data-action'));

function renderWarehouseOrder(id: number) {
  return renderScreen(<WarehouseOrderPage />, `/my-orders-warehouse/${id}`, [
    { path: '/my-orders-warehouse/:id', element: <WarehouseOrderPage /> },
  ]);
}

function renderMyOrder(id: number) {
  return renderScreen(<OrderDetailPage />, `/my-orders/${id}`, [
    { path: '/my-orders/:orderId', element: <OrderDetailPage /> },
  ]);
}

describe('the warehouse order page', () => {
  it('shows the stock on hand, marks the short line, disables Confirm with its reason and pre-fills the editor', async () => {
    const lines = [
      { ...makeLine(11, 2, 10_000, 5), stockOnHand: 9 },
      {
        ...makeLine(12, 3, 5_000, 2.5),
        stockOnHand: 1,
        substitute: {
          productId: 140,
          sku: 'MAS-02',
          name: { ru: 'Тушь 2', en: 'Mascara 2', ro: 'Rimel 2', uk: 'Туш 2', it: 'Mascara 2' },
          price: 5_200,
        },
      },
    ];
    orders.put(makeOrder({ status: 'checking', version: 3, lines }));
    renderWarehouseOrder(42);
    const table = await screen.findByRole('table', { name: 'Products of order 000042' });
    const short = within(table).getByRole('row', { name: /Product 12/ });
    expect(short.hasAttribute('data-short')).toBe(true);
    expect(within(short).getByText('Short')).toBeTruthy();
    expect(within(short).getByText(/Suggested instead: Mascara 2 \(MAS-02\)/)).toBeTruthy();
    expect(
      within(table)
        .getByRole('row', { name: /Product 11/ })
        .hasAttribute('data-short'),
    ).toBe(false);

    const confirm = screen.getByRole('button', {
      name: 'Confirm',
      description: /Not enough stock on hand for: Product 12/,
    });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(actionButtons()).not.toContain('order.confirm');

    fireEvent.click(screen.getByRole('button', { name: 'Confirm partially' }));
    const editor = screen.getByRole('form', { name: 'Confirm partially' });
    const quantity = (name: RegExp) =>
      within(editor).getByRole<HTMLInputElement>('spinbutton', { name }).value;
    expect(quantity(/Product 11/)).toBe('2');
    expect(quantity(/Product 12/)).toBe('1');
    expect(within(editor).queryByRole('alert')).toBeNull();
    expect(editor.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('shows every order field, the lines and the history', async () => {
    orders.put(
      makeOrder({
        comment: 'Please call first',
        courierComment: null,
        warehouseNumber: 'CHI-000042',
        warehouseTotal: 31_000,
        history: [
          {
            id: 1,
            at: '2026-11-20T10:00:00.000Z',
            actor: { id: 7, fullName: 'Ana Popescu', role: 'partner' },
            from: null,
            to: 'placed',
            event: 'CREATE',
            comment: 'Please call first',
            changedLines: [],
          },
          {
            id: 2,
            at: '2026-11-20T10:00:01.000Z',
            actor: null,
            from: 'placed',
            to: 'awaiting_warehouse',
            event: 'SUBMIT',
            comment: null,
            changedLines: [],
          },
        ],
      }),
    );
    renderWarehouseOrder(42);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order No. 000042' })).toBeTruthy();
    for (const label of [
      'Created',
      'Updated',
      'Payment-order status',
      'Warehouse number',
      'Warehouse total',
      'Final cost',
      'PRN',
    ]) {
      expect(screen.getByText(label), label).toBeTruthy();
    }
    // Empty fields are not shown as rows of "—".
    for (const label of ['Reason to cancel', 'Comment to courier', 'Online payment link', 'Discount']) {
      expect(screen.queryByText(label, { selector: 'dt' }), label).toBeNull();
    }
    expect(screen.queryByText('—')).toBeNull();
    expect(screen.getByText('CHI-000042')).toBeTruthy();
    expect(screen.getByText('Ana Popescu', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('City centre pickup point', { exact: false })).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Products of order 000042' });
    expect(within(lines).getAllByRole('row')).toHaveLength(1 + 3 + 1);
    expect(within(lines).getByRole('rowheader', { name: /Product 11/ })).toBeTruthy();
    const history = screen.getByRole('heading', { name: 'History' }).parentElement;
    expect(history?.querySelectorAll('li[data-event]')).toHaveLength(2);
    expect(within(history as HTMLElement).getByText('Order placed')).toBeTruthy();
    expect(within(history as HTMLElement).getByText(/System/)).toBeTruthy();
  });

  it('offers only the actions the lifecycle allows and sends one with the version', async () => {
    orders.put(makeOrder());
    renderWarehouseOrder(42);
    await screen.findByRole('button', { name: 'Start checking' });
    expect(actionButtons()).toEqual(['check.start', 'order.decline']);
    fireEvent.click(screen.getByRole('button', { name: 'Start checking' }));
    await waitFor(() =>
      expect(actionButtons()).toEqual([
        'order.confirm',
        'order.confirmPartial',
        'order.reject',
        'order.decline',
      ]),
    );
    const sent = orders.requests.find((request) => request.path === '/orders/set/42/status');
    expect(sent?.query.get('status')).toBe('checking');
    expect(sent?.query.get('version')).toBe('2');
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain(
      'Checking availability',
    );
  });

  it('edits a partial confirmation with live totals, needs a note and sends the new quantities', async () => {
    orders.put(makeOrder({ status: 'checking', version: 3 }));
    renderWarehouseOrder(42);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm partially' }));
    const editor = screen.getByRole('form', { name: 'Confirm partially' });
    const totals = within(editor).getByTestId('partial-totals');
    expect(within(totals).getByText('MDL 310.00', { selector: 'strong' })).toBeTruthy();
    // Opens without a problem showing: the first message waits for a change or a submit.
    expect(within(editor).queryByText(/Reduce at least one line/)).toBeNull();
    // Each line is the shared stepper: typing is applied on Enter (or when the field loses focus).
    const field = (name: RegExp) => within(editor).getByRole<HTMLInputElement>('spinbutton', { name });
    fireEvent.change(field(/Product 13/), { target: { value: '1' } });
    fireEvent.keyDown(field(/Product 13/), { key: 'Enter' });
    expect(within(totals).getByText('MDL 270.00', { selector: 'strong' })).toBeTruthy();
    expect(within(totals).getByText('18.5', { selector: 'strong' })).toBeTruthy();
    // More than requested is held at the requested quantity: the editor never sends one out of range.
    fireEvent.change(field(/Product 12/), { target: { value: '5' } });
    fireEvent.blur(field(/Product 12/));
    expect(field(/Product 12/).value).toBe('1');
    expect(field(/Product 12/).getAttribute('aria-valuemax')).toBe('1');
    expect(within(editor).queryByText(/whole number from 0 to the requested quantity/)).toBeNull();
    fireEvent.click(within(editor).getByRole('button', { name: 'Decrease: New quantity of Product 12' }));
    expect(field(/Product 12/).value).toBe('0');
    fireEvent.click(within(editor).getByRole('button', { name: 'Send to the distributor' }));
    expect(within(editor).getByRole('alert').textContent).toContain('Check the quantities and the note');
    expect(orders.requests.some((request) => request.path.endsWith('/confirm-partial'))).toBe(false);
    fireEvent.change(within(editor).getByRole('textbox', { name: /Note for the distributor/ }), {
      target: { value: 'Only one mascara left' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Send to the distributor' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Confirm partially' })).toBeNull());
    const sent = orders.requests.find((request) => request.path.endsWith('/confirm-partial'));
    expect(sent?.body).toEqual({
      version: 3,
      note: 'Only one mascara left',
      lines: [
        { lineId: 11, quantity: 2 },
        { lineId: 12, quantity: 0 },
        { lineId: 13, quantity: 1 },
      ],
    });
    expect(orders.get(42).status).toBe('awaiting_distributor');
    expect(actionButtons()).toEqual(['order.decline']);
  });

  it('needs a reason to decline and shows it afterwards', async () => {
    orders.put(makeOrder({ status: 'checking', version: 3 }));
    renderWarehouseOrder(42);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: `Decline the order: order ${orders.get(42).number}?` });
    const form = within(dialog).getByRole('form');
    fireEvent.click(within(form).getByRole('button', { name: 'Decline the order' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Write the reason: the distributor will see it.',
    );
    expect(orders.requests.some((request) => request.path.endsWith('/decline'))).toBe(false);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Customer asked by phone' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Decline the order' }));
    await waitFor(() => expect(orders.get(42).status).toBe('cancelled_by_warehouse'));
    const sent = orders.requests.find((request) => request.path.endsWith('/decline'));
    expect(sent?.query.get('comment')).toBe('Customer asked by phone');
    expect(await screen.findByText('Customer asked by phone', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('No action is possible on this order now.')).toBeTruthy();
    const heading = screen.getByRole('heading', { name: 'Cancelled by the warehouse' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const announced = screen.getAllByRole('status').map((region) => region.textContent);
    expect(announced).toContain(`Order ${orders.get(42).number} declined`);
  });

  it('says someone else changed the order and shows the fresh one after a stale version', async () => {
    orders.put(makeOrder({ status: 'checking', version: 3 }));
    renderWarehouseOrder(42);
    await screen.findByRole('button', { name: 'Confirm' });
    orders.touch(42, 'Changed by Natalia');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this order a moment ago');
    expect(orders.get(42).status).toBe('checking');
    expect(screen.getByText('Changed by Natalia', { selector: 'dd' })).toBeTruthy();
    expect(document.querySelector('.order-detail')?.getAttribute('data-order-version')).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(orders.get(42).status).toBe('confirmed'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("the distributor's order page", () => {
  it('shows a partial confirmation as before/after with the PV change and the pickup threshold', async () => {
    orders.role = 'distributor';
    const lines = [
      { ...makeLine(11, 2, 10_000, 10), confirmedQuantity: 1 },
      { ...makeLine(12, 1, 5_000, 8), confirmedQuantity: 0 },
    ];
    orders.put(
      makeOrder({ status: 'awaiting_distributor', version: 4, lines, partialNote: 'One jar broke' }),
    );
    renderMyOrder(42);
    const comparison = await screen.findByTestId('partial-comparison');
    const shown = (comparison.textContent ?? '').replace(/\s/g, ' ');
    expect(within(comparison).getByText('One jar broke')).toBeTruthy();
    expect(within(comparison).getByText('Reduced by 1')).toBeTruthy();
    expect(within(comparison).getByText('Removed')).toBeTruthy();
    expect(shown).toContain('MDL 250.00');
    expect(shown).toContain('MDL 100.00');
    expect(shown).toContain('−MDL 150.00');
    expect(shown).toContain('−18');
    expect(within(comparison).getByText(/no longer reaches the pickup threshold of 25 PV/)).toBeTruthy();
    expect(actionButtons()).toEqual(['partial.accept', 'partial.reject', 'order.cancel']);
    fireEvent.click(screen.getByRole('button', { name: 'Accept the changed order' }));
    await waitFor(() => expect(orders.get(42).status).toBe('confirmed'));
    expect(screen.queryByTestId('partial-comparison')).toBeNull();
    const sent = orders.requests.find((request) => request.path === '/orders/set/42/status');
    expect(sent?.query.get('status')).toBe('confirmed');
    expect(sent?.query.get('version')).toBe('4');
  });

  it('offers Pay by card for a confirmed card order waiting for payment', async () => {
    orders.role = 'distributor';
    orders.put(makeOrder({ status: 'confirmed', paymentMethod: 'card', paymentState: 'need_pay' }));
    renderMyOrder(42);
    await screen.findByRole('button', { name: 'Pay by card' });
    expect(actionButtons()).toEqual(['payment.pay', 'order.cancel']);
  });

  it('points a received order with nothing left to do to its returns, not to "no action"', async () => {
    orders.role = 'distributor';
    orders.put(makeOrder({ status: 'completed' }));
    renderMyOrder(42);
    const link = await screen.findByRole('link', { name: 'To return goods, see Returns below.' });
    expect(link.getAttribute('href')).toBe('#order-returns-title');
    expect(screen.queryByText('No action is possible on this order now.')).toBeNull();
  });
});

describe('the warehouse order list', () => {
  it('shows tabs with counts, the columns, and searches and pages on the server', async () => {
    for (let id = 1; id <= 25; id += 1) {
      orders.put(
        makeOrder({
          id,
          number: String(id).padStart(6, '0'),
          customer: { ...makeOrder().customer, fullName: id === 7 ? 'Ion Rusu' : 'Ana Popescu' },
        }),
      );
    }
    orders.put(makeOrder({ id: 30, number: '000030', status: 'sent_to_1c' }));
    const { router } = renderScreen(<WarehouseOrdersPage />, '/my-orders-warehouse');
    expect(await screen.findByRole('tab', { name: 'New (25)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sent to 1C (1)' })).toBeTruthy();
    const table = screen.getByRole('table');
    for (const column of [
      'Number',
      'Date',
      'Customer',
      'Items',
      'Amount',
      'PV',
      'In this status',
      'Delivery or pickup',
      'Payment',
      'Status',
    ]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('link')[0]?.textContent).toBe('000025');
    expect(screen.getByText(/Page 1 of 2/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    // The next page goes by keyset in the default order: the last order of the page rides along.
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&after=6'));
    expect(orders.requests.at(-1)?.query.get('after')).toBe('6');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search all tabs by order number or customer' }), {
      target: { value: 'rusu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?q=rusu');
    const last = orders.requests.at(-1);
    expect(last?.query.get('q')).toBe('rusu');
    expect(last?.query.get('tab')).toBe('new');
  });

  it('shows an empty state for a search without results', async () => {
    orders.put(makeOrder({ id: 1, number: '000001' }));
    renderScreen(<WarehouseOrdersPage />, '/my-orders-warehouse?q=zzz');
    expect(await screen.findByRole('heading', { name: 'Nothing found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear the search' })).toBeTruthy();
  });
});
