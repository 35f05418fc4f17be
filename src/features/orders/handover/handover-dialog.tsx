import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef } from 'react';
import type { OrderActionsView } from '../../../../machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '../../../../machines/order-actions/order-actions.types.ts';
import { Button } from '../../../ui/button.tsx';
import { errorText } from '../view/order-notice.tsx';
import { QrScanner } from './qr-scanner.tsx';
import './handover.css';

/**
 * Hand over a pickup order: staff type the 6-digit code the distributor shows (or scan its QR code), in a modal
 * dialog that names the order. The machine keeps only digits and refuses fewer than six; the server checks the code.
 */
export function HandoverDialog({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    field.current?.focus();
  }, []);
  const scanned = useCallback((code: string) => send({ type: 'handover.change', code }), [send]);
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
        if (!view.busy) send({ type: 'handover.close' });
      }}
    >
      <form
        className="order-card order-form"
        aria-labelledby={`${id}-title`}
        data-form="handover"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'handover.submit' });
        }}
      >
        <h2 id={`${id}-title`} className="order-card__title">
          {t`Hand over order ${number}`}
        </h2>
        <p id={`${id}-order`} className="order-dialog__order">
          {t`Order No. ${number}. Ask the distributor for the handover code on their order page.`}
        </p>
        <label htmlFor={`${id}-code`} className="order-form__label">
          {t`Handover code (6 digits)`}
        </label>
        <input
          id={`${id}-code`}
          ref={field}
          name="handover-code"
          className="handover-dialog__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          aria-required
          aria-invalid={hasError}
          aria-describedby={hasError ? errorId : undefined}
          value={view.handoverCode}
          onChange={(event) => send({ type: 'handover.change', code: event.target.value })}
        />
        <QrScanner onCode={scanned} disabled={view.busy} />
        {hasError ? (
          <p id={errorId} className="order-form__error" role="alert">
            {errorText(view.errorCode, (descriptor) => i18n._(descriptor))}
          </p>
        ) : null}
        <div className="order-form__buttons">
          <Button type="submit" disabled={view.busy} aria-busy={view.busy}>
            {t`Hand over`}
          </Button>
          <Button variant="secondary" disabled={view.busy} onClick={() => send({ type: 'handover.close' })}>
            {t`Back`}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
