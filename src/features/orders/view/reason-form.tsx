import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { Dialog } from '#src/ui/dialog.tsx';
import { errorText } from './order-notice.tsx';
import { REASON_TITLES } from './order-messages.ts';

/**
 * Decline (reason required), reject, cancel or reject a changed order (reason optional): the destructive actions,
 * confirmed in a modal dialog that names the order, with the confirming button in the error colour.
 */
export function ReasonForm({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const reason = view.reason;
  if (reason === null) return null;
  const errorId = `${id}-error`;
  const hasError = view.errorCode !== null;
  const number = view.order.number;
  return (
    <Dialog
      name="reason"
      destructive
      title={t`${i18n._(REASON_TITLES[reason.action])}: order ${number}?`}
      description={t`Order No. ${number}. This cannot be undone.`}
      submitLabel={i18n._(REASON_TITLES[reason.action])}
      closeLabel={t`Back`}
      busy={view.busy}
      error={
        hasError ? { id: errorId, text: errorText(view.errorCode, (descriptor) => i18n._(descriptor)) } : null
      }
      onSubmit={() => send({ type: 'reason.submit' })}
      onClose={() => send({ type: 'reason.close' })}
    >
      <label htmlFor={`${id}-text`} className="order-form__label">
        {view.reasonRequired ? t`Reason (required, the distributor will see it)` : t`Reason (optional)`}
      </label>
      <textarea
        id={`${id}-text`}
        name="reason"
        className="order-form__textarea"
        rows={3}
        maxLength={1000}
        required={view.reasonRequired}
        aria-required={view.reasonRequired}
        aria-invalid={hasError}
        aria-describedby={hasError ? errorId : undefined}
        value={reason.text}
        onChange={(event) => send({ type: 'reason.change', text: event.target.value })}
      />
    </Dialog>
  );
}
