/**
 * The wishlist: `getWishlist`, `addToWishlist` (extension), `removeFromWishlist`. Adding and removing are
 * idempotent: adding a product already there keeps its place (its first `added_at`), removing one that is not there
 * changes nothing; both answer the wishlist as it is afterwards. Adding an unknown product is 404.
 */
import type { Handler } from '../../contract/types.ts';
import { loadWishlist } from '../../domain/catalogue/wishlist.ts';
import { pricingOf } from '../../domain/catalogue/retail.ts';
import { stockWarehouseOf } from '../../domain/stock/warehouse-stock.ts';
import { notFound } from '../../http/errors.ts';

export const getWishlist: Handler<'getWishlist'> = async (ctx) =>
  loadWishlist(
    ctx.db,
    ctx.user.userId,
    ctx.config.currency,
    ctx.config.publicUrl,
    await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    pricingOf(ctx.user),
  );

export const addToWishlist: Handler<'addToWishlist'> = async (ctx) => {
  const { productId } = ctx.params;
  const product = await ctx.db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .executeTakeFirst();
  if (product === undefined) throw notFound();
  await ctx.db
    .insertInto('wishlist')
    .values({ user_id: ctx.user.userId, product_id: productId })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
  return loadWishlist(
    ctx.db,
    ctx.user.userId,
    ctx.config.currency,
    ctx.config.publicUrl,
    await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    pricingOf(ctx.user),
  );
};

export const removeFromWishlist: Handler<'removeFromWishlist'> = async (ctx) => {
  await ctx.db
    .deleteFrom('wishlist')
    .where('user_id', '=', ctx.user.userId)
    .where('product_id', '=', ctx.params.productId)
    .execute();
  return loadWishlist(
    ctx.db,
    ctx.user.userId,
    ctx.config.currency,
    ctx.config.publicUrl,
    await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    pricingOf(ctx.user),
  );
};
