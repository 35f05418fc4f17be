/**
 * Applying a chunk of `Предложение` (prices and stock per warehouse; docs/adr/0090-catalogue-from-1c.md):
 *
 * - An offer is for the product with its 1C `Ид`; an offer for a product the portal does not have is skipped (the
 *   catalogue file names products first), and so is an offer for a variant (`Ид` with a characteristic).
 * - Prices of the price type that is the portal's price and of the retail one (`dictionary.ts`); a price in another
 *   currency, for another unit (`Коэффициент` ≠ 1) or not a number is left out with its reason.
 * - Stock per warehouse, in every form CommerceML writes it (`records.ts`): 1C's quantity, whole units. A negative
 *   or unreadable quantity, or one at a warehouse the portal does not know, is left out with its reason; a quantity
 *   without a warehouse goes to the only warehouse when there is one, else it is reported.
 * - 1C's quantity replaces the portal's figure for that warehouse; what the portal's own orders hold there is kept
 *   apart (`warehouse_stock.held`), so available = quantity − held (docs/adr/0091-stock-per-warehouse.md).
 * - "Updated" counts the products whose price or stock figure changed, except those this run created (their first
 *   prices and stock are part of creating them): a rerun of the same offers updates nothing.
 */
import { sql } from 'kysely';
import { addAll, isPortalCurrency, priceRoleOf, splitOnecId } from './dictionary.ts';
import { matchWarehouse, type ApplyContext } from './apply-classifier.ts';
import type { ChunkOutcome, Issue } from './issues.ts';
import { parseDecimal, priceInMinorUnits, quantityOf } from './numbers.ts';
import type { OfferRecord } from './records.ts';

const about = (record: OfferRecord): Pick<Issue, 'onecId' | 'sku' | 'name'> => ({
  onecId: record.id,
  sku: record.sku,
  name: record.name,
});

export async function applyOffers(
  ctx: ApplyContext,
  records: readonly OfferRecord[],
  outcome: ChunkOutcome,
): Promise<void> {
  const skip = (code: Issue['code'], record: OfferRecord, detail?: string): void => {
    outcome.skipped += 1;
    outcome.issues.push({ code, ...about(record), detail: detail ?? null });
  };
  const wanted = new Map<string, OfferRecord>();
  for (const record of records) {
    if (record.id === null) {
      skip('MISSING_ID', record);
      continue;
    }
    const { productId, characteristic } = splitOnecId(record.id);
    if (characteristic !== null) {
      skip('VARIANT', record, 'the portal sells products without variants (characteristics)');
      continue;
    }
    wanted.set(productId, record);
  }
  if (wanted.size === 0) return;
  const products = await ctx.trx
    .selectFrom('products')
    .select(['id', 'onec_id', 'onec_group_id', 'is_active', 'onec_created_run'])
    // Array parameters, not one parameter per value: binding and planning hundreds of them cost more than the lookup.
    .where(sql<boolean>`onec_id = any(${[...wanted.keys()]}::text[])`)
    .execute();
  const productOf = new Map(products.map((product) => [product.onec_id ?? '', product]));
  const warehouseIds = await ctx.trx.selectFrom('warehouses').select('id').orderBy('id').execute();
  const onlyWarehouse = warehouseIds.length === 1 ? (warehouseIds[0]?.id ?? null) : null;

  const priceRows: Array<{ id: number; price: number | null; retail: number | null }> = [];
  const stockRows: Array<{ warehouse_id: number; product_id: number; quantity: number }> = [];
  const deletions: number[] = [];
  const groups: string[] = [];
  const stocked = new Set<number>();
  for (const [onecId, record] of wanted) {
    const product = productOf.get(onecId);
    if (product === undefined) {
      skip(
        'UNKNOWN_PRODUCT',
        record,
        'no product with this Ид: the catalogue (import) file names products first',
      );
      continue;
    }
    if (product.onec_group_id !== null) groups.push(product.onec_group_id);
    if (record.deleted) {
      if (product.is_active) deletions.push(product.id);
      continue;
    }
    let price: number | null = null;
    let retail: number | null = null;
    for (const offered of record.prices) {
      if (offered.typeId === null) continue;
      const role = priceRoleOf(offered.typeId, ctx.dictionary, ctx.config);
      if (role === null) continue;
      const currency = offered.currency ?? ctx.dictionary.priceTypes[offered.typeId]?.currency ?? null;
      if (!isPortalCurrency(currency, ctx.currency)) {
        outcome.issues.push({
          code: 'OTHER_CURRENCY',
          ...about(record),
          detail: `${offered.value ?? ''} ${currency ?? ''}; prices are in ${ctx.currency}`.trim(),
        });
        continue;
      }
      const ratio = offered.ratio === null ? 1 : parseDecimal(offered.ratio);
      if (ratio !== 1) {
        outcome.issues.push({
          code: 'UNIT_RATIO',
          ...about(record),
          detail: `Коэффициент ${offered.ratio ?? ''}`,
        });
        continue;
      }
      const value = priceInMinorUnits(offered.value);
      if (!value.ok) {
        outcome.issues.push({
          code: 'BAD_NUMBER',
          ...about(record),
          detail: `price "${offered.value ?? ''}"`,
        });
        continue;
      }
      if (role === 'price') price = value.value;
      else retail = value.value;
    }
    if (price !== null || retail !== null) priceRows.push({ id: product.id, price, retail });

    const figures = new Map<number, number>();
    for (const stock of record.stocks) {
      let warehouseId: number | null;
      if (stock.warehouseId === null) {
        warehouseId = onlyWarehouse;
        if (warehouseId === null) {
          outcome.issues.push({
            code: 'STOCK_WITHOUT_WAREHOUSE',
            ...about(record),
            detail: `${stock.quantity ?? ''} without a warehouse; the portal has ${warehouseIds.length}`,
          });
          continue;
        }
      } else {
        warehouseId = await matchWarehouse(ctx, stock.warehouseId, null);
        if (warehouseId === null) {
          outcome.issues.push({ code: 'UNKNOWN_WAREHOUSE', ...about(record), detail: stock.warehouseId });
          continue;
        }
      }
      const quantity = quantityOf(stock.quantity);
      if (!quantity.ok) {
        outcome.issues.push({
          code: quantity.reason === 'negative' ? 'NEGATIVE_QUANTITY' : 'BAD_NUMBER',
          ...about(record),
          detail: `quantity "${stock.quantity ?? ''}"`,
        });
        continue;
      }
      figures.set(warehouseId, quantity.value);
    }
    for (const [warehouseId, quantity] of figures) {
      stockRows.push({ warehouse_id: warehouseId, product_id: product.id, quantity });
      stocked.add(warehouseId);
    }
  }
  const changed = new Set<number>();

  if (deletions.length > 0) {
    await ctx.trx
      .updateTable('products')
      .set({ is_active: false, inactive_reason: 'deleted_in_1c', updated_at: ctx.now })
      .where(sql<boolean>`id = any(${deletions}::int4[])`)
      .execute();
    outcome.deactivated += deletions.length;
  }
  if (priceRows.length > 0) {
    const repriced = await sql<{ id: number }>`
      update products p set
        price = coalesce(r.price, p.price),
        recommended_price = coalesce(r.retail, p.recommended_price),
        updated_at = ${ctx.now}
      from jsonb_to_recordset(${JSON.stringify(priceRows)}::jsonb) as r(id int, price int, retail int)
      where p.id = r.id
        and (p.price is distinct from coalesce(r.price, p.price)
             or p.recommended_price is distinct from coalesce(r.retail, p.recommended_price))
      returning p.id`.execute(ctx.trx);
    for (const row of repriced.rows) changed.add(row.id);
  }
  if (stockRows.length > 0) {
    const before = await ctx.trx
      .selectFrom('warehouse_stock')
      .select(['warehouse_id', 'product_id', 'quantity'])
      .where(sql<boolean>`product_id = any(${[...new Set(stockRows.map((row) => row.product_id))]}::int4[])`)
      .execute();
    const known = new Map(before.map((row) => [`${row.warehouse_id}:${row.product_id}`, row.quantity]));
    for (const row of stockRows) {
      if ((known.get(`${row.warehouse_id}:${row.product_id}`) ?? 0) !== row.quantity)
        changed.add(row.product_id);
    }
    await sql`
      insert into warehouse_stock (warehouse_id, product_id, quantity, seen_run, updated_at)
      select r.warehouse_id, r.product_id, r.quantity, ${ctx.runId}, ${ctx.now}
      from jsonb_to_recordset(${JSON.stringify(stockRows)}::jsonb) as r(warehouse_id int, product_id int, quantity int)
      on conflict (warehouse_id, product_id) do update set
        quantity = excluded.quantity,
        seen_run = excluded.seen_run,
        updated_at = case when warehouse_stock.quantity is distinct from excluded.quantity
                          then excluded.updated_at else warehouse_stock.updated_at end`.execute(ctx.trx);
  }
  const createdNow = new Set(
    products.filter((product) => product.onec_created_run === ctx.runId).map((product) => product.id),
  );
  for (const id of changed) if (!createdNow.has(id)) outcome.updated += 1;
  if (ctx.fullUpload) {
    addAll(ctx.dictionary.offerGroups, groups);
    addAll(ctx.dictionary.offerWarehouses, stocked);
  }
}

/**
 * A full offers package: at each warehouse it gave figures for, the products of the groups it covers that it did
 * not name have nothing there any more (1C lists only what it has). Answers how many figures went to 0.
 */
export async function zeroUnnamedStock(ctx: Omit<ApplyContext, 'files'>): Promise<number> {
  const warehouses = ctx.dictionary.offerWarehouses;
  const groups = [...new Set([...ctx.dictionary.offerGroups, ...ctx.dictionary.classifierGroups])];
  if (warehouses.length === 0 || groups.length === 0) return 0;
  const result = await sql<{ product_id: number }>`
    update warehouse_stock s set quantity = 0, updated_at = ${ctx.now}
    from products p
    where p.id = s.product_id
      and s.warehouse_id in (${sql.join(warehouses)})
      and s.seen_run is distinct from ${ctx.runId}
      and s.quantity <> 0
      and p.onec_id is not null
      and p.onec_group_id in (${sql.join(groups)})
    returning s.product_id`.execute(ctx.trx);
  return new Set(result.rows.map((row) => row.product_id)).size;
}
