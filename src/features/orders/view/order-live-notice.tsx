import { useLingui } from '@lingui/react/macro';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { Button } from '#src/ui/button.tsx';

/** Someone else changed the open order (the page already shows it as it is now, with its actions). */
export function OrderLiveNotice({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t } = useLingui();
  const change = view.changedElsewhere;
  if (change === null) return null;
  const by = change.by;
  return (
    <div className="order-notice order-notice--live" role="status" data-live-change="">
      <p className="order-notice__text">
        {by === null ? t`The order was changed just now.` : t`Changed by ${by} just now.`}
      </p>
      <Button variant="secondary" onClick={() => send({ type: 'change.seen' })}>
        {t`Got it`}
      </Button>
    </div>
  );
}
