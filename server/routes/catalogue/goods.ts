/**
 * The catalogue: `listGoods` (extension), `listGoodsByIds`, `listPromotions`, `getProduct` and `getProductDetails` (extensions). Stock is
 * the caller's warehouse's (docs/adr/0091-stock-per-warehouse.md); products 1C no longer lists are left out of the
 * listing and promotions, and shown as no longer sold when asked for by id.
 */
import type { Handler } from '../../contract/types.ts';
import type { Lang } from '../../db/reference.ts';
import { productDetails } from '../../domain/catalogue/details.ts';
import { listProducts, productsByIds, promotedProducts } from '../../domain/catalogue/listing.ts';
import { selectProducts, toProduct } from '../../domain/catalogue/product.ts';
import { pricingOf } from '../../domain/catalogue/retail.ts';
import { stockWarehouseOf } from '../../domain/stock/warehouse-stock.ts';
import { notFound } from '../../http/errors.ts';

export const listGoods: Handler<'listGoods'> = async (ctx) => {
  const { query } = ctx;
  const sort = query.sort ?? 'popular';
  let lang: Lang | undefined = query.lang;
  if (lang === undefined && sort === 'name') {
    const user = await ctx.db
      .selectFrom('users')
      .select('lang')
      .where('id', '=', ctx.user.userId)
      .executeTakeFirst();
    lang = user?.lang ?? 'ru';
  }
  return listProducts(
    ctx.db,
    {
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 20,
      category: query.category,
      q: query.q,
      sort,
      order: query.order,
      lang: lang ?? 'ru',
      warehouseId: await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
      pricing: pricingOf(ctx.user),
    },
    ctx.config.currency,
    ctx.config.publicUrl,
  );
};

export const listGoodsByIds: Handler<'listGoodsByIds'> = async (ctx) =>
  productsByIds(
    ctx.db,
    ctx.body.ids,
    ctx.config.currency,
    ctx.config.publicUrl,
    await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    pricingOf(ctx.user),
  );

export const listPromotions: Handler<'listPromotions'> = async (ctx) =>
  promotedProducts(
    ctx.db,
    ctx.config.currency,
    ctx.config.publicUrl,
    await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    pricingOf(ctx.user),
  );

export const getProduct: Handler<'getProduct'> = async (ctx) => {
  const warehouseId = await stockWarehouseOf(ctx.db, ctx.user.warehouseId);
  const row = await selectProducts(ctx.db, warehouseId)
    .where('products.id', '=', ctx.params.productId)
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  return toProduct(row, ctx.config.currency, ctx.config.publicUrl, pricingOf(ctx.user));
};

export const getProductDetails: Handler<'getProductDetails'> = async (ctx) => {
  const details = await productDetails(
    ctx.db,
    ctx.params.productId,
    await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    ctx.config.currency,
    ctx.config.publicUrl,
    pricingOf(ctx.user),
  );
  if (details === undefined) throw notFound();
  return details;
};
