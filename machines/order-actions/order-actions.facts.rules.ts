import {
  computeTotals,
  validatePartial,
  type PartialProblem,
} from '../order-lifecycle/order-lifecycle.lines.rules.ts';
import { applyEvent } from '../order-lifecycle/order-lifecycle.transitions.ts';
import type {
  LineQuantity,
  OrderFacts,
  OrderLine,
  OrderStatus,
  OrderTotals,
} from '../order-lifecycle/order-lifecycle.types.ts';
import type {
  ExternalChange,
  ActionFailure,
  ApiOrder,
  DirectAction,
  PartialDraft,
  ReasonAction,
  ViewerRole,
} from './order-actions.types.ts';

/**
 * Pure helpers between the API's order and the lifecycle machine's facts: what the workflow machine, its selectors
 * and the order pages share. Nothing here decides a rule; the lifecycle machine does.
 */

/** The unit price that counts: the promotion price when the order was placed with one. */
function unitPrice(line: ApiOrder['lines'][number]): number {
  return line.promoPrice ?? line.price;
}

/**
 * The lifecycle's view of the order's lines (`lineId` = the API line id as a string, as the server does). Staff's
 * copy carries the stock on hand per line, which the lifecycle reads as `available` (a short line blocks Confirm).
 */
export function lifecycleLines(order: ApiOrder): OrderLine[] {
  return order.lines.map((line) => ({
    lineId: String(line.id),
    requested: line.requestedQuantity,
    confirmed: line.confirmedQuantity,
    price: unitPrice(line),
    points: line.points,
    ...(line.stockOnHand === undefined ? {} : { available: line.stockOnHand }),
  }));
}

/** Lines the warehouse knows it cannot fill: stock on hand below the requested quantity (staff's copy only). */
export function shortLines(order: ApiOrder): ApiOrder['lines'] {
  return order.lines.filter(
    (line) => line.stockOnHand !== undefined && line.stockOnHand < line.requestedQuantity,
  );
}

/** The lifecycle would allow `order.confirm` for `role` if no line were short (so Confirm shows, disabled). */
export function confirmBlockedByStock(order: ApiOrder, role: ViewerRole): boolean {
  if (shortLines(order).length === 0) return false;
  const unstocked = { ...orderFacts(order), lines: orderFacts(order).lines.map(withoutStock) };
  return applyEvent(unstocked, { type: 'order.confirm', role }).error === undefined;
}

function withoutStock({ available: _available, ...line }: OrderLine): OrderLine {
  return line;
}

/** The stored facts of an API order, enough for the lifecycle selectors (`selectOrderActions`, `allowedEvents`). */
export function orderFacts(order: ApiOrder): OrderFacts {
  return {
    status: order.status,
    paymentState: order.paymentState,
    paymentMethod: order.paymentMethod,
    deliveryType: order.deliveryType,
    hasDeliveryAddress: order.deliveryAddress !== null,
    lines: lifecycleLines(order),
    cancelReason: order.cancelReason,
  };
}

const SAMPLE_REASON = 'reason';

/**
 * The status an action leads to for this role now (what `POST /orders/set/{id}/status?status=` needs), or null
 * when the lifecycle refuses it. Asked of the machine (`applyEvent`), never written down here.
 */
export function targetStatus(
  order: ApiOrder,
  role: ViewerRole,
  action: DirectAction | ReasonAction,
): OrderStatus | null {
  const result = applyEvent(orderFacts(order), { type: action, role, comment: SAMPLE_REASON });
  return result.error === undefined ? result.status : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Enough of an order's shape to show it (the 409 body's `order`; the contract guarantees the rest). */
export function isApiOrder(value: unknown): value is ApiOrder {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.version === 'number' &&
    typeof value.status === 'string' &&
    Array.isArray(value.lines) &&
    Array.isArray(value.history)
  );
}

/** Reads a failed call (the client's normalised `ApiError`, or anything thrown). */
export function readFailure(error: unknown): ActionFailure {
  if (!isRecord(error)) return { code: null, status: null, order: null };
  return {
    code: typeof error.code === 'string' ? error.code : null,
    status: typeof error.status === 'number' ? error.status : null,
    order: isApiOrder(error.order) ? error.order : null,
  };
}

/**
 * The editor's first draft: every line at what stock allows (min(requested, on hand); the requested quantity where
 * stock is unknown), no note, untouched (no problem is shown before the first change or submit).
 */
export function initialPartialDraft(order: ApiOrder): PartialDraft {
  return {
    quantities: Object.fromEntries(
      order.lines.map((line) => [
        String(line.id),
        Math.min(line.requestedQuantity, line.stockOnHand ?? line.requestedQuantity),
      ]),
    ),
    note: '',
    touched: false,
  };
}

/** A draft fits an order when it names exactly the order's lines (a fresh order may have other ones). */
export function draftFits(order: ApiOrder, draft: PartialDraft): boolean {
  const ids = order.lines.map((line) => String(line.id));
  return ids.length === Object.keys(draft.quantities).length && ids.every((id) => id in draft.quantities);
}

/** The draft as the lifecycle's line changes, one per line. */
export function draftChanges(order: ApiOrder, draft: PartialDraft): LineQuantity[] {
  return order.lines.map((line) => ({
    lineId: String(line.id),
    quantity: draft.quantities[String(line.id)] ?? line.requestedQuantity,
  }));
}

export interface PartialPreviewLine {
  lineId: string;
  requested: number;
  quantity: number;
  /** The quantity is an integer within 0..requested. */
  inRange: boolean;
}

export interface PartialPreview {
  lines: PartialPreviewLine[];
  /** Totals as ordered. */
  before: OrderTotals;
  /** Totals with the draft's quantities (out-of-range quantities count as entered). */
  after: OrderTotals;
  /** `validatePartial`'s problem, or null when the quantities are a valid partial confirmation. */
  problem: PartialProblem | null;
  noteMissing: boolean;
  valid: boolean;
  /** The user changed something or tried to send: problems may be shown. */
  touched: boolean;
}

export function partialPreview(order: ApiOrder, draft: PartialDraft): PartialPreview {
  const requested = lifecycleLines(order).map((line) => ({ ...line, confirmed: null }));
  const changes = draftChanges(order, draft);
  const validation = validatePartial(requested, changes);
  const edited = requested.map((line, index) => ({ ...line, confirmed: changes[index]?.quantity ?? null }));
  const noteMissing = draft.note.trim() === '';
  return {
    lines: requested.map((line, index) => {
      const quantity = changes[index]?.quantity ?? line.requested;
      return {
        lineId: line.lineId,
        requested: line.requested,
        quantity,
        inRange: Number.isInteger(quantity) && quantity >= 0 && quantity <= line.requested,
      };
    }),
    before: computeTotals(requested),
    after: computeTotals(edited),
    problem: validation.ok ? null : validation.problem,
    noteMissing,
    valid: validation.ok && !noteMissing,
    touched: draft.touched,
  };
}

export interface PartialComparisonLine {
  lineId: number;
  requested: number;
  confirmed: number;
  /** `reduced`: fewer units than ordered; `removed`: none left; `kept`: as ordered. */
  change: 'kept' | 'reduced' | 'removed';
}

export interface PartialComparison {
  lines: PartialComparisonLine[];
  before: OrderTotals;
  after: OrderTotals;
  /** Goods amount change in minor units (negative when the order shrank). */
  amountChange: number;
  pointsChange: number;
  /** The final cost (goods + delivery) before and after. */
  finalCostBefore: number;
  finalCostAfter: number;
  minPv: number;
  metThresholdBefore: boolean;
  meetsThreshold: boolean;
}

/**
 * The distributor's before/after of a partial confirmation: the lines as ordered against the warehouse's
 * quantities, the amount and PV change, and whether the order still reaches the pickup threshold (`minPv`, the
 * order parameters' `pickupThreshold.minPv`).
 */
export function partialComparison(order: ApiOrder, minPv: number): PartialComparison {
  const current = lifecycleLines(order);
  const asOrdered = current.map((line) => ({ ...line, confirmed: null }));
  const before = computeTotals(asOrdered);
  const after = computeTotals(current);
  const roundPoints = (value: number) => Math.round(value * 100) / 100;
  return {
    lines: order.lines.map((line) => {
      const confirmed = line.confirmedQuantity ?? line.requestedQuantity;
      return {
        lineId: line.id,
        requested: line.requestedQuantity,
        confirmed,
        change: confirmed === 0 ? 'removed' : confirmed < line.requestedQuantity ? 'reduced' : 'kept',
      };
    }),
    before,
    after,
    amountChange: after.amount - before.amount,
    pointsChange: roundPoints(after.points - before.points),
    finalCostBefore: before.amount + order.deliveryPrice,
    finalCostAfter: after.amount + order.deliveryPrice,
    minPv,
    metThresholdBefore: before.points >= minPv,
    meetsThreshold: after.points >= minPv,
  };
}

/** Who made the order's latest change and when (its newest history entry). */
export function lastChange(order: ApiOrder): ExternalChange {
  const latest = order.history.reduce<ApiOrder['history'][number] | undefined>(
    (newest, entry) => (newest === undefined || entry.id > newest.id ? entry : newest),
    undefined,
  );
  return { by: latest?.actor?.fullName ?? null, at: latest?.at ?? order.updatedAt };
}
