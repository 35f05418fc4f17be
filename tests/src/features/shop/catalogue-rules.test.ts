import { describe, expect, it } from 'vitest';
import { purchaseOptions, savingPercent } from '#src/features/shop/catalogue/product-availability.ts';
import {
  catalogueHref,
  goodsQueryFor,
  parseCatalogueSearch,
} from '#src/features/shop/new-order/catalogue-search.ts';

describe('the Products screen address', () => {
  it('reads known values and falls back to defaults for anything else', () => {
    expect(
      parseCatalogueSearch(new URLSearchParams('category=facial_care&q=%20крем%20&sort=points&page=3')),
    ).toEqual({
      category: 'facial_care',
      q: 'крем',
      sort: 'points',
      page: 3,
    });
    expect(parseCatalogueSearch(new URLSearchParams('category=shoes&sort=random&page=-2'))).toEqual({
      category: null,
      q: '',
      sort: 'popular',
      page: 1,
    });
    expect(parseCatalogueSearch(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults', () => {
    const search = parseCatalogueSearch(new URLSearchParams('category=makeup&q=ruj&page=4'));
    expect(catalogueHref(search, { page: 1 })).toBe('?category=makeup&q=ruj');
    expect(catalogueHref(search, { category: null, q: '', page: 1 })).toBe('?');
  });

  it('asks GET /goods for the sort and, for names, the language', () => {
    const search = parseCatalogueSearch(new URLSearchParams('sort=name'));
    expect(goodsQueryFor(search, 'ro')).toEqual({
      page: 1,
      pageSize: 24,
      sort: 'name',
      order: 'asc',
      lang: 'ro',
    });
    expect(goodsQueryFor({ ...search, sort: 'price-asc' }, 'ro')).toEqual({
      page: 1,
      pageSize: 24,
      sort: 'price',
      order: 'asc',
    });
  });
});

describe('what the bag still accepts', () => {
  it('offers the stock minus what is in the bag, never more than 999', () => {
    expect(purchaseOptions({ stock: 10, isActive: true }, 3)).toEqual({
      maxToAdd: 7,
      canAdd: true,
      reason: null,
    });
    expect(purchaseOptions({ stock: 5000, isActive: true }, 0).maxToAdd).toBe(999);
    expect(purchaseOptions({ stock: 0, isActive: true }, 0)).toEqual({
      maxToAdd: 0,
      canAdd: false,
      reason: 'out_of_stock',
    });
    expect(purchaseOptions({ stock: 4, isActive: true }, 4)).toEqual({
      maxToAdd: 0,
      canAdd: false,
      reason: 'all_in_bag',
    });
    expect(purchaseOptions({ stock: 9, isActive: false }, 0)).toEqual({
      maxToAdd: 0,
      canAdd: false,
      reason: 'no_longer_sold',
    });
  });

  it('rounds the promotion saving to whole percent', () => {
    expect(savingPercent({ price: 16_900, promoPrice: 12_900 })).toBe(24);
    expect(savingPercent({ price: 16_900, promoPrice: null })).toBeNull();
  });
});
