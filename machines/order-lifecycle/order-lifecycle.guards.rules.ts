import { everyLineAvailable, validatePartial } from './order-lifecycle.lines.rules.ts';
import type { LifecycleRole, OrderLifecycleContext, OrderLifecycleEvent } from './order-lifecycle.types.ts';

/**
 * Pure predicates behind the machine's named guards, exported so the server and the SPA can explain a refusal
 * (e.g. "the decline needs a comment") without running the machine. The machine wires each to a guard of the same
 * name; `isPaidOrCash` and the payment guards also read the payment region, so they live in the machine.
 */

export const actsAs =
  (role: LifecycleRole) =>
  (event: OrderLifecycleEvent): boolean =>
    event.role === role;

export const isWarehouse = actsAs('warehouse');
export const isDistributor = actsAs('distributor');
export const isPaymentProvider = actsAs('payment_provider');

/** A non-blank comment (decline, partial confirmation note). */
export function hasComment(event: OrderLifecycleEvent): boolean {
  return 'comment' in event && typeof event.comment === 'string' && event.comment.trim().length > 0;
}

/** The partial confirmation's quantities are valid for this order (see `validatePartial`). */
export function partialIsValid(context: OrderLifecycleContext, event: OrderLifecycleEvent): boolean {
  return event.type === 'order.confirmPartial' && validatePartial(context.lines, event.lines).ok;
}

/** Full confirmation is refused when the server knows a line's stock is short (then only partial or reject). */
export function linesAvailable(context: OrderLifecycleContext): boolean {
  return everyLineAvailable(context.lines);
}

export function hasDeliveryAddress(context: OrderLifecycleContext): boolean {
  return context.hasDeliveryAddress;
}

export function isCashOrder(context: OrderLifecycleContext): boolean {
  return context.paymentMethod === 'cash';
}

export function isCardOrder(context: OrderLifecycleContext): boolean {
  return context.paymentMethod === 'card';
}

/** The comment carried by an event, trimmed, or null when it carries none. */
export function commentOf(event: OrderLifecycleEvent): string | null {
  if (!('comment' in event) || typeof event.comment !== 'string') return null;
  const trimmed = event.comment.trim();
  return trimmed.length > 0 ? trimmed : null;
}
