import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { Dialog } from '#src/ui/dialog.tsx';
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
  const errorId = `${id}-error`;
  const hasError = view.errorCode !== null;
  const number = view.order.number;
  return (
    <Dialog
      name="handover"
      title={t`Hand over order ${number}`}
      description={t`Order No. ${number}. Ask the distributor for the handover code on their order page.`}
      submitLabel={t`Hand over`}
      closeLabel={t`Back`}
      busy={view.busy}
      error={
        hasError ? { id: errorId, text: errorText(view.errorCode, (descriptor) => i18n._(descriptor)) } : null
      }
      onSubmit={() => send({ type: 'handover.submit' })}
      onClose={() => send({ type: 'handover.close' })}
    >
      <label htmlFor={`${id}-code`} className="order-form__label">
        {t`Handover code (6 digits)`}
      </label>
      <input
        id={`${id}-code`}
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
      <QrScanner view={view} send={send} />
    </Dialog>
  );
}
