import { useLingui } from '@lingui/react/macro';
import type { OrderActionsView } from '../../../../machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '../../../../machines/order-actions/order-actions.types.ts';
import { ActionButtonView } from './order-action-button.tsx';

/**
 * The buttons the lifecycle allows this role now (from the machine) besides the header's primary step, and the two
 * "why not" hints.
 */
export function OrderActionsPanel({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t } = useLingui();
  const others = view.secondary;
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
      {others.length === 0 ? (
        <p className="order-fields__hint">
          {view.primary === null
            ? t`No action is possible on this order now.`
            : t`No other action is possible now.`}
        </p>
      ) : (
        <div className="order-actions__buttons">
          {others.map((button) => (
            <ActionButtonView key={button.action} button={button} view={view} send={send} />
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
