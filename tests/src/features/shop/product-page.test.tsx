// @vitest-environment jsdom
// A product's page (docs/adr/0137-product-pages.md): what it shows, the variant picker, adding to the bag, the
// suggestions, and a missing product or a failed read.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductPage from '#src/features/shop/product/product-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { renderScreen } from '#tests/support/render-screen.tsx';
import type * as ClientModule from '#src/api/client.ts';
import { product, shop } from './fake-shop.ts';

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

const label = (en: string) => ({ en, ru: `${en} ru`, ro: `${en} ro`, uk: `${en} uk`, it: `${en} it` });

const rose = product({ id: 11, en: 'Vellura Lipstick, Rose Petal', category: 'makeup', stock: 5, points: 8 });
const cherry = product({ id: 12, en: 'Vellura Lipstick, Ripe Cherry', category: 'makeup', stock: 0 });
const cream = product({ id: 30, en: 'Aqua Cream', category: 'facial_care' });

function open(path: string) {
  return renderScreen(<div />, path, [{ path: '/products/:productRef', element: <ProductPage /> }]);
}

beforeAll(async () => {
  await activateLocale('en');
});
beforeEach(() => {
  shop.reset();
  shop.products = [rose, cherry, cream];
  const variants = [
    {
      id: 11,
      slug: rose.slug,
      label: label('Rose Petal'),
      swatch: '#e8a0a8',
      available: true,
      isCurrent: false,
    },
    {
      id: 12,
      slug: cherry.slug,
      label: label('Ripe Cherry'),
      swatch: '#8e1b2c',
      available: false,
      isCurrent: false,
    },
  ];
  shop.details.set(11, {
    variants: variants.map((variant) => ({ ...variant, isCurrent: variant.id === 11 })),
    volumeMl: null,
    ingredients: 'Ricinus Communis Seed Oil, Cera Alba',
    howToUse: label('Apply from the centre of the lips.'),
    boughtWith: [cream],
  });
  shop.details.set(12, {
    variants: variants.map((variant) => ({ ...variant, isCurrent: variant.id === 12 })),
    volumeMl: null,
    ingredients: null,
    howToUse: null,
    boughtWith: [],
  });
  shop.details.set(30, { variants: [], volumeMl: 50, ingredients: null, howToUse: null, boughtWith: [] });
});
afterEach(() => {
  cleanup();
});

describe('a product’s page', () => {
  it('shows the product, its shade picker, content and suggestions, and adds it to the bag', async () => {
    const { router } = open(`/products/11-${rose.slug}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vellura Lipstick, Rose Petal' }),
    ).toBeTruthy();
    expect(document.title).toBe('Vellura Lipstick, Rose Petal · Distributor portal');
    expect(screen.getByText('Article SKU-11')).toBeTruthy();
    expect(screen.getByText('5 pcs')).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Makeup' }).getAttribute('href')).toBe(
      '/new-order?category=makeup',
    );

    const shades = screen.getByRole('list', { name: 'Shade: Rose Petal' });
    const [first, second] = within(shades).getAllByRole('link');
    expect(first?.getAttribute('aria-current')).toBe('page');
    expect(first?.getAttribute('aria-label')).toBe('Rose Petal');
    expect(second?.getAttribute('aria-label')).toBe('Ripe Cherry (not available)');
    expect(second?.getAttribute('href')).toBe(`/products/12-${cherry.slug}`);

    expect(screen.getByRole('heading', { name: 'How to use' })).toBeTruthy();
    expect(screen.getByText('Apply from the centre of the lips.')).toBeTruthy();
    expect(screen.getByText('Ricinus Communis Seed Oil, Cera Alba')).toBeTruthy();
    const more = screen.getByRole('list', { name: 'Often bought with it' });
    expect(within(more).getByRole('link', { name: 'Aqua Cream' }).getAttribute('href')).toBe(
      `/products/30-${cream.slug}`,
    );

    const actions = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    fireEvent.click(await within(actions).findByRole('button', { name: /Add to bag/ }));
    await waitFor(() => expect(shop.cart.get(11)).toBe(1));

    // The other shade: its own page, replacing this one in the history.
    fireEvent.click(second as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vellura Lipstick, Ripe Cherry' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/products/12-${cherry.slug}`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'How to use' })).toBeNull();
  });

  it('shows a volume in the reader’s units and no picker for a product without variants', async () => {
    open(`/products/30-${cream.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aqua Cream' })).toBeTruthy();
    expect(screen.getByText('50 mL')).toBeTruthy();
    expect(screen.queryByText('Shade')).toBeNull();
    expect(screen.queryByText('Format')).toBeNull();
  });

  it('says so when there is no such product, and offers a retry when the read fails', async () => {
    open('/products/99-nothing');
    expect(await screen.findByRole('heading', { name: 'There is no such product' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the catalogue' }).getAttribute('href')).toBe('/new-order');
    cleanup();

    shop.failures.set(
      'GET /goods/11/details',
      new Response(JSON.stringify({ code: 'INTERNAL', status: 500, title: 'Boom', message: 'Boom' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
    );
    open(`/products/11-${rose.slug}`);
    expect(await screen.findByText('The product could not be loaded.')).toBeTruthy();
    shop.failures.clear();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vellura Lipstick, Rose Petal' }),
    ).toBeTruthy();
  });
});
