/** The lifecycle steps that take a new demo order to its planned status, and who takes each step. */
import type { ActorRole, OrderStatus } from '../db/reference.ts';
import type { OrderPlan } from './orders-types.ts';

export type Actor = 'customer' | 'warehouse' | 'system' | 'payment' | 'exchange';
export type Step = { event: string; actor: Actor; to: OrderStatus | null; outcome?: 'paid' | 'failed' };

const PICKUP_CHAIN: readonly [string, OrderStatus][] = [
  ['PREPARE', 'prepared'],
  ['MARK_READY', 'ready'],
  ['REQUEST_PICKUP', 'pickup_requested'],
  ['HAND_OVER', 'received'],
  ['COMPLETE', 'completed'],
  ['SEND_TO_1C', 'sent_to_1c'],
];
const DELIVERY_CHAIN: readonly [string, OrderStatus][] = [
  ['PREPARE', 'prepared'],
  ['MARK_READY', 'ready'],
  ['REQUEST_DELIVERY', 'delivery_requested'],
  ['PROCESS_DELIVERY', 'delivery_processing'],
  ['SEND', 'sent'],
  ['OUT_FOR_DELIVERY', 'in_delivery'],
  ['CONFIRM_RECEIPT', 'received'],
  ['COMPLETE', 'completed'],
  ['SEND_TO_1C', 'sent_to_1c'],
];
const ACTOR_OF: Record<string, Actor> = {
  REQUEST_PICKUP: 'customer',
  REQUEST_DELIVERY: 'customer',
  CONFIRM_RECEIPT: 'customer',
};

/** The events that take a new order to `plan.status`. */
export function stepsTo(
  plan: Pick<OrderPlan, 'status' | 'deliveryType' | 'paymentMethod' | 'payment' | 'variant'>,
): Step[] {
  const steps: Step[] = [
    { event: 'CREATE', actor: 'customer', to: 'placed' },
    { event: 'SUBMIT', actor: 'system', to: 'awaiting_warehouse' },
  ];
  const push = (...more: Step[]) => steps.push(...more);
  const check = () => push({ event: 'START_CHECK', actor: 'warehouse', to: 'checking' });
  const partial = plan.variant % 2 === 1;
  const toConfirmed = () => {
    check();
    if (partial) {
      push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
      push({ event: 'ACCEPT', actor: 'customer', to: 'confirmed' });
    } else {
      push({ event: 'CONFIRM', actor: 'warehouse', to: 'confirmed' });
    }
  };
  const pay = (must: boolean) => {
    if (plan.paymentMethod !== 'card') return;
    const outcome = must ? (plan.payment === 'failed_then_paid' ? 'failed_then_paid' : 'paid') : plan.payment;
    if (outcome === 'failed_then_paid' || outcome === 'pay_failed') {
      push({ event: 'PAYMENT_FAILED', actor: 'payment', to: null, outcome: 'failed' });
    }
    if (outcome === 'failed_then_paid' || outcome === 'paid') {
      push({ event: 'PAYMENT_PAID', actor: 'payment', to: null, outcome: 'paid' });
    }
  };

  switch (plan.status) {
    // `placed` is transient: the lifecycle moves a new order on by itself (SUBMIT), so a plan for it ends where
    // the machine settles, waiting for the warehouse; no seeded order rests where nobody can act on it.
    case 'placed':
    case 'awaiting_warehouse':
      return steps;
    case 'checking':
      check();
      return steps;
    case 'awaiting_distributor':
      check();
      push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
      return steps;
    case 'confirmed':
      toConfirmed();
      pay(false);
      return steps;
    case 'rejected':
      check();
      push({ event: 'REJECT', actor: 'warehouse', to: 'rejected' });
      return steps;
    case 'cancelled_by_distributor':
      if (plan.variant % 3 === 1) {
        check();
        push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
        push({ event: 'REJECT_PARTIAL', actor: 'customer', to: 'cancelled_by_distributor' });
      } else {
        if (plan.variant % 3 === 2) {
          toConfirmed();
          pay(false);
        }
        push({ event: 'CANCEL', actor: 'customer', to: 'cancelled_by_distributor' });
      }
      return steps;
    case 'cancelled_by_warehouse': {
      const where = plan.variant % 4;
      if (where >= 1) check();
      if (where >= 2) {
        if (partial) {
          push({ event: 'CONFIRM_PARTIAL', actor: 'warehouse', to: 'awaiting_distributor' });
          push({ event: 'ACCEPT', actor: 'customer', to: 'confirmed' });
        } else {
          push({ event: 'CONFIRM', actor: 'warehouse', to: 'confirmed' });
        }
        pay(where === 3);
      }
      if (where === 3) {
        push({ event: 'PREPARE', actor: 'warehouse', to: 'prepared' });
        push({ event: 'MARK_READY', actor: 'warehouse', to: 'ready' });
      }
      push({ event: 'DECLINE', actor: 'warehouse', to: 'cancelled_by_warehouse' });
      return steps;
    }
    default: {
      const chain = plan.deliveryType === 'pickup' ? PICKUP_CHAIN : DELIVERY_CHAIN;
      const end = chain.findIndex(([, to]) => to === plan.status);
      if (end < 0) throw new Error(`status ${plan.status} is not on the ${plan.deliveryType} road`);
      toConfirmed();
      pay(true);
      for (const [event, to] of chain.slice(0, end + 1))
        push({ event, actor: ACTOR_OF[event] ?? 'warehouse', to });
      return steps;
    }
  }
}

/** The actor (id and role) a step of `plan` is written with in the history. */
export function actorOf(
  actor: Actor,
  plan: OrderPlan,
  staff: { id: number; role: ActorRole },
): { id: number | null; role: ActorRole } {
  switch (actor) {
    case 'customer':
      return { id: plan.userId, role: plan.userRole };
    case 'warehouse':
      return staff;
    case 'payment':
      return { id: null, role: 'payment' };
    case 'exchange':
      return { id: null, role: 'exchange' };
    default:
      return { id: null, role: 'system' };
  }
}
