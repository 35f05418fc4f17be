import { GUIDED_STEPS, type CheckoutView, type GuidedStep } from './checkout.selectors.ts';
import type { CheckoutEvent } from './checkout.types.ts';

/**
 * The checkout in the browser's history (docs/adr/0029-checkout.md): each guided step is an entry
 * (`?checkout=<step>`), the placed order's summary one more (`placed`). Back and forward move the machine
 * with its own events, so nothing typed is lost and every guard still applies; the bag itself has no entry.
 */
export type HistoryPlace = GuidedStep | 'placed';

const PLACES: readonly HistoryPlace[] = [...GUIDED_STEPS, 'placed'];

export function isHistoryPlace(value: unknown): value is HistoryPlace {
  return typeof value === 'string' && (PLACES as readonly string[]).includes(value);
}

/** The history entry the machine's step belongs to (null: the bag, or a state that is no place of its own). */
export function historyPlaceOf(view: Pick<CheckoutView, 'step' | 'guidedStep'>): HistoryPlace | null {
  if (view.guidedStep !== null) return view.guidedStep;
  return view.step === 'placed' ? 'placed' : null;
}

/** How the address bar follows the machine: a step forward is a new entry, anything else replaces the entry. */
export function historyWrite(from: HistoryPlace | null, to: HistoryPlace | null): 'push' | 'replace' {
  if (to === null || from === null) return to === null ? 'replace' : 'push';
  return PLACES.indexOf(to) > PLACES.indexOf(from) ? 'push' : 'replace';
}

/**
 * The event that moves the machine from `current` toward the entry the browser went to (`target`, null for the
 * bag), or null when there is nothing to do (the placed summary is left as it is: an order cannot be un-placed).
 */
export function historyMove(current: HistoryPlace | null, target: HistoryPlace | null): CheckoutEvent | null {
  if (current === target || current === 'placed' || target === 'placed') return null;
  if (target === null) return { type: 'checkout.cancel' };
  if (current === null) return { type: 'checkout.start' };
  return PLACES.indexOf(target) < PLACES.indexOf(current) ? { type: 'step.back' } : { type: 'step.next' };
}
