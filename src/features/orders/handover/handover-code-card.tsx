import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { QrCode } from '../../../ui/qr-code.tsx';
import './handover.css';

/**
 * The distributor's pickup handover code (only their own order carries it, while it waits for pickup): the six
 * digits, large, and the same code as a QR code for the warehouse's camera.
 */
export function HandoverCodeCard({ code }: { code: string }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <section className="order-card handover-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="order-card__title">
        {t`Handover code`}
      </h2>
      <p className="handover-card__hint">{t`Show this code or its QR code at the pickup point to receive the order.`}</p>
      <div className="handover-card__body">
        <p className="handover-card__code" data-handover-code={code}>
          {code.slice(0, 3)}&#8201;{code.slice(3)}
        </p>
        <QrCode text={code} label={t`QR code of the handover code ${code}`} />
      </div>
    </section>
  );
}
