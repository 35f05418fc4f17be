/**
 * The retail price a shop client pays (docs/adr/0146-the-shop-link.md; the marketing plan, section 3): 1C's
 * recommended retail price where it sends one, otherwise the partner price × 1.25 rounded to whole lei. Promotions
 * are the distributors' (a partner's promotion price is below the partner price, so it would undercut the
 * distributor's own retail profit): a shop client sees and pays the retail price, never a promotion price.
 *
 * Every price a shop client sees or pays goes through `retailPrice`: the catalogue, a product's page, the bag, the
 * wishlist, order creation (whose lines keep the price, so every view of the order shows it) and the substitute an
 * order page suggests. `RETAIL_PRICE_SQL`
 * is the same rule where the shop window sorts by price.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';

type Product = components['schemas']['Product'];

/** Who pays what: distributors the partner price (with its promotions), shop clients the retail price. */
export type Pricing = 'partner' | 'retail';

/** The retail markup of the plan's rule, in per cent of the partner price. */
export const RETAIL_MARKUP_PERCENT = 125;

/** Money is in minor units (bani): a whole leu is 100. */
const LEU = 100;

/**
 * The retail unit price: `recommended` when 1C sends one, else `partnerPrice` × 1.25 rounded to whole lei (half up),
 * in integer arithmetic so the server and SQL agree to the ban.
 */
export function retailPrice(partnerPrice: number, recommended: number | null): number {
  if (recommended !== null) return recommended;
  return Math.round((partnerPrice * RETAIL_MARKUP_PERCENT) / (100 * LEU)) * LEU;
}

/** `retailPrice` over `products` columns, in SQL (numeric `round` is half away from zero: half up for prices). */
export const RETAIL_PRICE_SQL: RawBuilder<number> = sql<number>`coalesce(products.recommended_price,
  (round(products.price * ${RETAIL_MARKUP_PERCENT}::numeric / ${100 * LEU}) * ${LEU})::int)`;

/** A product as `pricing` shows it: unchanged for a distributor; at the retail price, without promotion, for a client. */
export function priced(product: Product, pricing: Pricing): Product {
  if (pricing === 'partner') return product;
  return {
    ...product,
    price: retailPrice(product.price, product.recommendedPrice),
    promoPrice: null,
    isPromotion: false,
  };
}

/** The pricing of an account: a shop client (bound to a shop's owner) pays retail. */
export const pricingOf = (auth: { shopOwnerId: number | null }): Pricing =>
  auth.shopOwnerId === null ? 'partner' : 'retail';

/** How the account `userId` pays (an order's buyer, read where no token says it). */
export async function buyerPricing(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<Pricing> {
  const row = await db
    .selectFrom('users')
    .select('shop_owner_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return pricingOf({ shopOwnerId: row?.shop_owner_id ?? null });
}
