import { useLingui } from '@lingui/react/macro';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { Button } from '#src/ui/button.tsx';
import { useLocale } from '#src/i18n/i18n.ts';
import { ActionButtonView } from './order-action-button.tsx';
import { ACTION_LABELS } from './order-messages.ts';
import { PickupPointChoice } from './pickup-point-choice.tsx';

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
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const others = view.secondary;
  const shortNames = view.order.lines
    .filter((line) => view.shortLineIds.includes(line.id))
    .map((line) => line.name[locale])
    .join(', ');
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
      {view.choosesPickupPoint ? <PickupPointChoice view={view} send={send} /> : null}
      {view.returnsBelow ? (
        <p className="order-fields__hint">
          {t`The order is received: nothing more to do with it here.`}{' '}
          <a href="#order-returns-title">{t`To return goods, see Returns below.`}</a>
        </p>
      ) : others.length === 0 ? (
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
      {view.confirmBlockedByStock ? (
        <div className="order-actions__blocked">
          <Button data-action-blocked="order.confirm" disabled aria-describedby="order-confirm-blocked">
            {i18n._(ACTION_LABELS['order.confirm'])}
          </Button>
          <p id="order-confirm-blocked" className="order-fields__hint">
            {t`Not enough stock on hand for: ${shortNames}. Confirm partially or reject.`}
          </p>
        </div>
      ) : null}
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
