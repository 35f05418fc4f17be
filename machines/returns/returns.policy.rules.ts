import type { OrderStatus } from '../order-lifecycle/order-lifecycle.types.ts';
import {
  RETURN_REASONS,
  RETURNS_IN_PLAY,
  type RefundRatePercent,
  type ReturnLineProblem,
  type ReturnMachineLine,
  type ReturnReason,
  type ReturnRequest,
  type ReturnStatus,
} from './returns.types.ts';

/**
 * The return policy, in one place for the server (which enforces it) and the SPA (which explains it before the
 * distributor asks): when an order may be returned, for which reason, how much, and what a return is worth
 * (docs/adr/0138-returns.md). Pure: `now` is always passed in.
 */

/** `faulty` and `wrong_item`, and a full refund of `unopened` goods: this many days from the order's receipt. */
export const RETURN_WINDOW_DAYS = 14;
/** `unopened` goods in their original packaging are bought back this many calendar months from the receipt. */
export const BUY_BACK_MONTHS = 12;
/** The share of the price a buy-back after the return window refunds (the codes of ethics ask for at least 90 %). */
export const BUY_BACK_RATE = 0.9;

const DAY_MS = 86_400_000;
const FULL: RefundRatePercent = 100;
const BUY_BACK: RefundRatePercent = 90;
if (Math.round(BUY_BACK_RATE * 100) !== BUY_BACK) throw new Error('BUY_BACK_RATE and the contract disagree');

/**
 * Order statuses a return can be asked for: the credited ones (the goods were received and their points counted).
 * A `received` order is completed by the server at once, so it is never seen waiting here.
 */
export const RETURNABLE_ORDER_STATUSES = [
  'completed',
  'sent_to_1c',
] as const satisfies readonly OrderStatus[];

export function isReturnableStatus(status: OrderStatus): boolean {
  return (RETURNABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** The same moment `months` calendar months later (UTC), on the month's last day when it is shorter. */
export function addMonthsUtc(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** End of the full-refund window: `RETURN_WINDOW_DAYS` × 24 h after the receipt. */
export function returnWindowEnd(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

/** The last moment this reason may be given for an order received at `receivedAt`. */
export function returnDeadline(reason: ReturnReason, receivedAt: Date): Date {
  return reason === 'unopened' ? addMonthsUtc(receivedAt, BUY_BACK_MONTHS) : returnWindowEnd(receivedAt);
}

/** The refund rate of a return with this reason requested `now`, or null when its period is over. */
export function refundRatePercent(
  reason: ReturnReason,
  receivedAt: Date,
  now: Date,
): RefundRatePercent | null {
  if (now.getTime() > returnDeadline(reason, receivedAt).getTime()) return null;
  return now.getTime() <= returnWindowEnd(receivedAt).getTime() ? FULL : BUY_BACK;
}

export interface ReturnWindowView {
  reason: ReturnReason;
  /** null when the order is not returnable at all (not received, or not in a returnable status). */
  until: Date | null;
  ratePercent: RefundRatePercent;
  open: boolean;
}

/** Each reason's deadline and rate for this order now. */
export function returnWindows(status: OrderStatus, receivedAt: Date | null, now: Date): ReturnWindowView[] {
  return RETURN_REASONS.map((reason) => {
    if (receivedAt === null || !isReturnableStatus(status)) {
      return { reason, until: null, ratePercent: FULL, open: false };
    }
    const rate = refundRatePercent(reason, receivedAt, now);
    return {
      reason,
      until: returnDeadline(reason, receivedAt),
      ratePercent: rate ?? (reason === 'unopened' ? BUY_BACK : FULL),
      open: rate !== null,
    };
  });
}

/** A line of the order as a return sees it: its product and the units the customer received (confirmed). */
export interface ReturnableOrderLine {
  productId: number;
  received: number;
}

/** The order's other returns as far as they hold its units. */
export interface OtherReturn {
  status: ReturnStatus;
  lines: readonly Pick<ReturnMachineLine, 'productId' | 'requested' | 'received'>[];
}

/**
 * Units of each product other returns in play hold: a return not yet received holds what it asks for; a received
 * or accepted one what came (the units that never came may be asked for again).
 */
export function heldUnits(returns: readonly OtherReturn[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const other of returns) {
    if (!(RETURNS_IN_PLAY as readonly ReturnStatus[]).includes(other.status)) continue;
    for (const line of other.lines) {
      const units = other.status === 'requested' ? line.requested : (line.received ?? line.requested);
      held.set(line.productId, (held.get(line.productId) ?? 0) + units);
    }
  }
  return held;
}

export interface ReturnableLineView {
  productId: number;
  received: number;
  held: number;
  returnable: number;
}

export function returnableLines(
  lines: readonly ReturnableOrderLine[],
  held: ReadonlyMap<number, number>,
): ReturnableLineView[] {
  return lines.map((line) => {
    const h = held.get(line.productId) ?? 0;
    return {
      productId: line.productId,
      received: line.received,
      held: h,
      returnable: Math.max(0, line.received - h),
    };
  });
}

/** One reason a request (or a receipt) is refused; `path` is a JSON pointer into the body. */
export interface ReturnProblem {
  path: string;
  reason: ReturnLineProblem;
  message: string;
}

export interface ReturnableOrder {
  status: OrderStatus;
  /** When the customer received the order (the periods count from it); null before. */
  receivedAt: Date | null;
  lines: readonly ReturnableOrderLine[];
}

export type RequestCheck =
  { ok: true; ratePercent: RefundRatePercent; problems: [] } | { ok: false; problems: ReturnProblem[] };

/**
 * Checks a return request against the policy: the order's status, the reason's period, and per line that it is of
 * the order, given once, and within what was received less what other returns in play hold. Every problem is
 * listed (the distributor fixes them at once), each with the line it is about.
 */
export function checkReturnRequest(
  order: ReturnableOrder,
  held: ReadonlyMap<number, number>,
  request: Pick<ReturnRequest, 'reason' | 'lines'>,
  now: Date,
): RequestCheck {
  if (order.receivedAt === null || !isReturnableStatus(order.status)) {
    return {
      ok: false,
      problems: [
        {
          path: '',
          reason: 'order_not_returnable',
          message: 'Only a received order can be returned.',
        },
      ],
    };
  }
  const rate = refundRatePercent(request.reason, order.receivedAt, now);
  if (rate === null) {
    const until = returnDeadline(request.reason, order.receivedAt).toISOString();
    return {
      ok: false,
      problems: [
        { path: '/reason', reason: 'window_over', message: `The period for this reason ended at ${until}.` },
      ],
    };
  }
  const problems: ReturnProblem[] = [];
  const seen = new Set<number>();
  const byProduct = new Map(order.lines.map((line) => [line.productId, line]));
  request.lines.forEach((line, index) => {
    const path = `/lines/${index}`;
    const orderLine = byProduct.get(line.productId);
    if (seen.has(line.productId)) {
      problems.push({ path, reason: 'duplicate_line', message: 'This product is already in the return.' });
      return;
    }
    seen.add(line.productId);
    if (orderLine === undefined) {
      problems.push({ path, reason: 'not_in_order', message: 'This product is not in the order.' });
      return;
    }
    const left = Math.max(0, orderLine.received - (held.get(line.productId) ?? 0));
    if (line.quantity > left) {
      problems.push({
        path,
        reason: 'too_many',
        message: `At most ${left} of this product can be returned.`,
      });
    }
  });
  return problems.length === 0 ? { ok: true, ratePercent: rate, problems: [] } : { ok: false, problems };
}

/** Units a line counts for: what came once received, else what was asked for. */
export function unitsOf(line: Pick<ReturnMachineLine, 'requested' | 'received'>): number {
  return line.received ?? line.requested;
}

/** `amount × rate %`, rounded half-up to a whole minor unit. */
export function applyRate(amount: number, ratePercent: RefundRatePercent): number {
  return Math.floor((amount * ratePercent + 50) / 100);
}

/**
 * The refund: Σ units × unit price paid × rate, rounded half-up once per return. Delivery is never refunded.
 * Damaged units count: they came back (they only do not go back into stock).
 */
export function refundAmount(
  lines: readonly Pick<ReturnMachineLine, 'requested' | 'received' | 'unitPrice'>[],
  ratePercent: RefundRatePercent,
): number {
  const goods = lines.reduce((sum, line) => sum + unitsOf(line) * line.unitPrice, 0);
  return applyRate(goods, ratePercent);
}

/** The points the return takes back, in hundredths of a point (exact): Σ units × PV per unit. */
export function returnPointsHundredths(
  lines: readonly Pick<ReturnMachineLine, 'requested' | 'received' | 'points'>[],
): number {
  return lines.reduce((sum, line) => sum + unitsOf(line) * Math.round(line.points * 100), 0);
}

/** Units that go back into stock on acceptance: the received ones that are not damaged. */
export function restockUnits(line: Pick<ReturnMachineLine, 'received' | 'damaged'>): number {
  return Math.max(0, (line.received ?? 0) - (line.damaged ?? 0));
}
