import type { components } from '../../openapi/schema.d.ts';

/** A product of a distributor's storefront (`GET /public/shops/{alias}/goods`): the retail price, the stock. */
export type ShopGood = components['schemas']['ShopGood'];

/**
 * A line of the visitor's bag: the product as the storefront showed it (so the bag renders without asking the
 * server again) and how many. The server's cart decides the price again once the visitor has an account.
 */
export interface ShopBagLine {
  productId: number;
  /** In every language, so the bag follows the visitor's language switch. */
  name: ShopGood['name'];
  imageUrl: string;
  /** Retail unit price in minor units, as the storefront showed it. */
  price: number;
  currency: string;
  quantity: number;
}

/** What a line keeps of a storefront's product. */
export type ShopBagGood = Pick<ShopGood, 'id' | 'name' | 'imageUrl' | 'price' | 'currency'>;

export interface ShopBagInput {
  /** The shop's alias or PRN as the address has it. */
  alias: string;
  /** What local storage kept for this shop (read by `parseStoredBag`). */
  lines: ShopBagLine[];
}

export interface ShopBagContext {
  alias: string;
  lines: ShopBagLine[];
}

export type ShopBagEvent =
  /** "Add to bag" on a card or a product page: `quantity` more units (a new line at the end). */
  | { type: 'shopBag.add'; good: ShopBagGood; quantity: number }
  /** The stepper of a line: exactly `quantity` units (0 removes the line). */
  | { type: 'shopBag.set'; productId: number; quantity: number }
  | { type: 'shopBag.remove'; productId: number }
  /** The lines went to the server's cart (the visitor signed up or in): nothing is kept here any more. */
  | { type: 'shopBag.clear' };
