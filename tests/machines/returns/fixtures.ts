import type { ReturnFacts, ReturnMachineLine } from '#machines/returns/returns.types.ts';

/** Two lines: 2 × 125.50 MDL at 10.5 PV, 1 × 99.99 MDL at 3.25 PV. */
export const TWO_LINES: readonly ReturnMachineLine[] = [
  { productId: 11, requested: 2, received: null, damaged: null, unitPrice: 12_550, points: 10.5 },
  { productId: 12, requested: 1, received: null, damaged: null, unitPrice: 9_999, points: 3.25 },
];

export function returnFacts(overrides: Partial<ReturnFacts> = {}): ReturnFacts {
  return {
    status: 'requested',
    refundState: 'none',
    paymentMethod: 'card',
    ratePercent: 100,
    lines: TWO_LINES,
    refuseComment: null,
    ...overrides,
  };
}

/** The lines as received: every unit came, `damaged` of the first line damaged. */
export function receivedLines(damaged = 0): ReturnMachineLine[] {
  return TWO_LINES.map((line, index) => ({
    ...line,
    received: line.requested,
    damaged: index === 0 ? damaged : 0,
  }));
}
