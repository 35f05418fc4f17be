import { type SnapshotFrom, getNextTransitions, initialTransition, transition } from 'xstate';
import * as check from './returns.guards.rules.ts';
import { returnMachine } from './returns.machine.ts';
import {
  REFUND_STATES,
  RETURN_EVENT_TYPES,
  RETURN_STATUSES,
  type RefundState,
  type ReturnContext,
  type ReturnEvent,
  type ReturnEventType,
  type ReturnFacts,
  type ReturnInput,
  type ReturnRole,
  type ReturnStatus,
} from './returns.types.ts';
import { guardNames } from '../order-lifecycle/order-lifecycle.transitions.ts';

/** The return machine stepped without an actor, for callers that keep the return in a database. */

export type ReturnSnapshot = SnapshotFrom<typeof returnMachine>;

export interface ReturnOutcome {
  status: ReturnStatus;
  refundState: RefundState;
  context: ReturnContext;
}

export type ReturnRefusal =
  | { error: 'TRANSITION_NOT_ALLOWED'; reason: string; guards: [] }
  /** `guards`: the machine's named guards that refused (`receiptIsValid`, `hasComment`, `somethingReceived`). */
  | { error: 'GUARD_FAILED'; reason: string; guards: string[] };

export type ReturnApplyResult = (ReturnOutcome & { error?: undefined }) | ReturnRefusal;

function isReturnStatus(value: unknown): value is ReturnStatus {
  return (RETURN_STATUSES as readonly unknown[]).includes(value);
}

function isRefundState(value: unknown): value is RefundState {
  return (REFUND_STATES as readonly unknown[]).includes(value);
}

export function returnOutcomeOf(snapshot: ReturnSnapshot): ReturnOutcome {
  const value: unknown = snapshot.value;
  const regions = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (!isReturnStatus(regions.status) || !isRefundState(regions.refund)) {
    throw new Error(`Unexpected return state ${JSON.stringify(value)}`);
  }
  return { status: regions.status, refundState: regions.refund, context: snapshot.context };
}

/** Status, refund state and context of a newly requested return. */
export function startReturn(input: ReturnInput): ReturnOutcome {
  const [snapshot] = initialTransition(returnMachine, input);
  return returnOutcomeOf(snapshot);
}

export function returnContextFromFacts(facts: ReturnFacts): ReturnContext {
  return {
    paymentMethod: facts.paymentMethod,
    ratePercent: facts.ratePercent,
    lines: facts.lines.map((line) => ({ ...line })),
    refuseComment: facts.refuseComment ?? null,
  };
}

export function restoreReturn(facts: ReturnFacts): ReturnSnapshot {
  return returnMachine.resolveState({
    value: { status: facts.status, refund: facts.refundState },
    context: returnContextFromFacts(facts),
  });
}

export function isReturnSnapshot(source: ReturnFacts | ReturnSnapshot): source is ReturnSnapshot {
  return 'machine' in source && 'value' in source;
}

function toSnapshot(source: ReturnFacts | ReturnSnapshot): ReturnSnapshot {
  return isReturnSnapshot(source) ? source : restoreReturn(source);
}

const SAMPLE_COMMENT = 'sample';

/** A representative event of this type for this role, with a valid payload (every unit came, none damaged). */
export function sampleReturnEvent(
  type: ReturnEventType,
  role: ReturnRole,
  context: ReturnContext,
): ReturnEvent {
  switch (type) {
    case 'return.receive':
      return {
        type,
        role,
        lines: context.lines.map((line) => ({
          productId: line.productId,
          received: line.requested,
          damaged: 0,
        })),
      };
    case 'return.refuse':
      return { type, role, comment: SAMPLE_COMMENT };
    default:
      return { type, role };
  }
}

/** Event types this role may send now (payload events count when a valid payload exists). */
export function allowedReturnEvents(
  source: ReturnFacts | ReturnSnapshot,
  role: ReturnRole,
): ReturnEventType[] {
  const snapshot = toSnapshot(source);
  return RETURN_EVENT_TYPES.filter((type) => snapshot.can(sampleReturnEvent(type, role, snapshot.context)));
}

const ROLE_GUARDS: Record<ReturnRole, string> = {
  warehouse: 'isWarehouse',
  distributor: 'isDistributor',
  payment_provider: 'isPaymentProvider',
};
const ROLE_GUARD_NAMES = new Set(Object.values(ROLE_GUARDS));

type GuardCheck = (snapshot: ReturnSnapshot, event: ReturnEvent) => boolean;

const GUARD_CHECKS: Record<string, GuardCheck> = {
  hasComment: (_snapshot, event) => check.hasComment(event),
  receiptIsValid: (snapshot, event) => check.receiptIsValid(snapshot.context, event),
  somethingReceived: (snapshot) => check.somethingReceived(snapshot.context),
};

/** Applies one event to stored facts: the next stored values, or why the machine refuses. */
export function applyReturnEvent(facts: ReturnFacts, event: ReturnEvent): ReturnApplyResult {
  const snapshot = restoreReturn(facts);
  if (snapshot.can(event)) {
    const [next] = transition(returnMachine, snapshot, event);
    return returnOutcomeOf(next);
  }
  const where = `${facts.status}/${facts.refundState}`;
  const candidates = getNextTransitions(snapshot).filter((candidate) => candidate.eventType === event.type);
  const forRole = candidates.filter((candidate) =>
    guardNames(candidate.guard).includes(ROLE_GUARDS[event.role]),
  );
  if (forRole.length === 0) {
    const reason =
      candidates.length === 0
        ? `${event.type} is not possible in ${where}`
        : `${event.type} in ${where} is not for role ${event.role}`;
    return { error: 'TRANSITION_NOT_ALLOWED', reason, guards: [] };
  }
  const named = [
    ...new Set(
      forRole.flatMap((candidate) => guardNames(candidate.guard)).filter((n) => !ROLE_GUARD_NAMES.has(n)),
    ),
  ];
  const failing = named.filter((name) => {
    const guardCheck = GUARD_CHECKS[name];
    return guardCheck ? !guardCheck(snapshot, event) : false;
  });
  const guards = failing.length > 0 ? failing : named;
  return {
    error: 'GUARD_FAILED',
    reason: `${event.type} in ${where} refused by ${guards.join(', ')}`,
    guards,
  };
}
