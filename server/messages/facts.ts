/**
 * What a message says that the database holds at delivery (docs/adr/0100-message-delivery.md): the recipient, and
 * for an order's message the order as it is now. What the database would not hold later (a reason, an amount at
 * the time) travels in the message's `data` instead.
 */
import type { Kysely } from 'kysely';
import type {
  DeliveryType,
  OrderStatus,
  PaymentMethod,
  PaymentState,
} from '../../machines/order-lifecycle/order-lifecycle.types.ts';
import type { Lang, Localized } from '../db/reference.ts';
import type { DB } from '../db/schema.ts';
import { awaitsPickup, handoverCode } from '../domain/orders/handover-code.ts';
import { langOr } from './i18n.ts';

export interface Recipient {
  id: number;
  name: string;
  email: string;
  lang: Lang;
  isPartner: boolean;
  isWarehouse: boolean;
}

export interface OrderFacts {
  id: number;
  number: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  deliveryType: DeliveryType;
  finalCost: number;
  currency: string;
  points: number;
  /** Units ordered (confirmed where the warehouse confirmed). */
  units: number;
  warehouseName: string;
  warehousePhone: string;
  pickupPoint: { name: string; address: string; hours: string } | null;
  /** The delivery address as one line. */
  address: string | null;
  cancelReason: string | null;
  partialNote: string | null;
  /** The code to show at the pickup point while the order awaits pickup, else null. */
  handoverCode: string | null;
}

/** The recipients of `userIds` by id (one query); users who are gone are absent. */
export async function loadRecipients(
  db: Kysely<DB>,
  userIds: readonly number[],
): Promise<Map<number, Recipient>> {
  const recipients = new Map<number, Recipient>();
  if (userIds.length === 0) return recipients;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'lang', 'is_partner', 'is_warehouse'])
    .where('id', 'in', userIds)
    .execute();
  for (const row of rows) recipients.set(row.id, recipientOf(row));
  return recipients;
}

/** A `users` row as a recipient. */
export function recipientOf(row: {
  id: number;
  full_name: string;
  email: string;
  lang: string | null;
  is_partner: boolean;
  is_warehouse: boolean;
}): Recipient {
  return {
    id: row.id,
    name: row.full_name,
    email: row.email,
    lang: langOr(row.lang),
    isPartner: row.is_partner,
    isWarehouse: row.is_warehouse,
  };
}

const localized = (value: Localized | string, lang: Lang): string =>
  typeof value === 'string' ? value : (value[lang] ?? value.ru);

/** An order as read for its messages, before it is put in a recipient's language. */
export interface OrderRecord {
  row: OrderRow;
  handoverCode: string | null;
}

type OrderRow = Awaited<ReturnType<typeof orderRows>>[number];

function orderRows(db: Kysely<DB>, orderIds: readonly number[]) {
  return db
    .selectFrom('orders as o')
    .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .leftJoin('pickup_points as p', 'p.id', 'o.pickup_point_id')
    .select([
      'o.id',
      'o.number',
      'o.status',
      'o.payment_method',
      'o.payment_state',
      'o.delivery_type',
      'o.final_cost',
      'o.currency',
      'o.points',
      'o.delivery_address',
      'o.cancel_reason',
      'o.partial_note',
      'o.created_at',
      'w.name as warehouse_name',
      'w.phone as warehouse_phone',
      'p.name as point_name',
      'p.address as point_address',
      'p.working_hours as point_hours',
    ])
    .select((eb) =>
      eb
        .selectFrom('order_lines as l')
        .select((inner) =>
          inner.fn
            .coalesce(
              inner.fn.sum<number>(inner.fn.coalesce('l.confirmed_quantity', 'l.requested_quantity')),
              inner.lit(0),
            )
            .as('units'),
        )
        .whereRef('l.order_id', '=', 'o.id')
        .as('units'),
    )
    .where('o.id', 'in', orderIds)
    .execute();
}

/**
 * The orders of `orderIds` as their messages show them, by id (two queries for any number of orders: the orders,
 * and when they became ready for those awaiting pickup); orders that are gone are absent. `handoverSecret` derives
 * the pickup code (server/domain/orders/handover.ts: the same moment `readyMomentOf` reads).
 */
export async function loadOrderRecords(
  db: Kysely<DB>,
  orderIds: readonly number[],
  handoverSecret: string,
): Promise<Map<number, OrderRecord>> {
  const records = new Map<number, OrderRecord>();
  if (orderIds.length === 0) return records;
  const rows = await orderRows(db, [...new Set(orderIds)]);
  const waiting = rows.filter((row) => awaitsPickup(row.status, row.delivery_type)).map((row) => row.id);
  const readyAt = new Map<number, Date>();
  if (waiting.length > 0)
    for (const moment of await db
      .selectFrom('order_history')
      .select((eb) => ['order_id', eb.fn.max('at').as('at')])
      .where('order_id', 'in', waiting)
      .where('to_status', '=', 'ready')
      .groupBy('order_id')
      .execute())
      if (moment.at !== null) readyAt.set(moment.order_id, new Date(moment.at));
  for (const row of rows)
    records.set(row.id, {
      row,
      handoverCode: waiting.includes(row.id)
        ? handoverCode(handoverSecret, row.id, readyAt.get(row.id) ?? row.created_at ?? new Date(0))
        : null,
    });
  return records;
}

/** The order as the message shows it in `lang`; null when it is gone. `handoverSecret` derives the pickup code. */
export async function loadOrderFacts(
  db: Kysely<DB>,
  orderId: number,
  lang: Lang,
  handoverSecret: string,
): Promise<OrderFacts | null> {
  const record = (await loadOrderRecords(db, [orderId], handoverSecret)).get(orderId);
  return record === undefined ? null : orderFactsIn(record, lang);
}

/** An order read by `loadOrderRecords`, in `lang`. */
export function orderFactsIn({ row, handoverCode: code }: OrderRecord, lang: Lang): OrderFacts {
  const address = row.delivery_address;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    paymentMethod: row.payment_method,
    paymentState: row.payment_state,
    deliveryType: row.delivery_type,
    finalCost: row.final_cost,
    currency: row.currency,
    points: Number(row.points),
    units: Number(row.units ?? 0),
    warehouseName: localized(row.warehouse_name, lang),
    warehousePhone: row.warehouse_phone,
    pickupPoint:
      row.point_name === null
        ? null
        : {
            name: localized(row.point_name, lang),
            address: row.point_address ?? '',
            hours: row.point_hours ?? '',
          },
    address:
      address === null
        ? null
        : [address.postIndex, address.city, `${address.street} ${address.house}`.trim(), address.apartment]
            .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
            .join(', '),
    cancelReason: row.cancel_reason,
    partialNote: row.partial_note,
    handoverCode: code,
  };
}
