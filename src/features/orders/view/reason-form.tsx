import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { OrderActionsView } from '../../../../machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '../../../../machines/order-actions/order-actions.types.ts';
import { Button } from '../../../ui/button.tsx';
import { errorText } from './order-notice.tsx';
import { REASON_TITLES } from './order-messages.ts';

/** Opens `dialog` as a modal (the rest of the page inert, Escape closes it); an environment without it shows it inline. */
function openModal(dialog: HTMLDialogElement | null): void {
  if (dialog === null || dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

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
  const field = useRef<HTMLTextAreaElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    openModal(dialog.current);
    field.current?.focus();
  }, []);
  const reason = view.reason;
  if (reason === null) return null;
  const errorId = `${id}-error`;
  const hasError = view.errorCode !== null;
  const number = view.order.number;
  return (
    <dialog
      ref={dialog}
      className="order-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-order`}
      onCancel={(event) => {
        event.preventDefault();
        if (!view.busy) send({ type: 'reason.close' });
      }}
    >
      <form
        className="order-card order-form"
        aria-labelledby={`${id}-title`}
        data-form="reason"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'reason.submit' });
        }}
      >
        <h2 id={`${id}-title`} className="order-card__title">
          {t`${i18n._(REASON_TITLES[reason.action])}: order ${number}?`}
        </h2>
        <p id={`${id}-order`} className="order-dialog__order">
          {t`Order No. ${number}. This cannot be undone.`}
        </p>
        <label htmlFor={`${id}-text`} className="order-form__label">
          {view.reasonRequired ? t`Reason (required, the distributor will see it)` : t`Reason (optional)`}
        </label>
        <textarea
          id={`${id}-text`}
          ref={field}
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
        {hasError ? (
          <p id={errorId} className="order-form__error" role="alert">
            {errorText(view.errorCode, (descriptor) => i18n._(descriptor))}
          </p>
        ) : null}
        <div className="order-form__buttons">
          <Button
            type="submit"
            className="order-action--destructive-filled"
            disabled={view.busy}
            aria-busy={view.busy}
          >
            {i18n._(REASON_TITLES[reason.action])}
          </Button>
          <Button variant="secondary" disabled={view.busy} onClick={() => send({ type: 'reason.close' })}>
            {t`Back`}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
