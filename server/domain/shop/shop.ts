/**
 * A distributor's shop (`/s/{alias}`, docs/adr/0146-the-shop-link.md): found by the owner's alias or PRN as the
 * join finds a sponsor (an unknown, disabled or non-distributor account is no shop), with the owner's warehouse —
 * where the shop's clients pick up and whose stock the window shows. Its goods are the catalogue's active products
 * at the retail price (`retail.ts`), with the filters and sorts of `GET /goods`.
 */
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { listProducts, type ListingQuery } from '../catalogue/listing.ts';
import { selectProducts, toProduct, type Product } from '../catalogue/product.ts';
import { findDistributor, type PublicDistributor } from '../sign-up/alias.ts';
import { stockWarehouseOf } from '../stock/warehouse-stock.ts';

export type ShopCard = components['schemas']['ShopCard'];
export type ShopGood = components['schemas']['ShopGood'];
export type ShopGoodDetails = components['schemas']['ShopGoodDetails'];
export type ShopGoodsPage = components['schemas']['ShopGoodsPage'];

export interface Shop {
  owner: PublicDistributor;
  warehouse: ShopCard['warehouse'];
}

type Db = Kysely<DB> | Transaction<DB>;

/** The shop of the active distributor whose alias or PRN is `ref`, or null. */
export async function findShop(db: Db, ref: string): Promise<Shop | null> {
  const owner = await findDistributor(db, ref);
  if (owner === null) return null;
  const home = await db
    .selectFrom('users')
    .select('warehouse_id')
    .where('id', '=', owner.id)
    .executeTakeFirstOrThrow();
  const warehouseId = await stockWarehouseOf(db, home.warehouse_id);
  const warehouse = await db
    .selectFrom('warehouses')
    .select(['id', 'name', 'city'])
    .where('id', '=', warehouseId)
    .executeTakeFirst();
  if (warehouse === undefined) return null;
  return { owner, warehouse };
}

export function shopCard(shop: Shop): ShopCard {
  const { owner } = shop;
  return {
    alias: owner.alias,
    prn: owner.prn,
    fullName: owner.fullName,
    city: owner.city,
    warehouse: shop.warehouse,
  };
}

/** A retail-priced Product as the shop window shows it. */
function toShopGood(product: Product): ShopGood {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    category: product.category,
    imageUrl: product.imageUrl,
    price: product.price,
    currency: product.currency,
    points: product.points,
    inStock: product.stock > 0,
  };
}

export type ShopGoodsQuery = Omit<ListingQuery, 'warehouseId' | 'pricing' | 'inStockFirst'>;

/**
 * A page of the shop's window: active products at the retail price, stock at the owner's warehouse, what can be
 * bought first (a visitor cannot ask for what is out), then the sort asked for.
 */
export async function shopGoods(
  db: Kysely<DB>,
  shop: Shop,
  query: ShopGoodsQuery,
  currency: string,
  publicUrl: string,
): Promise<ShopGoodsPage> {
  const page = await listProducts(
    db,
    { ...query, warehouseId: shop.warehouse.id, pricing: 'retail', inStockFirst: true },
    currency,
    publicUrl,
  );
  return { items: page.items.map(toShopGood), total: page.total, page: page.page, pageSize: page.pageSize };
}

/** One active product of the shop at the retail price, with its description; null when unknown or not sold. */
export async function shopGood(
  db: Kysely<DB>,
  shop: Shop,
  productId: number,
  currency: string,
  publicUrl: string,
): Promise<ShopGoodDetails | null> {
  const row = await selectProducts(db, shop.warehouse.id)
    .where('products.id', '=', productId)
    .where('products.is_active', '=', true)
    .executeTakeFirst();
  if (row === undefined) return null;
  const product = toProduct(row, currency, publicUrl, 'retail');
  return { ...toShopGood(product), description: product.description };
}
