import { describe, expect, it } from 'vitest';
import {
  allowedReturnEvents,
  applyReturnEvent,
  restoreReturn,
  returnOutcomeOf,
  startReturn,
} from '#machines/returns/returns.transitions.ts';
import { receiptProblems } from '#machines/returns/returns.guards.rules.ts';
import { returnFactsOf, selectReturnActions } from '#machines/returns/returns.selectors.ts';
import {
  RETURN_EVENT_TYPES,
  RETURN_ROLES,
  RETURN_STATUSES,
  type RefundState,
  type ReturnEvent,
  type ReturnEventType,
  type ReturnRole,
  type ReturnStatus,
  type Return,
} from '#machines/returns/returns.types.ts';
import { receivedLines, returnFacts, TWO_LINES } from './fixtures';

const W = 'warehouse';
const D = 'distributor';
const P = 'payment_provider';

const fullReceipt = TWO_LINES.map((line) => ({
  productId: line.productId,
  received: line.requested,
  damaged: 0,
}));

/** The return machine's table: (from, event, role) → to. Everything else is refused. */
const TABLE: ReadonlyArray<readonly [ReturnStatus, ReturnEventType, ReturnRole, ReturnStatus]> = [
  ['requested', 'return.receive', W, 'received'],
  ['requested', 'return.cancel', D, 'cancelled'],
  ['requested', 'return.refuse', W, 'refused'],
  ['received', 'return.accept', W, 'accepted'],
  ['received', 'return.refuse', W, 'refused'],
];

function eventOf(type: ReturnEventType, role: ReturnRole): ReturnEvent {
  if (type === 'return.receive') return { type, role, lines: fullReceipt };
  if (type === 'return.refuse') return { type, role, comment: 'Not ours' };
  return { type, role };
}

function factsIn(status: ReturnStatus, refundState: RefundState = 'none') {
  const lines = status === 'requested' || status === 'cancelled' ? TWO_LINES : receivedLines();
  return returnFacts({ status, refundState, lines });
}

describe('startReturn', () => {
  it('a new return is requested with nothing to refund yet', () => {
    const started = startReturn({ paymentMethod: 'cash', ratePercent: 90, lines: TWO_LINES });
    expect(started).toMatchObject({
      status: 'requested',
      refundState: 'none',
      context: { refuseComment: null },
    });
  });

  it.each(RETURN_STATUSES)('restores %s', (status) => {
    const snapshot = restoreReturn(factsIn(status, status === 'accepted' ? 'pending' : 'none'));
    expect(returnOutcomeOf(snapshot).status).toBe(status);
  });
});

describe('the transition table', () => {
  for (const status of RETURN_STATUSES) {
    for (const type of RETURN_EVENT_TYPES) {
      for (const role of RETURN_ROLES) {
        const row = TABLE.find(([from, t, r]) => from === status && t === type && r === role);
        it(`${status} + ${type} by ${role} → ${row ? row[3] : 'refused'}`, () => {
          const result = applyReturnEvent(factsIn(status), eventOf(type, role));
          if (row) {
            expect(result.error).toBeUndefined();
            expect(result).toMatchObject({ status: row[3] });
          } else {
            expect(result.error).toBeDefined();
          }
        });
      }
    }
  }
});

describe('guards and effects', () => {
  it('a receipt records received and damaged per line', () => {
    const result = applyReturnEvent(returnFacts(), {
      type: 'return.receive',
      role: W,
      lines: [
        { productId: 11, received: 2, damaged: 1 },
        { productId: 12, received: 0, damaged: 0 },
      ],
    });
    expect(result.error).toBeUndefined();
    if (result.error) return;
    expect(result.context.lines.map((l) => [l.received, l.damaged])).toEqual([
      [2, 1],
      [0, 0],
    ]);
  });

  it.each([
    [
      'more than requested',
      [
        { productId: 11, received: 3, damaged: 0 },
        { productId: 12, received: 1, damaged: 0 },
      ],
      'received_too_many',
    ],
    [
      'damaged above received',
      [
        { productId: 11, received: 1, damaged: 2 },
        { productId: 12, received: 1, damaged: 0 },
      ],
      'damaged_too_many',
    ],
    [
      'a line twice',
      [
        { productId: 11, received: 1, damaged: 0 },
        { productId: 11, received: 1, damaged: 0 },
        { productId: 12, received: 1, damaged: 0 },
      ],
      'duplicate_line',
    ],
    ['a line missing', [{ productId: 11, received: 1, damaged: 0 }], 'line_missing'],
    [
      'a foreign line',
      [
        { productId: 11, received: 1, damaged: 0 },
        { productId: 12, received: 1, damaged: 0 },
        { productId: 13, received: 1, damaged: 0 },
      ],
      'not_in_order',
    ],
  ])('refuses a receipt with %s', (_name, lines, reason) => {
    expect(receiptProblems(TWO_LINES, lines).map((p) => p.reason)).toContain(reason);
    const result = applyReturnEvent(returnFacts(), { type: 'return.receive', role: W, lines });
    expect(result).toMatchObject({ error: 'GUARD_FAILED', guards: ['receiptIsValid'] });
  });

  it('a refusal needs a comment, and keeps it', () => {
    expect(applyReturnEvent(returnFacts(), { type: 'return.refuse', role: W, comment: '  ' })).toMatchObject({
      error: 'GUARD_FAILED',
      guards: ['hasComment'],
    });
    expect(
      applyReturnEvent(returnFacts(), { type: 'return.refuse', role: W, comment: ' Never came ' }),
    ).toMatchObject({
      status: 'refused',
      refundState: 'none',
      context: { refuseComment: 'Never came' },
    });
  });

  it('nothing received cannot be accepted, only refused', () => {
    const empty = returnFacts({
      status: 'received',
      lines: TWO_LINES.map((l) => ({ ...l, received: 0, damaged: 0 })),
    });
    expect(applyReturnEvent(empty, { type: 'return.accept', role: W })).toMatchObject({
      error: 'GUARD_FAILED',
      guards: ['somethingReceived'],
    });
    expect(selectReturnActions(empty, W)).toMatchObject({
      canAccept: false,
      canRefuse: true,
      acceptBlockedByNothingReceived: true,
    });
  });

  it('accepting a card return makes its refund pending until the acquirer confirms', () => {
    const accepted = applyReturnEvent(factsIn('received'), { type: 'return.accept', role: W });
    expect(accepted).toMatchObject({ status: 'accepted', refundState: 'pending' });
    const refunded = applyReturnEvent(
      returnFacts({ status: 'accepted', refundState: 'pending', lines: receivedLines() }),
      {
        type: 'refund.succeeded',
        role: P,
      },
    );
    expect(refunded).toMatchObject({ status: 'accepted', refundState: 'refunded' });
  });

  it('accepting a cash return credits it at once', () => {
    const accepted = applyReturnEvent(
      returnFacts({ status: 'received', paymentMethod: 'cash', lines: receivedLines(1) }),
      {
        type: 'return.accept',
        role: W,
      },
    );
    expect(accepted).toMatchObject({ status: 'accepted', refundState: 'credited' });
  });

  it('a refund confirmation comes only from the acquirer, and only for a pending refund', () => {
    expect(
      applyReturnEvent(factsIn('accepted', 'pending'), { type: 'refund.succeeded', role: W }).error,
    ).toBe('TRANSITION_NOT_ALLOWED');
    expect(
      applyReturnEvent(factsIn('accepted', 'credited'), { type: 'refund.succeeded', role: P }).error,
    ).toBe('TRANSITION_NOT_ALLOWED');
  });

  it('applyReturnEvent does not mutate the facts it was given', () => {
    const facts = returnFacts();
    const before = JSON.stringify(facts);
    applyReturnEvent(facts, { type: 'return.receive', role: W, lines: fullReceipt });
    expect(JSON.stringify(facts)).toBe(before);
  });
});

describe('selectReturnActions', () => {
  it('the distributor may only cancel a requested return; the warehouse receive or refuse it', () => {
    expect(allowedReturnEvents(returnFacts(), D)).toEqual(['return.cancel']);
    expect(allowedReturnEvents(returnFacts(), W)).toEqual(['return.receive', 'return.refuse']);
    expect(selectReturnActions(factsIn('received'), W)).toMatchObject({
      canAccept: true,
      canRefuse: true,
      canReceive: false,
      canCancel: false,
      isClosed: false,
      refundAmount: 35_099,
      points: 24.25,
    });
  });

  it.each(['accepted', 'refused', 'cancelled'] as const)(
    '%s is closed for everyone but a pending refund',
    (status) => {
      for (const role of [W, D] as const) {
        expect(selectReturnActions(factsIn(status), role)).toMatchObject({ allowed: [], isClosed: true });
      }
    },
  );

  it('reads the API return', () => {
    const value = {
      status: 'received',
      refundState: 'none',
      refuseComment: null,
      paymentMethod: 'cash',
      refund: { ratePercent: 90, method: 'cash', amount: 0, currency: 'MDL', state: 'none' },
      lines: [
        {
          productId: 11,
          article: 'A',
          name: {},
          imageUrl: 'x',
          unitPrice: 1005,
          points: 1,
          requested: 1,
          received: 1,
          damaged: 0,
        },
      ],
    } as unknown as Return;
    expect(selectReturnActions(returnFactsOf(value), W)).toMatchObject({
      refundAmount: 905,
      canAccept: true,
    });
  });
});
