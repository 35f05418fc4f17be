/**
 * An order's money: its amounts from its lines (`orderMoney`, when the lifecycle changes them) and the delivery
 * part of a stored total (`deliveryPriceOf`). Prices and totals are minor units. The delivery price itself, before
 * an order exists, is the checkout's rule (`machines/checkout/checkout.delivery-price.rules.ts`).
 */
import type { Selectable } from 'kysely';
import { computeTotals } from '#machines/order-lifecycle/order-lifecycle.lines.rules.ts';
import type { OrdersTable } from '../../db/schema.ts';

/** Order money from lines (machine lines carry the paid price; list prices come from the rows). */
export function orderMoney(
  lines: ReadonlyArray<{
    requested: number;
    confirmed: number | null;
    price: number;
    listPrice: number;
    points: number;
  }>,
  deliveryPrice: number,
): { amount: number; discount: number; finalCost: number; points: number; itemCount: number } {
  const paid = computeTotals(lines.map((line, index) => ({ ...line, lineId: String(index) })));
  const list = computeTotals(
    lines.map((line, index) => ({ ...line, price: line.listPrice, lineId: String(index) })),
  );
  return {
    amount: list.amount,
    discount: list.amount - paid.amount,
    finalCost: paid.amount + deliveryPrice,
    points: paid.points,
    itemCount: paid.itemCount,
  };
}

/** The delivery part of `final_cost` (never negative). */
export function deliveryPriceOf(
  row: Pick<Selectable<OrdersTable>, 'amount' | 'discount' | 'final_cost'>,
): number {
  return Math.max(0, row.final_cost - (row.amount - row.discount));
}
