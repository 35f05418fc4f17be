import { useLingui } from '@lingui/react/macro';
import type { ActionButton, OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { Button } from '#src/ui/button.tsx';
import { ACTION_LABELS } from './order-messages.ts';

function eventFor(button: ActionButton): OrderActionsEvent {
  switch (button.kind) {
    case 'direct':
      return { type: 'action.run', action: button.action };
    case 'reason':
      return { type: 'reason.open', action: button.action };
    case 'partial':
      return { type: 'partial.open' };
    case 'code':
      return { type: 'handover.open' };
    case 'pay':
      return { type: 'payment.start' };
  }
}

/**
 * One action of the order page. The ones that end or refuse the order (reject, decline, cancel) are drawn in the
 * error colour and open the confirmation dialog (the machine's reason form) instead of acting at once.
 */
export function ActionButtonView({
  button,
  view,
  send,
  primary = false,
}: {
  button: ActionButton;
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
  primary?: boolean;
}) {
  const { i18n } = useLingui();
  const destructive = button.kind === 'reason';
  return (
    <Button
      data-action={button.action}
      variant={primary ? 'primary' : 'secondary'}
      className={destructive ? 'order-action--destructive' : undefined}
      aria-haspopup={destructive || button.kind === 'code' ? 'dialog' : undefined}
      disabled={view.busy || view.form !== null}
      onClick={() => send(eventFor(button))}
    >
      {i18n._(ACTION_LABELS[button.action])}
    </Button>
  );
}
