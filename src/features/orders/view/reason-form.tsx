import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { OrderActionsView } from '../../../../machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '../../../../machines/order-actions/order-actions.types.ts';
import { Button } from '../../../ui/button.tsx';
import { errorText } from './order-notice.tsx';
import { REASON_TITLES } from './order-messages.ts';

/** Decline (reason required), reject, cancel or reject a changed order (reason optional). */
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
  useEffect(() => field.current?.focus(), []);
  const reason = view.reason;
  if (reason === null) return null;
  const errorId = `${id}-error`;
  const hasError = view.errorCode !== null;
  return (
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
        {i18n._(REASON_TITLES[reason.action])}
      </h2>
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
        <Button type="submit" disabled={view.busy} aria-busy={view.busy}>
          {i18n._(REASON_TITLES[reason.action])}
        </Button>
        <Button variant="secondary" disabled={view.busy} onClick={() => send({ type: 'reason.close' })}>
          {t`Back`}
        </Button>
      </div>
    </form>
  );
}
