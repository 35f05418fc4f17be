import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { useWarehousePickupPoints } from '#src/data/pickup-points.ts';
import { useLocale } from '#src/i18n/i18n.ts';

/**
 * A delivery order the distributor may pick up instead: which pickup point of the order's warehouse "Request
 * pickup" asks for (the machine keeps the choice and sends it with the request).
 */
export function PickupPointChoice({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const points = useWarehousePickupPoints(view.order.warehouse.id);
  if (points.length < 2) return null;
  return (
    <div className="order-form__field pickup-choice">
      <label htmlFor={id} className="order-form__label">
        {t`Pickup point, if you pick the order up`}
      </label>
      <select
        id={id}
        name="pickup-point"
        className="pickup-choice__select"
        disabled={view.busy}
        value={view.pickupPointId ?? points[0]?.id ?? ''}
        onChange={(event) => send({ type: 'pickup.choose', pickupPointId: Number(event.target.value) })}
      >
        {points.map((point) => (
          <option key={point.id} value={point.id}>
            {`${point.name[locale]} — ${point.city}, ${point.address}`}
          </option>
        ))}
      </select>
    </div>
  );
}
