import type { ReturnProblem } from './returns.policy.rules.ts';
import type {
  ReturnContext,
  ReturnEvent,
  ReturnMachineLine,
  ReturnReceiptLine,
  ReturnRole,
} from './returns.types.ts';

/**
 * Pure predicates behind the return machine's named guards, exported so the server and the SPA can explain a
 * refusal (which receipt line is wrong, why a refusal needs a comment) without running the machine.
 */

export const actsAs =
  (role: ReturnRole) =>
  (event: ReturnEvent): boolean =>
    event.role === role;

export const isWarehouse = actsAs('warehouse');
export const isDistributor = actsAs('distributor');
export const isPaymentProvider = actsAs('payment_provider');

/** A non-blank comment (a refusal must say why). */
export function hasComment(event: ReturnEvent): boolean {
  return 'comment' in event && typeof event.comment === 'string' && event.comment.trim().length > 0;
}

export function commentOf(event: ReturnEvent): string | null {
  if (!('comment' in event) || typeof event.comment !== 'string') return null;
  const trimmed = event.comment.trim();
  return trimmed.length > 0 ? trimmed : null;
}

const isCount = (value: number): boolean => Number.isInteger(value) && value >= 0;

/**
 * What is wrong with a receipt: every line of the return exactly once, whole numbers, damaged ≤ received ≤
 * requested. Empty when it is valid.
 */
export function receiptProblems(
  lines: readonly ReturnMachineLine[],
  receipt: readonly ReturnReceiptLine[],
): ReturnProblem[] {
  const problems: ReturnProblem[] = [];
  const byProduct = new Map(lines.map((line) => [line.productId, line]));
  const seen = new Set<number>();
  receipt.forEach((entry, index) => {
    const path = `/lines/${index}`;
    const line = byProduct.get(entry.productId);
    if (seen.has(entry.productId)) {
      problems.push({ path, reason: 'duplicate_line', message: 'This product is already in the receipt.' });
      return;
    }
    seen.add(entry.productId);
    if (line === undefined) {
      problems.push({ path, reason: 'not_in_order', message: 'This product is not in the return.' });
      return;
    }
    if (!isCount(entry.received) || entry.received > line.requested) {
      problems.push({
        path: `${path}/received`,
        reason: 'received_too_many',
        message: `At most ${line.requested} units of this product were to come back.`,
      });
    } else if (!isCount(entry.damaged) || entry.damaged > entry.received) {
      problems.push({
        path: `${path}/damaged`,
        reason: 'damaged_too_many',
        message: 'Damaged units cannot be more than the received ones.',
      });
    }
  });
  lines.forEach((line) => {
    if (!seen.has(line.productId)) {
      problems.push({
        path: '/lines',
        reason: 'line_missing',
        message: `Product ${line.productId} of the return is missing from the receipt.`,
      });
    }
  });
  return problems;
}

export function receiptIsValid(context: ReturnContext, event: ReturnEvent): boolean {
  return event.type === 'return.receive' && receiptProblems(context.lines, event.lines).length === 0;
}

/** The lines with the receipt's quantities (a valid receipt; lines it does not name are left as they are). */
export function applyReceipt(
  lines: readonly ReturnMachineLine[],
  receipt: readonly ReturnReceiptLine[],
): ReturnMachineLine[] {
  const byProduct = new Map(receipt.map((entry) => [entry.productId, entry]));
  return lines.map((line) => {
    const entry = byProduct.get(line.productId);
    return entry ? { ...line, received: entry.received, damaged: entry.damaged } : { ...line };
  });
}

/** Acceptance needs at least one unit that came back; a return of nothing is refused instead. */
export function somethingReceived(context: ReturnContext): boolean {
  return context.lines.some((line) => (line.received ?? 0) > 0);
}

export function isCardReturn(context: ReturnContext): boolean {
  return context.paymentMethod === 'card';
}
