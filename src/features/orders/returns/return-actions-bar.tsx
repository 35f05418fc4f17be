import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReturnActionsEvent } from '#machines/return-actions/return-actions.machine.ts';
import type { ReturnActionsView } from '#machines/return-actions/return-actions.selectors.ts';
import { Button } from '#src/ui/button.tsx';
import { Dialog } from '#src/ui/dialog.tsx';
import { showSuccessToast } from '#src/ui/toast.ts';
import { ReturnReceiptForm } from './return-receipt-form.tsx';
import { returnErrorText, useReturnAnswerText } from './return-messages.ts';

/**
 * The actions a viewer has on one return (the machine's `actions`) with their forms: staff receive the goods
 * (an inline form), accept, or refuse with a comment (a dialog); the distributor cancels a requested return (a
 * confirming dialog). After each accepted action a toast and a polite live region say what happened; a conflict
 * or another refusal is an alert above the buttons, with the fresh return shown.
 */
export function ReturnActionsBar({
  view,
  send,
}: {
  view: ReturnActionsView;
  send: (event: ReturnActionsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const answerText = useReturnAnswerText();
  const seen = useRef(view.changes);
  const [announced, setAnnounced] = useState('');
  const { actions, ret } = view;
  useEffect(() => {
    if (view.changes === seen.current || view.answer === null) return;
    seen.current = view.changes;
    const text = answerText(view.answer.kind, view.answer.number);
    showSuccessToast(text);
    setAnnounced(text);
  }, [view.changes, view.answer, answerText]);
  const translate = (descriptor: MessageDescriptor) => i18n._(descriptor);
  const any = actions.canCancel || actions.canReceive || actions.canAccept || actions.canRefuse;
  const busy = view.busy !== null;
  return (
    <div className="return-actions" data-return-actions={ret.id}>
      {view.notice === null ? null : (
        <div className={`order-notice order-notice--${view.notice}`} role="alert" data-notice={view.notice}>
          <p className="order-notice__text">{returnErrorText(view.errorCode, translate)}</p>
          <Button variant="secondary" onClick={() => send({ type: 'notice.dismiss' })}>
            {t`Dismiss`}
          </Button>
        </div>
      )}
      {any && view.form !== 'receipt' ? (
        <div className="order-actions__buttons">
          {actions.canReceive ? (
            <Button
              onClick={() => send({ type: 'receipt.open' })}
              disabled={busy}
              data-action="return.receive"
            >
              {t`Enter the goods received`}
            </Button>
          ) : null}
          {actions.canAccept ? (
            <Button
              onClick={() => send({ type: 'accept' })}
              disabled={busy}
              aria-busy={view.busy === 'accept'}
              data-action="return.accept"
            >
              {t`Accept the return`}
            </Button>
          ) : null}
          {actions.canRefuse ? (
            <Button
              variant="secondary"
              onClick={() => send({ type: 'refuse.open' })}
              disabled={busy}
              data-action="return.refuse"
            >
              {t`Refuse the return`}
            </Button>
          ) : null}
          {actions.canCancel ? (
            <Button
              variant="secondary"
              onClick={() => send({ type: 'cancel.open' })}
              disabled={busy}
              data-action="return.cancel"
            >
              {t`Cancel the return request`}
            </Button>
          ) : null}
        </div>
      ) : null}
      {view.form === 'receipt' ? <ReturnReceiptForm view={view} send={send} /> : null}
      {view.form === 'refusal' ? (
        <Dialog
          name="return-refuse"
          destructive
          title={t`Refuse return ${ret.number}?`}
          description={t`Nothing is refunded and nothing goes back into stock. The distributor sees your comment.`}
          submitLabel={t`Refuse the return`}
          closeLabel={t`Back`}
          busy={busy}
          error={
            view.errorCode === null
              ? null
              : { id: `${id}-refuse-error`, text: returnErrorText(view.errorCode, translate) }
          }
          onSubmit={() => send({ type: 'refuse.submit' })}
          onClose={() => send({ type: 'refuse.close' })}
        >
          <label htmlFor={`${id}-refusal`} className="order-form__label">
            {t`Why is it refused? (required, the distributor will see it)`}
          </label>
          <textarea
            id={`${id}-refusal`}
            name="refusal"
            className="order-form__textarea"
            rows={3}
            maxLength={1000}
            required
            aria-required
            aria-invalid={view.errorCode !== null}
            aria-describedby={view.errorCode === null ? undefined : `${id}-refuse-error`}
            value={view.refusal}
            onChange={(event) => send({ type: 'refuse.change', text: event.target.value })}
          />
        </Dialog>
      ) : null}
      {view.form === 'cancel' ? (
        <Dialog
          name="return-cancel"
          destructive
          title={t`Cancel return ${ret.number}?`}
          description={t`The request is withdrawn; you can ask for a new return while the period runs.`}
          submitLabel={t`Cancel the return request`}
          closeLabel={t`Back`}
          busy={busy}
          error={
            view.errorCode === null
              ? null
              : { id: `${id}-cancel-error`, text: returnErrorText(view.errorCode, translate) }
          }
          onSubmit={() => send({ type: 'cancel.confirm' })}
          onClose={() => send({ type: 'cancel.close' })}
        />
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite" data-answer="">
        {announced}
      </p>
    </div>
  );
}
