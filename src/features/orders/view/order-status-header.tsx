import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent, ViewerRole } from '#machines/order-actions/order-actions.types.ts';
import { useNextWarehouseOrder } from '#src/data/next-order.ts';
import { buttonClassName } from '#src/ui/button.tsx';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { showSuccessToast } from '#src/ui/toast.ts';
import { ActionButtonView } from './order-action-button.tsx';
import { useAnswerText } from './order-answer.ts';
import { PAYMENT_STATE_LABELS, STATUS_LABELS, WAREHOUSE_TAB_LABELS } from './order-messages.ts';

/**
 * The order's status heading with its payment state and the next step as the primary button. After every accepted
 * request (the machine's `changes` and `answer`) it answers: a toast names what happened, focus moves to this
 * heading, a polite live region says it, and staff get "Next order in this tab".
 */
export function OrderStatusHeader({
  view,
  send,
  viewer,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
  viewer: ViewerRole;
}) {
  const { t, i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const answerText = useAnswerText();
  const [announced, setAnnounced] = useState('');
  const seen = useRef(view.changes);
  const { order, answer, changes } = view;
  const next = useNextWarehouseOrder(
    viewer === 'warehouse' && answer !== null ? answer.fromStatus : null,
    order.id,
  );

  useEffect(() => {
    if (changes === seen.current || answer === null) return;
    seen.current = changes;
    const text = answerText(answer.kind, answer.number);
    showSuccessToast(text);
    setAnnounced(text);
    heading.current?.focus();
  }, [changes, answer, answerText]);

  const primary = view.primary;
  return (
    <section className="order-card order-status-header" aria-labelledby="order-status-heading">
      <div className="order-status-header__text">
        <h2 id="order-status-heading" ref={heading} tabIndex={-1} className="order-status-header__title">
          {i18n._(STATUS_LABELS[order.status])}
        </h2>
        <p className="order-status-header__payment" data-payment-state={order.paymentState}>
          {t`Payment: ${i18n._(PAYMENT_STATE_LABELS[order.paymentState])}`}
        </p>
      </div>
      {primary === null ? null : (
        <div className="order-status-header__step">
          <ActionButtonView button={primary} view={view} send={send} primary />
        </div>
      )}
      {next === null ? null : next.id === null ? (
        <p className="order-fields__hint" data-next-order="none">
          {t`No other order in “${i18n._(WAREHOUSE_TAB_LABELS[next.tab])}”.`}
        </p>
      ) : (
        <Link
          className={buttonClassName('secondary', 'order-status-header__next')}
          to={pathTo(PATHS.warehouseOrder, { id: next.id })}
          data-next-order={next.id}
        >
          {t`Next order in this tab`}
        </Link>
      )}
      <p className="visually-hidden" role="status" aria-live="polite" data-answer="">
        {announced}
      </p>
    </section>
  );
}
