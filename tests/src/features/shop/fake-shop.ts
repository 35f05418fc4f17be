import type { components } from '#openapi/schema.d.ts';

type Product = components['schemas']['Product'];
type Cart = components['schemas']['Cart'];
type Wishlist = components['schemas']['Wishlist'];
type Ratings = components['schemas']['Ratings'];
type ProductDetails = components['schemas']['ProductDetails'];

export const FAKE_BASE = 'http://shop.test/api/v3';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

let nextId = 1;

/** A product in the contract's shape; every language named so the active locale is visible in assertions. */
export function product(overrides: Partial<Product> & { en?: string } = {}): Product {
  const id = overrides.id ?? nextId++;
  const en = overrides.en ?? `Product ${id}`;
  const { en: _en, ...rest } = overrides;
  return {
    id,
    sku: `SKU-${id}`,
    slug: en
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    name: { en, ru: `Товар ${id}`, ro: `Produs ${id}`, uk: `Товар ${id} uk`, it: `Prodotto ${id}` },
    description: { en: '', ru: '', ro: '', uk: '', it: '' },
    price: 117_900,
    promoPrice: null,
    currency: 'MDL',
    points: 42,
    stock: 10,
    category: 'perfumery',
    imageUrl: `http://shop.test/media/products/SKU-${id}.svg`,
    isPromotion: false,
    recommendedPrice: null,
    isActive: true,
    inactiveReason: null,
    ...rest,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function apiError(status: number, code: string, message: string): Response {
  return json({ code, status, title: message, message, translations: { en: message, ru: message } }, status);
}

/**
 * An in-memory stand-in for the catalogue, cart and wishlist operations of the contract, with the same rules
 * as the reference server for what the views depend on (stock limits, cart totals, wishlist order).
 */
export class FakeShop {
  products: Product[] = [];
  cart = new Map<number, number>();
  wishlist: number[] = [];
  ratings: Ratings | null = null;
  /** Product pages by id (`GET /goods/{id}/details`); the product itself is read from `products` each time. */
  details = new Map<number, Omit<ProductDetails, 'product'>>();
  requests: SeenRequest[] = [];
  /** Answers to give instead of the normal ones, by `METHOD /path`. */
  failures = new Map<string, Response>();

  reset(): void {
    this.products = [];
    this.cart = new Map();
    this.wishlist = [];
    this.ratings = null;
    this.details = new Map();
    this.requests = [];
    this.failures = new Map();
  }

  seen(method: string, path: string): SeenRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  cartBody(): Cart {
    const items = [...this.cart.entries()].flatMap(([productId, quantity]) => {
      const found = this.products.find((p) => p.id === productId);
      if (found === undefined) return [];
      const unit = found.promoPrice ?? found.price;
      return [
        { productId, quantity, product: found, amount: unit * quantity, points: found.points * quantity },
      ];
    });
    const amount = items.reduce((sum, item) => sum + item.product.price * item.quantity, 0);
    const final = items.reduce((sum, item) => sum + item.amount, 0);
    return {
      items,
      currency: 'MDL',
      totals: {
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        amount,
        discount: amount - final,
        finalCost: final,
        points: items.reduce((sum, item) => sum + item.points, 0),
      },
    };
  }

  wishlistBody(): Wishlist {
    return {
      productIds: [...this.wishlist],
      items: this.wishlist.flatMap((id) => this.products.filter((p) => p.id === id)),
    };
  }

  handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v3/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    this.requests.push({ method: request.method, path, query: url.searchParams, body });
    const failure = this.failures.get(`${request.method} ${path}`);
    if (failure !== undefined) return failure.clone();

    if (request.method === 'GET' && path === '/goods') return json(this.listGoods(url.searchParams));
    if (request.method === 'GET' && path === '/goods/promotions')
      return json(this.products.filter((p) => p.isPromotion));
    if (request.method === 'GET' && path === '/goods/ratings')
      return this.ratings === null ? apiError(403, 'FORBIDDEN', 'Access denied') : json(this.ratings);
    const page = /^\/goods\/(\d+)\/details$/.exec(path);
    if (request.method === 'GET' && page !== null) {
      const id = Number(page[1]);
      const found = this.products.find((p) => p.id === id);
      const rest = this.details.get(id);
      if (found === undefined || rest === undefined) return apiError(404, 'NOT_FOUND', 'Product not found');
      return json({ product: found, ...rest });
    }
    if (request.method === 'GET' && path === '/orders/cart') return json(this.cartBody());
    if (request.method === 'POST' && path === '/orders/cart/add-to-cart') return this.addToCart(body);
    if (request.method === 'POST' && path === '/orders/cart/remove-from-cart') {
      const { productId } = body as { productId: number };
      this.cart.delete(productId);
      return json(this.cartBody());
    }
    if (request.method === 'GET' && path === '/orders/wishlist') return json(this.wishlistBody());
    const wish = /^\/orders\/wishlist\/(add|remove)\/(\d+)$/.exec(path);
    if (request.method === 'POST' && wish !== null) {
      const id = Number(wish[2]);
      if (wish[1] === 'add' && !this.wishlist.includes(id)) this.wishlist.unshift(id);
      if (wish[1] === 'remove') this.wishlist = this.wishlist.filter((entry) => entry !== id);
      return json(this.wishlistBody());
    }
    return apiError(404, 'NOT_FOUND', `No fake for ${request.method} ${path}`);
  };

  private listGoods(query: URLSearchParams) {
    const page = Number(query.get('page') ?? '1');
    const pageSize = Number(query.get('pageSize') ?? '20');
    const category = query.get('category');
    const q = (query.get('q') ?? '').toLowerCase();
    const matching = this.products.filter(
      (p) =>
        (category === null ||
          p.category === category ||
          (category === 'with_points' && p.points > 0) ||
          (category === 'without_points' && p.points === 0)) &&
        (q === '' || Object.values(p.name).some((name) => name.toLowerCase().includes(q))),
    );
    return {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageSize,
      total: matching.length,
    };
  }

  private addToCart(body: unknown): Response {
    const { productId, quantity, mode } = body as {
      productId: number;
      quantity: number;
      mode?: 'add' | 'set';
    };
    const found = this.products.find((p) => p.id === productId);
    if (found === undefined) return apiError(404, 'NOT_FOUND', 'No such product');
    const next = mode === 'set' ? quantity : (this.cart.get(productId) ?? 0) + quantity;
    if (found.stock === 0 || next > found.stock)
      return apiError(422, 'OUT_OF_STOCK', `Only ${found.stock} in stock`);
    this.cart.set(productId, next);
    return json(this.cartBody());
  }
}

export const shop = new FakeShop();
