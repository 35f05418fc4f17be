import { useLingui } from '@lingui/react/macro';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { Button } from '#src/ui/button.tsx';
import { ERROR_MESSAGES, GENERIC_ERROR } from './order-messages.ts';

export function errorText(
  code: string | null,
  translate: (descriptor: (typeof ERROR_MESSAGES)[string]) => string,
) {
  const descriptor = code === null ? undefined : ERROR_MESSAGES[code];
  return translate(descriptor ?? GENERIC_ERROR);
}

/** After a refusal: someone else changed the order (the fresh order is shown), the step is gone, or it failed. */
export function OrderNotice({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  if (view.notice === null) return null;
  return (
    <div className={`order-notice order-notice--${view.notice}`} role="alert" data-notice={view.notice}>
      <p className="order-notice__text">{errorText(view.errorCode, (descriptor) => i18n._(descriptor))}</p>
      <Button variant="secondary" onClick={() => send({ type: 'notice.dismiss' })}>
        {t`Dismiss`}
      </Button>
    </div>
  );
}
