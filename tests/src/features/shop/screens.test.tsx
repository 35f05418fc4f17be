// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthRole } from '#machines/auth/auth.types.ts';
import { BagLink } from '#src/app/layout/bag-link.tsx';
import NewOrderPage, { SEARCH_DEBOUNCE_MS } from '#src/features/shop/new-order/new-order-page.tsx';
import PromotionsPage from '#src/features/shop/promotions/promotions-page.tsx';
import WishlistPage from '#src/features/shop/wishlist/wishlist-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { product, shop } from './fake-shop.ts';
import { renderScreen } from '#tests/support/render-screen.tsx';
import type * as ClientModule from '#src/api/client.ts';

const auth = vi.hoisted(() => {
  const state: { role: AuthRole } = { role: 'partner' };
  return state;
});

vi.mock('#src/api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ClientModule>();
  const { shop: fake, FAKE_BASE } = await import('./fake-shop.ts');
  return {
    ...actual,
    api: actual.createApiClient({
      baseUrl: FAKE_BASE,
      fetch: (request) => fake.handle(request),
      getToken: () => 'jwt',
    }),
  };
});

// The auth machine's snapshot, reduced to what the role selectors read.
vi.mock('#src/session/auth-context.tsx', () => ({
  useAuthSelector: <T,>(selector: (snapshot: { context: { role: AuthRole } }) => T): T =>
    selector({ context: { role: auth.role } }),
}));

beforeAll(async () => {
  await activateLocale('en');
});

beforeEach(() => {
  shop.reset();
  auth.role = 'partner';
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function catalogue(count: number) {
  return Array.from({ length: count }, (_, index) =>
    product({ id: 100 + index, en: `Item ${index + 1}`, category: index % 2 === 0 ? 'makeup' : 'perfumery' }),
  );
}

describe('the Products screen (/new-order)', () => {
  it('reads category, search, sort and page from the address and asks the server for that page', async () => {
    shop.products = catalogue(60);
    renderScreen(<NewOrderPage />, '/new-order?category=makeup&sort=price-desc&page=2');
    expect(await screen.findByText('30 products found')).toBeTruthy();
    const [call] = shop.seen('GET', '/goods');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      page: '2',
      pageSize: '24',
      category: 'makeup',
      sort: 'price',
      order: 'desc',
    });
    expect(screen.getByRole('link', { name: 'Makeup' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort' }).value).toBe('price-desc');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // The first rows come first (`useProgressiveList`), the rest of the page right after.
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').filter((item) => item.querySelector('article'))).toHaveLength(6),
    );
  });

  it('searches after a pause in typing, keeps the text in the address and starts again at page 1', async () => {
    shop.products = [...catalogue(3), product({ id: 900, en: 'Помада Seraphine' })];
    const { router } = renderScreen(<NewOrderPage />, '/new-order?page=1&category=makeup');
    await screen.findByText('2 products found');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 'пом' } });
    fireEvent.change(box, { target: { value: 'помада' } });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10);
    });
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('q'), address.get('category'), address.get('page')]).toEqual([
      'помада',
      'makeup',
      null,
    ]);
    const searches = shop.seen('GET', '/goods').map((request) => request.query.get('q'));
    expect(searches).toEqual([null, 'помада']);
  });

  it('shows an empty state with a way back when nothing matches', async () => {
    shop.products = catalogue(2);
    renderScreen(<NewOrderPage />, '/new-order?q=zzz');
    expect(await screen.findByRole('heading', { name: 'Nothing found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all products' }).getAttribute('href')).toBe('/new-order');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('zzz');
  });

  it('shows the failure in place with a retry', async () => {
    shop.failures.set(
      'GET /goods',
      new Response(
        JSON.stringify({
          code: 'INTERNAL',
          status: 500,
          message: 'Boom',
          translations: { en: 'Server fault' },
        }),
        {
          status: 500,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    renderScreen(<NewOrderPage />, '/new-order');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The products could not be loaded.');
    expect(alert.textContent).toContain('Server fault');
    shop.failures.clear();
    shop.products = catalogue(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 product found')).toBeTruthy();
  });
});

describe('Promotions and Ratings (/promotions)', () => {
  const ratings = {
    period: { start: '2026-11-01', end: '2026-11-30', daysLeft: 10 },
    metric: 'pv' as const,
    items: [
      { place: 1, id: 5, fullName: 'Olga Lupu', rank: 'consultant' as const, pv: 336, isMe: false },
      { place: 2, id: 6, fullName: 'Ion Rusu', rank: 'manager' as const, pv: 300.5, isMe: false },
    ],
    me: {
      place: 9,
      id: 1,
      fullName: 'Elena Ciobanu',
      rank: 'diamond_director' as const,
      pv: 226,
      isMe: true,
    },
  };

  it('shows the promoted products and, for a distributor, the leaders and their own place', async () => {
    shop.products = [
      product({ en: 'On sale', isPromotion: true, promoPrice: 9_900 }),
      product({ en: 'Regular' }),
    ];
    shop.ratings = ratings;
    renderScreen(<PromotionsPage />, '/promotions');
    expect(await screen.findByRole('article', { name: 'On sale' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Regular' })).toBeNull();
    expect(await screen.findByText('Your place: 9')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Leaders of your network by personal volume (PV)' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PlaceDistributorPoints (PV)',
      '1Olga LupuConsultant336',
      '2Ion RusuManager300.5',
      '9Elena Ciobanu (you)Diamond Director226',
    ]);
  });

  it.each(['user', 'warehouse'] as const)(
    'a %s sees only the promotions and never asks for ratings',
    async (role) => {
      auth.role = role;
      shop.products = [product({ en: 'On sale', isPromotion: true, promoPrice: 9_900 })];
      renderScreen(<PromotionsPage />, '/promotions');
      expect(await screen.findByRole('article', { name: 'On sale' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Ratings' })).toBeNull();
      expect(shop.seen('GET', '/goods/ratings')).toHaveLength(0);
    },
  );
});

describe('the wishlist (/wishlist)', () => {
  it('moves a product to the bag (add, then remove from the wishlist) and removes another', async () => {
    const kept = product({ en: 'Kept' });
    const moved = product({ en: 'Moved' });
    shop.products = [kept, moved];
    shop.wishlist = [moved.id, kept.id];
    renderScreen(<WishlistPage />, '/wishlist');
    const move = await screen.findByRole<HTMLButtonElement>('button', { name: 'Move to bag: Moved' });
    await waitFor(() => expect(move.disabled).toBe(false));
    fireEvent.click(move);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Moved' })).toBeNull());
    expect(shop.cart.get(moved.id)).toBe(1);
    expect(shop.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/orders/cart/add-to-cart',
      `/orders/wishlist/remove/${moved.id}`,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from the wishlist: Kept' }));
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse products' })).toBeTruthy();
  });

  it('cannot move an out-of-stock product to the bag, and says why', async () => {
    const gone = product({ en: 'Gone', stock: 0 });
    shop.products = [gone];
    shop.wishlist = [gone.id];
    renderScreen(<WishlistPage />, '/wishlist');
    const move = await screen.findByRole<HTMLButtonElement>('button', { name: 'Move to bag: Gone' });
    await waitFor(() => expect(shop.seen('GET', '/orders/cart')).toHaveLength(1));
    expect(move.disabled).toBe(true);
    expect(screen.getByText('Out of stock: this product cannot be added to the bag.')).toBeTruthy();
  });
});

describe('the header bag link', () => {
  it('names the number of units in the bag and shows it as a badge', async () => {
    const item = product({ en: 'Soap' });
    shop.products = [item];
    shop.cart.set(item.id, 3);
    renderScreen(<BagLink />);
    const link = await screen.findByRole('link', { name: 'Shopping bag, 3 items' });
    expect(link.getAttribute('href')).toBe('/shopping-bag');
    expect(within(link).getByTestId('bag-count').textContent).toBe('3');
  });
});
