import { describe, expect, it } from 'vitest';
import {
  historyMove,
  historyPlaceOf,
  historyWrite,
  isHistoryPlace,
} from '#machines/checkout/checkout.history.rules.ts';

describe('the checkout in the browser history (issue 13.3)', () => {
  it('gives each guided step and the placed summary an entry, the bag none', () => {
    expect(historyPlaceOf({ step: 'bag', guidedStep: null })).toBeNull();
    expect(historyPlaceOf({ step: 'pickupPoint', guidedStep: 'destination' })).toBe('destination');
    expect(historyPlaceOf({ step: 'placed', guidedStep: null })).toBe('placed');
    expect(historyPlaceOf({ step: 'submitting', guidedStep: null })).toBeNull();
    expect(isHistoryPlace('review')).toBe(true);
    expect(isHistoryPlace('address')).toBe(false);
  });

  it('pushes a step forward and replaces anything else', () => {
    expect(historyWrite(null, 'delivery')).toBe('push');
    expect(historyWrite('delivery', 'destination')).toBe('push');
    expect(historyWrite('review', 'placed')).toBe('push');
    expect(historyWrite('payment', 'comments')).toBe('replace');
    expect(historyWrite('delivery', null)).toBe('replace');
  });

  it('turns Back and Forward into the machine’s own events', () => {
    expect(historyMove('payment', 'comments')).toEqual({ type: 'step.back' });
    expect(historyMove('comments', 'payment')).toEqual({ type: 'step.next' });
    expect(historyMove('delivery', null)).toEqual({ type: 'checkout.cancel' });
    expect(historyMove(null, 'delivery')).toEqual({ type: 'checkout.start' });
    expect(historyMove('placed', 'review')).toBeNull();
    expect(historyMove('review', 'review')).toBeNull();
  });
});
