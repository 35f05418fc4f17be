/**
 * The orders a print needs, read in one go for a list of ids of one warehouse: customer, delivery address or
 * pickup point, comments, totals and lines (name in the staff member's language, SKU, the quantity that counts:
 * confirmed once confirmed, else requested).
 */
import type { Lang } from '../../db/reference.ts';
import type { AddressSnapshot } from '../../db/schema.ts';
import type { Db } from '../../domain/orders/order-view.ts';
import { deliveryPriceOf } from '../../domain/orders/money.ts';

export interface PrintLine {
  name: string;
  sku: string;
  quantity: number;
  /** unit price paid, minor units */
  price: number;
  /** PV per unit */
  points: number;
}

export interface PrintOrder {
  id: number;
  number: string;
  createdAt: Date;
  customer: { fullName: string; prn: string | null; phone: string | null; email: string };
  deliveryType: 'delivery' | 'pickup';
  address: AddressSnapshot | null;
  pickupPoint: { name: string; address: string } | null;
  comment: string | null;
  courierComment: string | null;
  amount: number;
  discount: number;
  deliveryPrice: number;
  finalCost: number;
  points: number;
  currency: string;
  lines: PrintLine[];
}

/** The orders of `warehouseId` among `ids`, in the order of `ids`; ids of other warehouses are left out. */
export async function loadPrintOrders(
  db: Db,
  warehouseId: number,
  ids: readonly number[],
  lang: Lang,
): Promise<PrintOrder[]> {
  if (ids.length === 0) return [];
  const [rows, lines] = await Promise.all([
    db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .leftJoin('pickup_points as p', 'p.id', 'o.pickup_point_id')
      .select([
        'o.id',
        'o.number',
        'o.created_at',
        'o.delivery_type',
        'o.delivery_address',
        'o.comment',
        'o.courier_comment',
        'o.amount',
        'o.discount',
        'o.final_cost',
        'o.points',
        'o.currency',
        'u.full_name',
        'u.prn',
        'u.phone',
        'u.email',
        'p.name as pickup_name',
        'p.address as pickup_address',
      ])
      .where('o.warehouse_id', '=', warehouseId)
      .where('o.id', 'in', ids)
      .execute(),
    db
      .selectFrom('order_lines as l')
      .innerJoin('products as pr', 'pr.id', 'l.product_id')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select([
        'l.order_id',
        'l.name',
        'pr.sku',
        'l.price',
        'l.points',
        'l.requested_quantity',
        'l.confirmed_quantity',
      ])
      .where('o.warehouse_id', '=', warehouseId)
      .where('l.order_id', 'in', ids)
      .orderBy('l.id')
      .execute(),
  ]);
  const byId = new Map(
    rows.map((row): [number, PrintOrder] => [
      row.id,
      {
        id: row.id,
        number: row.number,
        createdAt: row.created_at,
        customer: { fullName: row.full_name, prn: row.prn, phone: row.phone, email: row.email },
        deliveryType: row.delivery_type,
        address: row.delivery_address,
        pickupPoint:
          row.pickup_name === null || row.pickup_address === null
            ? null
            : { name: row.pickup_name[lang], address: row.pickup_address },
        comment: row.comment,
        courierComment: row.courier_comment,
        amount: row.amount,
        discount: row.discount,
        deliveryPrice: deliveryPriceOf(row),
        finalCost: row.final_cost,
        points: Number(row.points),
        currency: row.currency,
        lines: [],
      },
    ]),
  );
  for (const line of lines) {
    byId.get(line.order_id)?.lines.push({
      name: line.name[lang],
      sku: line.sku,
      quantity: line.confirmed_quantity ?? line.requested_quantity,
      price: line.price,
      points: Number(line.points),
    });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
