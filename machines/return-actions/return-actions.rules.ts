import type { ApiOrder } from '../order-actions/order-actions.types.ts';
import { receiptProblems } from '../returns/returns.guards.rules.ts';
import { refundAmount, returnPointsHundredths } from '../returns/returns.policy.rules.ts';
import { returnFactsOf, selectReturnActions } from '../returns/returns.selectors.ts';
import type {
  ApiReturn,
  ApiReturnList,
  ReturnFailure,
  ReturnLineProblem,
  ReturnReason,
  ReturnViewer,
} from './return-actions.types.ts';

/**
 * Pure helpers between the API's returns and the SPA's return machines: reading a failure, the request form's
 * lines and preview, the receipt being entered, and which actions a viewer has on a return. The rules are the
 * return machine's and its policy's (`machines/returns`, which the server enforces): the refund and PV of the
 * preview are `refundAmount` and `returnPointsHundredths` at the rate the server gives for the reason now, the
 * actions `selectReturnActions`, a receipt's bounds `receiptProblems`.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PROBLEMS: readonly ReturnLineProblem[] = [
  'not_in_order',
  'duplicate_line',
  'too_many',
  'window_over',
  'order_not_returnable',
  'received_too_many',
  'damaged_too_many',
  'line_missing',
];

function isProblem(value: unknown): value is ReturnLineProblem {
  return typeof value === 'string' && (PROBLEMS as readonly string[]).includes(value);
}

/** Enough of a return's shape to show it (the 409 body's `return`; the contract guarantees the rest). */
export function isApiReturn(value: unknown): value is ApiReturn {
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
export function readReturnFailure(error: unknown): ReturnFailure {
  if (!isRecord(error)) return { code: null, status: null, ret: null, problems: [] };
  const details = Array.isArray(error.details) ? error.details : [];
  const problems = details.flatMap((detail) => {
    if (!isRecord(detail) || !isProblem(detail.reason)) return [];
    const match = typeof detail.path === 'string' ? /^\/lines\/(\d+)/.exec(detail.path) : null;
    return [{ index: match === null ? -1 : Number(match[1]), reason: detail.reason }];
  });
  return {
    code: typeof error.code === 'string' ? error.code : null,
    status: typeof error.status === 'number' ? error.status : null,
    ret: isApiReturn(error.return) ? error.return : null,
    problems,
  };
}

/** One line of the request form: the order line, and how many of its units may still be returned. */
export interface RequestLine {
  productId: number;
  name: ApiOrder['lines'][number]['name'];
  /** The unit price actually paid (the promotion price when the order had one). */
  unitPrice: number;
  points: number;
  /** Units the customer received. */
  received: number;
  /** Units still returnable (received less what other returns in play hold). */
  returnable: number;
}

/** The order's lines as the form shows them, in the order's order; only lines with something received. */
export function requestLines(order: ApiOrder, list: ApiReturnList): RequestLine[] {
  return order.lines.flatMap((line) => {
    const policy = list.lines.find((entry) => entry.productId === line.productId);
    if (policy === undefined || policy.received === 0) return [];
    return [
      {
        productId: line.productId,
        name: line.name,
        unitPrice: line.promoPrice ?? line.price,
        points: line.points,
        received: policy.received,
        returnable: policy.returnable,
      },
    ];
  });
}

export interface RequestDraft {
  /** Units to return per product id (absent or 0: the line is not returned). */
  quantities: Record<string, number>;
  reason: ReturnReason | null;
  comment: string;
}

export const EMPTY_DRAFT: RequestDraft = { quantities: {}, reason: null, comment: '' };

export interface RequestPreview {
  lines: Array<RequestLine & { quantity: number; amount: number; pointsBack: number }>;
  /** Units chosen in all. */
  units: number;
  /** The share of the price the chosen reason refunds now (null until a reason is chosen). */
  ratePercent: number | null;
  /** Σ units × price paid × rate, rounded half-up once (bani); before a reason, at 100 %. */
  refund: number;
  /** PV taken back (Σ units × points per unit, two fraction digits). */
  pointsBack: number;
  /** The chosen reason's period is over. */
  windowClosed: boolean;
  /** Something can be sent: a reason with an open period, at least one unit, no line over its bound. */
  valid: boolean;
}

/**
 * What the form says before it is sent: the lines with their units, the refund the server would compute at the
 * reason's rate (`ReturnWindow.ratePercent`, the policy applied by the server now) and the PV taken back.
 */
export function requestPreview(
  lines: RequestLine[],
  list: ApiReturnList,
  draft: RequestDraft,
): RequestPreview {
  const window =
    draft.reason === null ? undefined : list.windows.find((entry) => entry.reason === draft.reason);
  const ratePercent = window?.ratePercent ?? null;
  const chosen = lines.map((line) => {
    const quantity = draft.quantities[String(line.productId)] ?? 0;
    const asReturn = { requested: quantity, received: null, unitPrice: line.unitPrice, points: line.points };
    return {
      ...line,
      quantity,
      amount: quantity * line.unitPrice,
      pointsBack: returnPointsHundredths([asReturn]) / 100,
      asReturn,
    };
  });
  const units = chosen.reduce((sum, line) => sum + line.quantity, 0);
  const inBounds = chosen.every(
    (line) => Number.isInteger(line.quantity) && line.quantity >= 0 && line.quantity <= line.returnable,
  );
  const windowClosed = window !== undefined && !window.open;
  const returned = chosen.map((line) => line.asReturn);
  return {
    lines: chosen.map(({ asReturn: _asReturn, ...line }) => line),
    units,
    ratePercent,
    refund: refundAmount(returned, ratePercent ?? 100),
    pointsBack: returnPointsHundredths(returned) / 100,
    windowClosed,
    valid: list.returnable && draft.reason !== null && !windowClosed && units > 0 && inBounds,
  };
}

/** The request body of a draft: the chosen lines only, the comment when one was written. */
export function requestBody(draft: RequestDraft, lines: RequestLine[]) {
  const comment = draft.comment.trim();
  return {
    reason: draft.reason ?? 'faulty',
    ...(comment === '' ? {} : { comment }),
    lines: lines
      .map((line) => ({ productId: line.productId, quantity: draft.quantities[String(line.productId)] ?? 0 }))
      .filter((line) => line.quantity > 0),
  };
}

/** What a viewer can do to a return now: the return machine's answer for the role (`selectReturnActions`). */
export interface ReturnActionsAllowed {
  canCancel: boolean;
  canReceive: boolean;
  canAccept: boolean;
  canRefuse: boolean;
}

export function returnActionsFor(ret: ApiReturn, viewer: ReturnViewer): ReturnActionsAllowed {
  const { canCancel, canReceive, canAccept, canRefuse } = selectReturnActions(returnFactsOf(ret), viewer);
  return { canCancel, canReceive, canAccept, canRefuse };
}

/** The receipt being entered: per product id, the units that came and how many of them are damaged. */
export type ReceiptDraft = Record<string, { received: number; damaged: number }>;

/** The first draft: everything requested came, nothing damaged. */
export function initialReceipt(ret: ApiReturn): ReceiptDraft {
  return Object.fromEntries(
    ret.lines.map((line) => [String(line.productId), { received: line.requested, damaged: 0 }]),
  );
}

/** damaged ≤ received ≤ requested, whole numbers, every line once: the return machine's `receiptProblems`. */
export function receiptValid(ret: ApiReturn, draft: ReceiptDraft): boolean {
  return receiptProblems(returnFactsOf(ret).lines, receiptLines(ret, draft)).length === 0;
}

export function receiptLines(ret: ApiReturn, draft: ReceiptDraft) {
  return ret.lines.map((line) => {
    const entry = draft[String(line.productId)] ?? { received: line.requested, damaged: 0 };
    return { productId: line.productId, received: entry.received, damaged: entry.damaged };
  });
}
