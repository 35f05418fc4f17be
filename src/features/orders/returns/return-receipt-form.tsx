import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { ReturnActionsEvent } from '#machines/return-actions/return-actions.machine.ts';
import type { ReturnActionsView } from '#machines/return-actions/return-actions.selectors.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { QuantityStepper } from '#src/ui/quantity-stepper.tsx';
import { TableScroll } from '../view/table-scroll.tsx';
import { returnErrorText } from './return-messages.ts';

/**
 * Staff's receipt of a return: per line the units that came (at most those requested) and how many of them are
 * damaged (at most those received; they do not go back into stock). Focus starts on the first field.
 */
export function ReturnReceiptForm({
  view,
  send,
}: {
  view: ReturnActionsView;
  send: (event: ReturnActionsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const { ret, receipt } = view;
  const busy = view.busy !== null;
  if (receipt === null) return null;
  return (
    <form
      className="order-card order-form return-receipt"
      aria-labelledby={`${id}-title`}
      data-form="return-receipt"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'receipt.submit' });
      }}
    >
      <h3 id={`${id}-title`} className="order-card__title">
        {t`Goods received for return ${ret.number}`}
      </h3>
      <TableScroll label={t`Received and damaged units`}>
        <table className="order-table order-table--cards">
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col" className="order-table__num">{t`Returned`}</th>
              <th scope="col" className="order-table__num">{t`Received`}</th>
              <th scope="col" className="order-table__num">{t`Damaged`}</th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((line, index) => {
              const entry = receipt[String(line.productId)] ?? { received: line.requested, damaged: 0 };
              const name = line.name[locale];
              return (
                <tr key={line.productId} data-product-id={line.productId}>
                  <th scope="row">{name}</th>
                  <td className="order-table__num" data-label={t`Returned`}>
                    {line.requested}
                  </td>
                  <td className="order-table__num order-table__stepper" data-label={t`Received`}>
                    <QuantityStepper
                      inputRef={index === 0 ? first : undefined}
                      name={`received-${line.productId}`}
                      min={0}
                      max={line.requested}
                      size="sm"
                      disabled={busy}
                      label={t`Units of ${name} received`}
                      value={entry.received}
                      onChange={(received) =>
                        send({
                          type: 'receipt.change',
                          productId: line.productId,
                          received,
                          damaged: Math.min(entry.damaged, received),
                        })
                      }
                    />
                  </td>
                  <td className="order-table__num order-table__stepper" data-label={t`Damaged`}>
                    <QuantityStepper
                      name={`damaged-${line.productId}`}
                      min={0}
                      max={entry.received}
                      size="sm"
                      disabled={busy}
                      label={t`Units of ${name} damaged`}
                      value={entry.damaged}
                      onChange={(damaged) =>
                        send({
                          type: 'receipt.change',
                          productId: line.productId,
                          received: entry.received,
                          damaged,
                        })
                      }
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {view.errorCode === null ? null : (
        <p className="order-form__error" role="alert">
          {returnErrorText(view.errorCode, (descriptor) => i18n._(descriptor))}
        </p>
      )}
      <div className="order-form__buttons">
        <Button type="submit" disabled={busy} aria-busy={view.busy === 'receive'}>
          {t`Save the receipt`}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'receipt.close' })}>
          {t`Back`}
        </Button>
      </div>
    </form>
  );
}
