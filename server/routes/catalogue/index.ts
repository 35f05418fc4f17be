/** Catalogue, cart (order by code included) and wishlist operations of openapi/api-v3.yaml (spread into `handlers` by server/routes/index.ts). */
import type { Handlers } from '../../contract/types.ts';
import { addToCart, getCart, removeFromCart } from './cart.ts';
import { getProduct, getProductDetails, listGoods, listGoodsByIds, listPromotions } from './goods.ts';
import { addToCartByCodes, resolveProductCodes } from './quick-order.ts';
import { addToWishlist, getWishlist, removeFromWishlist } from './wishlist.ts';

export const catalogueHandlers = {
  listGoods,
  listGoodsByIds,
  listPromotions,
  getProduct,
  getProductDetails,
  resolveProductCodes,
  getCart,
  addToCart,
  addToCartByCodes,
  removeFromCart,
  getWishlist,
  addToWishlist,
  removeFromWishlist,
} satisfies Pick<
  Handlers,
  | 'listGoods'
  | 'listGoodsByIds'
  | 'listPromotions'
  | 'getProduct'
  | 'getProductDetails'
  | 'resolveProductCodes'
  | 'getCart'
  | 'addToCart'
  | 'addToCartByCodes'
  | 'removeFromCart'
  | 'getWishlist'
  | 'addToWishlist'
  | 'removeFromWishlist'
>;
