import { useLingui } from '@lingui/react/macro';
import type {
  ActionButton,
  OrderActionsView,
} from '../../../../machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '../../../../machines/order-actions/order-actions.types.ts';
import { Button } from '../../../ui/button.tsx';
import { ACTION_LABELS } from './order-messages.ts';

function eventFor(button: ActionButton): OrderActionsEvent {
  switch (button.kind) {
    case 'direct':
      return { type: 'action.run', action: button.action };
    case 'reason':
      return { type: 'reason.open', action: button.action };
    case 'partial':
      return { type: 'partial.open' };
    case 'pay':
      return { type: 'payment.start' };
  }
}

/** The buttons the lifecycle allows this role now (from the machine), and the two "why not" hints. */
export function OrderActionsPanel({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const hints = [
    view.actions.prepareBlockedByPayment
      ? t`The card payment has not arrived yet: the order can be prepared once it is paid.`
      : null,
    view.actions.deliveryBlockedByAddress
      ? t`The order has no delivery address, so only pickup can be requested.`
      : null,
  ].filter((hint) => hint !== null);

  return (
    <section className="order-card order-actions" aria-labelledby="order-actions-title" aria-busy={view.busy}>
      <h2 id="order-actions-title" className="order-card__title">{t`Actions`}</h2>
      {view.buttons.length === 0 ? (
        <p className="order-fields__hint">{t`No action is possible on this order now.`}</p>
      ) : (
        <div className="order-actions__buttons">
          {view.buttons.map((button) => (
            <Button
              key={button.action}
              data-action={button.action}
              variant={button.kind === 'reason' ? 'secondary' : 'primary'}
              disabled={view.busy || view.form !== null}
              onClick={() => send(eventFor(button))}
            >
              {i18n._(ACTION_LABELS[button.action])}
            </Button>
          ))}
        </div>
      )}
      {hints.map((hint) => (
        <p key={hint} className="order-fields__hint">
          {hint}
        </p>
      ))}
      <p className="visually-hidden" aria-live="polite">
        {view.busy ? t`Saving…` : ''}
      </p>
    </section>
  );
}
