/**
 * Applying what a file's classifier and package headers describe: groups (kept in `onec_groups` with the category
 * each maps to), product properties, price types and warehouses (matched to the portal's once, then by 1C `Ид`).
 * See `dictionary.ts` for the rules.
 */
import type { Transaction } from 'kysely';
import type { CatalogueExchangeConfig } from '#server/config.ts';
import type { Category } from '#server/db/reference.ts';
import type { DB } from '#server/db/schema.ts';
import { normalName } from '../xml-stream.ts';
import { addAll, categoryOfGroup, type Dictionary } from './dictionary.ts';
import type { FileSource } from './files.ts';
import type { ChunkOutcome } from './issues.ts';
import type { GroupRecord, PriceTypeRecord, PropertyRecord, WarehouseRecord } from './records.ts';

/** What applying a chunk needs to know (one per chunk, inside its transaction). */
export interface ApplyContext {
  trx: Transaction<DB>;
  runId: number;
  file: string;
  config: CatalogueExchangeConfig;
  currency: string;
  /** the run's dictionary; changed in place (the caller stores it with the chunk) */
  dictionary: Dictionary;
  files: FileSource;
  /** the file says `СодержитТолькоИзменения="false"` */
  fullUpload: boolean;
  now: Date;
}

/** Groups, parents before their children (as the classifier's tree is read). */
export async function applyGroups(ctx: ApplyContext, groups: readonly GroupRecord[]): Promise<void> {
  if (groups.length === 0) return;
  const parentIds = [
    ...new Set(groups.map((group) => group.parentId).filter((id): id is string => id !== null)),
  ];
  const known = new Map<string, Category | null>();
  if (parentIds.length > 0) {
    const rows = await ctx.trx
      .selectFrom('onec_groups')
      .select(['onec_id', 'category'])
      .where('onec_id', 'in', parentIds)
      .execute();
    for (const row of rows) known.set(row.onec_id, row.category);
  }
  const values = groups.map((group) => {
    const parentCategory = group.parentId === null ? null : (known.get(group.parentId) ?? null);
    const category = categoryOfGroup(group, parentCategory, ctx.config);
    known.set(group.id, category);
    return {
      onec_id: group.id.slice(0, 200),
      name: group.name.slice(0, 300),
      parent_id: group.parentId,
      category,
      updated_at: ctx.now,
    };
  });
  await ctx.trx
    .insertInto('onec_groups')
    .values(values)
    .onConflict((oc) =>
      oc.column('onec_id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        parent_id: eb.ref('excluded.parent_id'),
        category: eb.ref('excluded.category'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  addAll(
    ctx.dictionary.classifierGroups,
    groups.map((group) => group.id),
  );
}

export function applyProperties(ctx: ApplyContext, properties: readonly PropertyRecord[]): void {
  for (const property of properties) ctx.dictionary.properties[property.id] = property.name;
}

export function applyPriceTypes(ctx: ApplyContext, types: readonly PriceTypeRecord[]): void {
  for (const type of types) ctx.dictionary.priceTypes[type.id] = { name: type.name, currency: type.currency };
}

/**
 * The portal warehouse a 1C warehouse is: `EXCHANGE_WAREHOUSE_MAP` by `Ид`, else the one already matched to that
 * `Ид`, else the one whose Russian name it bears (then its `Ид` is kept on it). Null when none: reported.
 */
export async function matchWarehouse(
  ctx: ApplyContext,
  onecId: string,
  name: string | null,
): Promise<number | null> {
  const known = ctx.dictionary.warehouses[onecId];
  if (known !== undefined) return known.warehouseId;
  const warehouses = await ctx.trx
    .selectFrom('warehouses')
    .select(['id', 'code', 'name', 'onec_id'])
    .execute();
  const mappedCode = ctx.config.warehouseMap[onecId];
  let found =
    mappedCode !== undefined
      ? warehouses.find((warehouse) => warehouse.code === mappedCode)
      : (warehouses.find((warehouse) => warehouse.onec_id === onecId) ??
        (name === null
          ? undefined
          : warehouses.find(
              (warehouse) => warehouse.onec_id === null && normalName(warehouse.name.ru) === normalName(name),
            )));
  if (found !== undefined && found.onec_id !== onecId) {
    await ctx.trx.updateTable('warehouses').set({ onec_id: null }).where('onec_id', '=', onecId).execute();
    await ctx.trx.updateTable('warehouses').set({ onec_id: onecId }).where('id', '=', found.id).execute();
    found = { ...found, onec_id: onecId };
  }
  const warehouseId = found?.id ?? null;
  ctx.dictionary.warehouses[onecId] = { name: name ?? onecId, warehouseId };
  return warehouseId;
}

export async function applyWarehouses(
  ctx: ApplyContext,
  warehouses: readonly WarehouseRecord[],
  outcome: ChunkOutcome,
): Promise<void> {
  for (const warehouse of warehouses) {
    if (ctx.dictionary.warehouses[warehouse.id] !== undefined) continue;
    const id = await matchWarehouse(ctx, warehouse.id, warehouse.name);
    if (id === null) {
      outcome.issues.push({
        code: 'UNKNOWN_WAREHOUSE',
        onecId: warehouse.id,
        name: warehouse.name,
        detail: 'no warehouse of the portal has this name, and EXCHANGE_WAREHOUSE_MAP does not name it',
      });
    }
  }
}
