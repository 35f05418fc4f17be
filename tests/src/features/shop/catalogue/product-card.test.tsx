// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToBag } from '#src/features/shop/catalogue/add-to-bag.tsx';
import { PriceView } from '#src/features/shop/catalogue/price-view.tsx';
import { ProductCard } from '#src/features/shop/catalogue/product-card.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { product, shop } from '../fake-shop.ts';
import { renderScreen } from '#tests/support/render-screen.tsx';
import type * as ClientModule from '#src/api/client.ts';

vi.mock('#src/api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ClientModule>();
  const { shop: fake, FAKE_BASE } = await import('../fake-shop.ts');
  return {
    ...actual,
    api: actual.createApiClient({
      baseUrl: FAKE_BASE,
      fetch: (request) => fake.handle(request),
      getToken: () => 'jwt',
    }),
  };
});

/** Spaces Intl puts in numbers (narrow no-break, no-break) as plain spaces, for readable expectations. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderCard(item: ReturnType<typeof product>) {
  const name = item.name.en;
  return renderScreen(
    <ProductCard product={item}>
      <AddToBag product={item} productName={name} />
    </ProductCard>,
  );
}

beforeAll(async () => {
  await activateLocale('en');
});

beforeEach(() => shop.reset());

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('the product card', () => {
  it('shows the name in the active language, the price from minor units, points and stock', async () => {
    const item = product({ id: 7, en: 'Velours Noir, 75 ml', price: 117_900, points: 6.5, stock: 13 });
    shop.products = [item];
    renderCard(item);
    const card = screen.getByRole('article', { name: 'Velours Noir, 75 ml' });
    expect(plain(within(card).getByText(/MDL/).textContent)).toBe('MDL 1,179.00');
    expect(within(card).getByText('6.5')).toBeTruthy();
    expect(within(card).getByText('13 pcs')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('http://shop.test/media/products/SKU-7.svg');

    await act(() => activateLocale('ru'));
    const russian = await screen.findByRole('article', { name: 'Товар 7' });
    expect(plain(within(russian).getByText(/MDL/).textContent)).toBe('1 179,00 MDL');
    expect(within(russian).getByText('6,5')).toBeTruthy();
  });

  it('shows a promotion price with the list price struck through, in the locale', async () => {
    const { container } = renderScreen(<PriceView price={16_900} promoPrice={12_900} currency="MDL" />);
    expect(plain(container.querySelector('.price-view__current')?.textContent)).toBe('MDL 129.00');
    expect(plain(container.querySelector('s')?.textContent)).toBe('MDL 169.00');
    expect(container.textContent).toContain('Old price:');
    cleanup();
    await activateLocale('ro');
    const ro = renderScreen(<PriceView price={16_900} promoPrice={12_900} currency="MDL" />);
    expect(plain(ro.container.querySelector('s')?.textContent)).toBe('169,00 MDL');
  });

  it('cannot add an out-of-stock product: the button is disabled and says why', async () => {
    const item = product({ en: 'Empty shelf', stock: 0 });
    shop.products = [item];
    renderCard(item);
    const button = await screen.findByRole('button', { name: /^Add to bag: / });
    await waitFor(() => expect(shop.seen('GET', '/orders/cart')).toHaveLength(1));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const reason = screen.getByText('Out of stock: this product cannot be added to the bag.');
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.getByText('Out of stock')).toBeTruthy();
    fireEvent.click(button);
    expect(shop.seen('POST', '/orders/cart/add-to-cart')).toHaveLength(0);
  });

  it('adds the chosen quantity and shows what the bag now holds, from the answer', async () => {
    const item = product({ en: 'Lipstick', stock: 5 });
    shop.products = [item];
    renderCard(item);
    const field = screen.getByRole('spinbutton', { name: 'Quantity: Lipstick' });
    const button = screen.getByRole('button', { name: 'Add to bag: Lipstick' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-valuenow')).toBe('3');
    fireEvent.click(button);
    expect(await screen.findByText('In your bag: 3')).toBeTruthy();
    expect(shop.seen('POST', '/orders/cart/add-to-cart').map((r) => r.body)).toEqual([
      { productId: item.id, quantity: 3, mode: 'add' },
    ]);
    // The cache took the answer: the bag was read once, at the start.
    expect(shop.seen('GET', '/orders/cart')).toHaveLength(1);
    // Only 2 more fit the stock of 5.
    expect(field.getAttribute('aria-valuemax')).toBe('2');
  });

  it('says so when every unit in stock is already in the bag', async () => {
    const item = product({ en: 'Last ones', stock: 2 });
    shop.products = [item];
    shop.cart.set(item.id, 2);
    renderCard(item);
    expect(await screen.findByText('Every available unit is already in your bag.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Add to bag: / }).disabled).toBe(true);
  });

  it('toggles the wishlist heart (aria-pressed) through the wishlist calls', async () => {
    const item = product({ en: 'Cream' });
    shop.products = [item];
    renderCard(item);
    const heart = await screen.findByRole('button', { name: 'Wishlist: Cream' });
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(shop.wishlist).toEqual([item.id]);
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(shop.wishlist).toEqual([]);
  });
});
