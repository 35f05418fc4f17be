// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import type { useOrderActions as UseOrderActionsHook } from '#src/data/order-actions.actors.ts';
import type { ExchangeStatusProps } from '#src/features/orders/exchange/exchange-status.tsx';
import { makeOrder } from '#tests/support/order-fixtures.ts';
import {
  selectExchangeView,
  type OrderExchange,
} from '#machines/order-actions/order-actions.exchange.rules.ts';

type UseOrderActions = typeof UseOrderActionsHook;

const calls: Array<{ url: string; method: string }> = [];
let ExchangeStatus: (props: ExchangeStatusProps) => ReactElement | null;
let ExchangeBadge: (props: { exchange: OrderExchange | null | undefined }) => ReactElement | null;
let useOrderActions: UseOrderActions;

beforeAll(async () => {
  // The API client captures fetch and its base when it is made: stub them first, then load the feature.
  vi.stubEnv('VITE_API_BASE', 'http://localhost:3000/api/v3');
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push({ url: input.url, method: input.method });
    const body = makeOrder({ id: 5, version: 8, exchange: { ...failed, state: 'queued', error: null } });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  ({ ExchangeStatus, ExchangeBadge } = await import('#src/features/orders/exchange/exchange-status.tsx'));
  ({ useOrderActions } = await import('#src/data/order-actions.actors.ts'));
  await activateLocale('en');
});

afterEach(() => cleanup());

const failed: OrderExchange = {
  state: 'error',
  error: 'Контрагент не найден',
  documentNumber: null,
  queuedAt: '2025-01-10T10:00:00Z',
  sentAt: '2025-01-10T10:05:00Z',
  confirmedAt: null,
};
const confirmed: OrderExchange = {
  state: 'confirmed',
  error: null,
  documentNumber: 'РН-000123',
  queuedAt: '2025-01-10T10:00:00Z',
  sentAt: '2025-01-10T10:05:00Z',
  confirmedAt: '2025-01-10T10:06:00Z',
};

function renderWithProviders(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{element}</I18nProvider>
    </QueryClientProvider>,
  );
}

describe('selectExchangeView', () => {
  it('is null outside the exchange and offers re-queue only for a failed exchange seen by the warehouse', () => {
    expect(selectExchangeView(null, true)).toBeNull();
    expect(selectExchangeView(undefined, true)).toBeNull();
    expect(selectExchangeView(failed, true)?.canRequeue).toBe(true);
    expect(selectExchangeView(failed, false)?.canRequeue).toBe(false);
    expect(selectExchangeView(confirmed, true)?.canRequeue).toBe(false);
    expect(selectExchangeView(confirmed, true)?.moments.map((m) => m.kind)).toEqual([
      'queued',
      'sent',
      'confirmed',
    ]);
    expect(selectExchangeView({ ...confirmed, state: 'queued', error: 'stale' }, true)?.error).toBeNull();
  });
});

describe('ExchangeStatus', () => {
  it('shows confirmed by 1C with the document number and no button', () => {
    renderWithProviders(
      <ExchangeStatus order={{ id: 5, version: 7, exchange: confirmed }} actsAsWarehouse />,
    );
    expect(screen.getByRole('heading', { name: 'Exchange with 1C' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Confirmed by 1C');
    expect(screen.getByText('1C document No. РН-000123')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a failure with its reason, and the warehouse queues it again', async () => {
    // The re-queue is the order-actions machine's `exchange.requeue` (versioned, with its conflict handling).
    function WarehouseExchange({ order }: { order: ApiOrder }) {
      const [view, send] = useOrderActions(order, 'warehouse');
      return (
        <ExchangeStatus
          order={view.order}
          actsAsWarehouse
          requeue={{ pending: view.requeuing, onRequeue: () => send({ type: 'exchange.requeue' }) }}
        />
      );
    }
    renderWithProviders(<WarehouseExchange order={makeOrder({ id: 5, version: 7, exchange: failed })} />);
    expect(screen.getByRole('status').textContent).toBe('1C exchange failed');
    expect(screen.getByText('Reason: Контрагент не найден')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send to 1C again' }));
    // The answered order (version 8, queued again) replaces the shown one.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Queued for 1C'));
    expect(calls.at(-1)?.method).toBe('POST');
    expect(calls.at(-1)?.url).toMatch(/\/orders\/set\/5\/exchange-requeue\?version=7$/);
  });

  it('shows no button to a distributor, and nothing for an order outside the exchange', () => {
    const { container } = renderWithProviders(
      <>
        <ExchangeStatus order={{ id: 5, version: 7, exchange: failed }} />
        <ExchangeStatus order={{ id: 6, version: 2, exchange: null }} actsAsWarehouse />
      </>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelectorAll('section')).toHaveLength(1);
  });

  it('has a one-line badge for list rows', () => {
    renderWithProviders(
      <>
        <ExchangeBadge exchange={confirmed} />
        <ExchangeBadge exchange={null} />
      </>,
    );
    expect(screen.getByText('1C: confirmed · РН-000123')).toBeTruthy();
  });
});
