// Helpers of the catalogue, promotions and wishlist browser tests: an account's bag and wishlist read, saved and put
// back through the API, products picked from the demo catalogue, and the interface texts in the page's language.
import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { isLocale, tr, type Locale } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect } from '../support/fixtures';

export type Product = components['schemas']['Product'];
export type Cart = components['schemas']['Cart'];
export type Wishlist = components['schemas']['Wishlist'];
type ProductPage = components['schemas']['ProductPage'];

/**
 * Cart-changing tests: catalogue.spec.ts writes user@demo.test's bag (only the bag: promotions.spec.ts writes the
 * same account's wishlist, maybe at the same time in another worker), wishlist.spec.ts pw@demo.test's.
 */
export const CATALOGUE_ACCOUNT = 'user@demo.test';
export const WISHLIST_ACCOUNT = 'pw@demo.test';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return body as T;
}

export class ShopApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async for(request: APIRequestContext, email: string): Promise<ShopApi> {
    return new ShopApi(request, await cachedToken(request, email));
  }

  private get headers() {
    return bearer(this.token);
  }

  async goods(params: Record<string, string | number>): Promise<ProductPage> {
    return json(
      await this.request.get(`${API_PREFIX}/goods`, { params, headers: this.headers }),
      'list goods',
    );
  }

  /** A product's page (`GET /goods/{id}/details`). */
  async details(id: number): Promise<components['schemas']['ProductDetails']> {
    return json(
      await this.request.get(`${API_PREFIX}/goods/${id}/details`, { headers: this.headers }),
      'product details',
    );
  }

  async promotions(): Promise<Product[]> {
    return json(
      await this.request.get(`${API_PREFIX}/goods/promotions`, { headers: this.headers }),
      'promotions',
    );
  }

  async ratings(): Promise<components['schemas']['Ratings']> {
    return json(await this.request.get(`${API_PREFIX}/goods/ratings`, { headers: this.headers }), 'ratings');
  }

  async cart(): Promise<Cart> {
    return json(await this.request.get(`${API_PREFIX}/orders/cart`, { headers: this.headers }), 'cart');
  }

  async wishlist(): Promise<Wishlist> {
    return json(
      await this.request.get(`${API_PREFIX}/orders/wishlist`, { headers: this.headers }),
      'wishlist',
    );
  }

  async addToCart(productId: number, quantity: number, mode: 'add' | 'set' = 'set') {
    return this.request.post(`${API_PREFIX}/orders/cart/add-to-cart`, {
      data: { productId, quantity, mode },
      headers: this.headers,
    });
  }

  /** Makes the bag hold exactly `lines` (nothing else). */
  async setCart(lines: readonly { productId: number; quantity: number }[]): Promise<void> {
    for (const item of (await this.cart()).items) {
      await json(
        await this.request.post(`${API_PREFIX}/orders/cart/remove-from-cart`, {
          data: { productId: item.productId },
          headers: this.headers,
        }),
        'remove from cart',
      );
    }
    for (const line of lines) await json(await this.addToCart(line.productId, line.quantity), 'add to cart');
  }

  /** Makes the wishlist hold exactly `productIds` (most recent first, as the server lists it). */
  async setWishlist(productIds: readonly number[]): Promise<void> {
    for (const id of (await this.wishlist()).productIds) {
      await json(
        await this.request.post(`${API_PREFIX}/orders/wishlist/remove/${id}`, { headers: this.headers }),
        'remove from wishlist',
      );
    }
    for (const id of [...productIds].reverse()) {
      await json(
        await this.request.post(`${API_PREFIX}/orders/wishlist/add/${id}`, { headers: this.headers }),
        'add to wishlist',
      );
    }
  }

  /** Every product of the catalogue (about 150 in the demo data). */
  async allProducts(): Promise<Product[]> {
    const all: Product[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await this.goods({ page, pageSize: 100, sort: 'newest' });
      all.push(...answer.items);
      if (all.length >= answer.total || answer.items.length === 0) return all;
    }
  }

  /**
   * Saves the bag and wishlist (or only the `parts` named); the returned function puts them back. A test saves only
   * what it changes: another spec may use the same account's other list at the same time in another worker, and
   * putting back an old copy of it would undo that spec's changes mid-test.
   */
  async snapshot(
    parts: ReadonlyArray<'cart' | 'wishlist'> = ['cart', 'wishlist'],
  ): Promise<() => Promise<void>> {
    const cart = parts.includes('cart') ? await this.cart() : null;
    const wishlist = parts.includes('wishlist') ? await this.wishlist() : null;
    return async () => {
      if (cart !== null)
        await this.setCart(
          cart.items.map((item) => ({ productId: item.productId, quantity: item.quantity })),
        );
      if (wishlist !== null) await this.setWishlist(wishlist.productIds);
    };
  }
}

/** The language the app settled on (a user's own language is applied after /users/me). */
export async function pageLocale(page: Page): Promise<Locale> {
  const lang = await page.locator('html').getAttribute('lang');
  if (!isLocale(lang)) throw new Error(`<html lang="${String(lang)}">`);
  return lang;
}

/** `tr` for the page's current language. */
export async function texts(page: Page): Promise<(id: string) => string> {
  const locale = await pageLocale(page);
  return (id: string) => (locale === 'en' ? id : tr(locale, id));
}

/** The product card of a product, found by its name in the page's language. */
export function cardOf(page: Page, product: Product, locale: Locale) {
  return page.getByRole('article', { name: product.name[locale], exact: true });
}

/** Opens a screen and waits until the app shows it in the account's own language (applied after /users/me). */
export async function openScreen(
  page: Page,
  request: APIRequestContext,
  email: string,
  path: string,
): Promise<Locale> {
  const token = await cachedToken(request, email);
  const me = await json<{ lang?: string }>(
    await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) }),
    'me',
  );
  const lang = isLocale(me.lang) ? me.lang : 'ru';
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return lang;
}
