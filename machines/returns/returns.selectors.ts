import { refundAmount, returnPointsHundredths } from './returns.policy.rules.ts';
import {
  type ReturnSnapshot,
  allowedReturnEvents,
  isReturnSnapshot,
  restoreReturn,
  returnOutcomeOf,
} from './returns.transitions.ts';
import type {
  Return,
  ReturnEventType,
  ReturnFacts,
  ReturnRole,
  ReturnStatus,
  RefundState,
} from './returns.types.ts';

/** The facts of a return as the API gives it (`GET /returns/{id}`), for the selectors and the machine. */
export function returnFactsOf(value: Return): ReturnFacts {
  return {
    status: value.status,
    refundState: value.refundState,
    refuseComment: value.refuseComment,
    paymentMethod: value.paymentMethod,
    ratePercent: value.refund.ratePercent,
    lines: value.lines.map((line) => ({
      productId: line.productId,
      requested: line.requested,
      received: line.received,
      damaged: line.damaged,
      unitPrice: line.unitPrice,
      points: line.points,
    })),
  };
}

/** What a return page renders for one role: a flag per action (a button exists only when its flag is true). */
export interface ReturnActions {
  allowed: ReturnEventType[];
  status: ReturnStatus;
  refundState: RefundState;
  /** Warehouse: enter the received and damaged units. */
  canReceive: boolean;
  canAccept: boolean;
  canRefuse: boolean;
  /** Distributor: withdraw the request before the goods are received. */
  canCancel: boolean;
  /** No further step: accepted, refused or cancelled. */
  isClosed: boolean;
  /** Warehouse: the return was received with nothing in it, so it can only be refused. */
  acceptBlockedByNothingReceived: boolean;
  /** What the return refunds (or would, if accepted now), minor units. */
  refundAmount: number;
  /** The points it takes back (or would), PV. */
  points: number;
}

export function selectReturnActions(source: ReturnSnapshot | ReturnFacts, role: ReturnRole): ReturnActions {
  const snapshot = isReturnSnapshot(source) ? source : restoreReturn(source);
  const allowed = allowedReturnEvents(snapshot, role);
  const can = (type: ReturnEventType) => allowed.includes(type);
  const { status, refundState, context } = returnOutcomeOf(snapshot);
  return {
    allowed,
    status,
    refundState,
    canReceive: can('return.receive'),
    canAccept: can('return.accept'),
    canRefuse: can('return.refuse'),
    canCancel: can('return.cancel'),
    isClosed: status === 'accepted' || status === 'refused' || status === 'cancelled',
    acceptBlockedByNothingReceived: role === 'warehouse' && status === 'received' && !can('return.accept'),
    refundAmount: refundAmount(context.lines, context.ratePercent),
    points: returnPointsHundredths(context.lines) / 100,
  };
}
