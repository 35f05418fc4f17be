import { type SnapshotFrom, getNextTransitions, initialTransition, transition } from 'xstate';
import * as check from './order-lifecycle.guards.rules.ts';
import { computeTotals, samplePartial } from './order-lifecycle.lines.rules.ts';
import { orderLifecycleMachine } from './order-lifecycle.machine.ts';
import {
  LIFECYCLE_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATES,
  type LifecycleEventType,
  type LifecycleRole,
  type OrderFacts,
  type OrderLifecycleContext,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
  type OrderStatus,
  type PaymentState,
} from './order-lifecycle.types.ts';

/** Pure helpers over the machine for callers that keep the order in a database, not in an actor. */

export type OrderLifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>;

export interface LifecycleOutcome {
  status: OrderStatus;
  paymentState: PaymentState;
  context: OrderLifecycleContext;
}

export type LifecycleRefusal =
  | { error: 'TRANSITION_NOT_ALLOWED'; reason: string; guards: [] }
  /** `guards`: the machine's named guards that refused (e.g. `hasComment`, `isPaidOrCash`, `partialIsValid`). */
  | { error: 'GUARD_FAILED'; reason: string; guards: string[] };

export type ApplyResult = (LifecycleOutcome & { error?: undefined }) | LifecycleRefusal;

const LIFECYCLE_ID = orderLifecycleMachine.id;

function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

function isPaymentState(value: unknown): value is PaymentState {
  return (PAYMENT_STATES as readonly unknown[]).includes(value);
}

/** The stored status and payment state of a snapshot, with its context. */
export function outcomeOf(snapshot: OrderLifecycleSnapshot): LifecycleOutcome {
  const value: unknown = snapshot.value;
  const regions = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const status = regions.lifecycle;
  const paymentState = regions.payment;
  if (!isOrderStatus(status) || !isPaymentState(paymentState)) {
    throw new Error(`Unexpected order lifecycle state ${JSON.stringify(value)}`);
  }
  return { status, paymentState, context: snapshot.context };
}

/** Status, payment state and context of a newly placed order (after `placed` moved on by itself). */
export function startOrder(input: OrderLifecycleInput): LifecycleOutcome {
  const [snapshot] = initialTransition(orderLifecycleMachine, input);
  return outcomeOf(snapshot);
}

export function contextFromFacts(facts: OrderFacts): OrderLifecycleContext {
  const lines = facts.lines.map((line) => ({ ...line }));
  return {
    paymentMethod: facts.paymentMethod,
    deliveryType: facts.deliveryType,
    hasDeliveryAddress: facts.hasDeliveryAddress,
    lines,
    totals: computeTotals(lines),
    cancelReason: facts.cancelReason ?? null,
  };
}

/** The snapshot an order with these stored facts is in. */
export function restoreSnapshot(facts: OrderFacts): OrderLifecycleSnapshot {
  return orderLifecycleMachine.resolveState({
    value: { lifecycle: facts.status, payment: facts.paymentState },
    context: contextFromFacts(facts),
  });
}

export function isLifecycleSnapshot(
  source: OrderFacts | OrderLifecycleSnapshot,
): source is OrderLifecycleSnapshot {
  return 'machine' in source && 'value' in source;
}

function toSnapshot(source: OrderFacts | OrderLifecycleSnapshot): OrderLifecycleSnapshot {
  return isLifecycleSnapshot(source) ? source : restoreSnapshot(source);
}

const SAMPLE_COMMENT = 'sample';

/**
 * A representative event of this type for this role, with a valid payload when one can exist for the order's lines
 * (null when none can: a partial confirmation of a single line of quantity 1).
 */
export function sampleEvent(
  type: LifecycleEventType,
  role: LifecycleRole,
  context: OrderLifecycleContext,
): OrderLifecycleEvent | null {
  switch (type) {
    case 'order.confirmPartial': {
      const lines = samplePartial(context.lines);
      return lines ? { type, role, lines, comment: SAMPLE_COMMENT } : null;
    }
    case 'order.decline':
      return { type, role, comment: SAMPLE_COMMENT };
    default:
      return { type, role };
  }
}

/** Event types this role may send now (payload events count when a valid payload could exist). */
export function allowedEvents(
  source: OrderFacts | OrderLifecycleSnapshot,
  role: LifecycleRole,
): LifecycleEventType[] {
  const snapshot = toSnapshot(source);
  return LIFECYCLE_EVENT_TYPES.filter((type) => {
    const event = sampleEvent(type, role, snapshot.context);
    return event !== null && snapshot.can(event);
  });
}

const ROLE_GUARDS: Record<LifecycleRole, string> = {
  warehouse: 'isWarehouse',
  distributor: 'isDistributor',
  payment_provider: 'isPaymentProvider',
};
const ROLE_GUARD_NAMES = new Set(Object.values(ROLE_GUARDS));

/** Names of the guards in a transition's guard tree (`'name'`, `{ type }`, and `and`/`or`/`not` compositions). */
export function guardNames(guard: unknown): string[] {
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') {
    return [guard.type];
  }
  if (typeof guard === 'function' && 'guards' in guard && Array.isArray(guard.guards)) {
    return guard.guards.flatMap((inner: unknown) => guardNames(inner));
  }
  return [];
}

type GuardCheck = (snapshot: OrderLifecycleSnapshot, event: OrderLifecycleEvent) => boolean;

/** Named business guards evaluated one by one to say which one refused. */
const GUARD_CHECKS: Record<string, GuardCheck> = {
  hasComment: (_snapshot, event) => check.hasComment(event),
  partialIsValid: (snapshot, event) => check.partialIsValid(snapshot.context, event),
  everyLineAvailable: (snapshot) => check.linesAvailable(snapshot.context),
  hasDeliveryAddress: (snapshot) => check.hasDeliveryAddress(snapshot.context),
  isPaidOrCash: (snapshot) => check.isCashOrder(snapshot.context) || snapshot.matches({ payment: 'paid' }),
  orderAwaitsPayment: (snapshot) => snapshot.matches({ lifecycle: 'confirmed' }),
};

/** Applies one event to stored facts: the next stored values, or why the machine refuses. */
export function applyEvent(facts: OrderFacts, event: OrderLifecycleEvent): ApplyResult {
  const snapshot = restoreSnapshot(facts);
  if (snapshot.can(event)) {
    const [next] = transition(orderLifecycleMachine, snapshot, event);
    return outcomeOf(next);
  }
  const where = `${facts.status}/${facts.paymentState}`;
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

/** Lifecycle statuses an event type of this snapshot's transitions leads to (guards not evaluated). */
function lifecycleTargets(snapshot: OrderLifecycleSnapshot, type: LifecycleEventType): OrderStatus[] {
  const prefix = `${LIFECYCLE_ID}.lifecycle.`;
  return getNextTransitions(snapshot)
    .filter((candidate) => candidate.eventType === type)
    .flatMap((candidate) => candidate.target ?? [])
    .map((node) => (node.id.startsWith(prefix) ? node.id.slice(prefix.length) : null))
    .filter(isOrderStatus);
}

/**
 * The event this role may send now whose transition leads to `target` (what `POST /orders/set/{id}/status?status=X`
 * means), or null. When two lead there (`partial.reject`, `order.cancel`), the first of `LIFECYCLE_EVENT_TYPES` wins.
 * Payload events (`order.confirmPartial` lines, `order.decline` comment) still need their payload from the caller.
 */
export function eventForTargetStatus(
  source: OrderFacts | OrderLifecycleSnapshot,
  role: LifecycleRole,
  target: OrderStatus,
): LifecycleEventType | null {
  const snapshot = toSnapshot(source);
  return (
    allowedEvents(snapshot, role).find((type) => lifecycleTargets(snapshot, type).includes(target)) ?? null
  );
}
