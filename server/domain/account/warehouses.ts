/** Warehouses and pickup points as the API shows them (`Warehouse`, `PickupPoint`). */
import type { Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { Lang } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { openingHoursOf } from './opening-hours.ts';

export type Warehouse = components['schemas']['Warehouse'];
export type PickupPoint = components['schemas']['PickupPoint'];

/**
 * Active pickup points, ordered by warehouse then id. `warehouseIds` limits them to those warehouses (an empty list
 * gives none); without it every warehouse's points are listed. A point's city is its warehouse's city.
 */
export async function listPickupPoints(
  db: Kysely<DB>,
  warehouseIds?: readonly number[],
): Promise<PickupPoint[]> {
  if (warehouseIds !== undefined && warehouseIds.length === 0) return [];
  let query = db
    .selectFrom('pickup_points as p')
    .innerJoin('warehouses as w', 'w.id', 'p.warehouse_id')
    .select(['p.id', 'p.name', 'p.address', 'p.working_hours', 'p.warehouse_id', 'w.city'])
    .where('p.is_active', '=', true);
  if (warehouseIds !== undefined) query = query.where('p.warehouse_id', 'in', warehouseIds);
  const rows = await query.orderBy('p.warehouse_id').orderBy('p.id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    city: row.city,
    address: row.address,
    workingHours: row.working_hours,
    openingHours: openingHoursOf(row.working_hours),
    warehouseId: row.warehouse_id,
  }));
}

/** A warehouse with its active pickup points, its name in `lang`; null when there is no such warehouse. */
export async function loadWarehouse(db: Kysely<DB>, id: number, lang: Lang): Promise<Warehouse | null> {
  const row = await db
    .selectFrom('warehouses')
    .select(['id', 'code', 'name', 'city', 'address'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    id: row.id,
    number: row.code,
    name: row.name[lang],
    names: row.name,
    city: row.city,
    address: row.address,
    pickupPoints: await listPickupPoints(db, [row.id]),
  };
}
