import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  historyMove,
  historyPlaceOf,
  historyWrite,
  isHistoryPlace,
  type HistoryPlace,
} from '#machines/checkout/checkout.history.rules.ts';
import type { CheckoutView } from '#machines/checkout/checkout.selectors.ts';
import type { CheckoutEvent } from '#machines/checkout/checkout.types.ts';

export const CHECKOUT_PARAM = 'checkout';

/** Where the address bar says the checkout is (`?checkout=`), null for the bag. */
export function useHistoryPlace(): HistoryPlace | null {
  const [params] = useSearchParams();
  const value = params.get(CHECKOUT_PARAM);
  return isHistoryPlace(value) ? value : null;
}

/**
 * Keeps the checkout machine and the browser history in step (rules in `checkout.history.rules.ts`): a step the machine
 * takes writes the address bar; Back/Forward in the browser sends the machine the matching event.
 */
export function useCheckoutHistory(
  view: Pick<CheckoutView, 'step' | 'guidedStep'>,
  send: (event: CheckoutEvent) => void,
) {
  const navigate = useNavigate();
  const urlPlace = useHistoryPlace();
  const machinePlace = historyPlaceOf(view);
  const seen = useRef<{ machine: HistoryPlace | null; url: HistoryPlace | null } | null>(null);
  useEffect(() => {
    const previous = seen.current;
    seen.current = { machine: machinePlace, url: urlPlace };
    if (machinePlace === urlPlace) return;
    const urlMoved = previous !== null && previous.url !== urlPlace && previous.machine === machinePlace;
    if (urlMoved) {
      const event = historyMove(machinePlace, urlPlace);
      if (event !== null) {
        send(event);
        return;
      }
    }
    const mode = previous === null ? 'replace' : historyWrite(previous.machine, machinePlace);
    void navigate(
      { search: machinePlace === null ? '' : `?${CHECKOUT_PARAM}=${machinePlace}` },
      { replace: mode === 'replace' },
    );
  }, [machinePlace, urlPlace, navigate, send]);
}
