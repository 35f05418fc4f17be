import type { QuickOrderLine, QuickOrderStatus } from '#machines/quick-order/quick-order.types.ts';

type Product = NonNullable<QuickOrderLine['product']>;

export function product(id: number, sku: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    sku,
    slug: `product-${sku.toLowerCase()}`,
    name: {
      ru: `Товар ${sku}`,
      en: `Product ${sku}`,
      ro: `Produs ${sku}`,
      uk: `Товар ${sku}`,
      it: `Prodotto ${sku}`,
    },
    description: { ru: '', en: '', ro: '', uk: '', it: '' },
    price: 10_000,
    promoPrice: null,
    currency: 'MDL',
    points: 2.5,
    stock: 10,
    category: 'makeup',
    imageUrl: 'https://cdn.example/p.png',
    isPromotion: false,
    recommendedPrice: null,
    isActive: true,
    inactiveReason: null,
    ...extra,
  };
}

/** One entry as the server answers it; a product for the statuses that name one. */
export function line(
  index: number,
  status: QuickOrderStatus,
  extra: Partial<QuickOrderLine> = {},
): QuickOrderLine {
  const named = status !== 'unknown' && status !== 'unreadable';
  return {
    index,
    input: `PF-${1000 + index} 1`,
    code: status === 'unreadable' ? null : `PF-${1000 + index}`,
    quantity: status === 'unreadable' ? null : 1,
    status,
    product: named ? product(index, `PF-${1000 + index}`) : null,
    available: named ? 10 : 0,
    inBag: 0,
    toAdd: status === 'ok' ? 1 : 0,
    duplicateOf: null,
    ...extra,
  };
}

/** A paper order of five entries: two that go in (one only in part), an unknown code, a repeat, a junk line. */
export const TEXT = 'PF-1024 2, PF-2048 3, XX-0000, PF-1024 1, ???';

export function entriesOf(text: string): QuickOrderLine[] {
  if (text !== TEXT) throw new Error(`no fixture for ${text}`);
  const lipstick = product(1, 'PF-1024');
  const perfume = product(2, 'PF-2048', { price: 50_000, promoPrice: 40_000, points: 10, stock: 1 });
  return [
    line(1, 'ok', { input: 'PF-1024 2', code: 'PF-1024', quantity: 2, product: lipstick, toAdd: 2 }),
    line(2, 'short', {
      input: 'PF-2048 3',
      code: 'PF-2048',
      quantity: 3,
      product: perfume,
      available: 1,
      toAdd: 1,
    }),
    line(3, 'unknown', { input: 'XX-0000', code: 'XX-0000' }),
    line(4, 'duplicate', {
      input: 'PF-1024 1',
      code: 'PF-1024',
      product: lipstick,
      duplicateOf: 1,
    }),
    line(5, 'unreadable', { input: '???' }),
  ];
}
