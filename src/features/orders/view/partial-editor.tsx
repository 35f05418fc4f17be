import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { formatMoney, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { QuantityStepper } from '#src/ui/quantity-stepper.tsx';
import { errorText } from './order-notice.tsx';
import { PARTIAL_PROBLEMS } from './order-messages.ts';
import { TableScroll } from './table-scroll.tsx';

/**
 * The partial confirmation: a new quantity per line (the shared stepper, 0..requested), the totals and PV recomputed
 * by the machine as the quantities change, and a required note for the distributor. Below 720 px each line is a card.
 */
export function PartialEditor({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const preview = view.partial;
  if (preview === null) return null;
  const order = view.order;
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const noteId = `${id}-note`;
  const problemId = `${id}-problem`;
  const showNoteError = view.errorCode !== null && preview.noteMissing;
  // No problem is shown before the first change or submit (the editor opens with what stock allows).
  const problem = preview.touched ? preview.problem : null;
  const stocked = order.lines.some((line) => line.stockOnHand !== undefined);
  const labels = { requested: t`Requested quantity`, onHand: t`On hand`, quantity: t`New quantity` };

  return (
    <form
      className="order-card order-form"
      aria-labelledby={`${id}-title`}
      data-form="partial"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'partial.submit' });
      }}
    >
      <h2 id={`${id}-title`} className="order-card__title">{t`Confirm partially`}</h2>
      <p className="order-fields__hint">
        {t`Set how many units of each product the warehouse can give (0 removes the line). The distributor will be asked to accept the changed order.`}
      </p>
      <TableScroll label={t`New quantities`}>
        <table className="order-table order-table--cards order-table--partial">
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col" className="order-table__num">
                {labels.requested}
              </th>
              {stocked ? (
                <th scope="col" className="order-table__num">
                  {labels.onHand}
                </th>
              ) : null}
              <th scope="col" className="order-table__num">
                {labels.quantity}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line, index) => {
              const source = order.lines.find((candidate) => String(candidate.id) === line.lineId);
              const name = source?.name[locale] ?? line.lineId;
              const onHand = source?.stockOnHand;
              const short = onHand !== undefined && onHand < line.requested;
              return (
                <tr key={line.lineId} data-line-id={line.lineId} data-short={short ? '' : undefined}>
                  <th scope="row">{name}</th>
                  <td className="order-table__num" data-label={labels.requested}>
                    {line.requested}
                  </td>
                  {stocked ? (
                    <td className="order-table__num" data-label={labels.onHand} data-stock={onHand}>
                      {onHand ?? ''}
                      {short ? <span className="order-table__short">{t`Short`}</span> : null}
                    </td>
                  ) : null}
                  <td className="order-table__num order-table__stepper" data-label={labels.quantity}>
                    <QuantityStepper
                      inputRef={index === 0 ? first : undefined}
                      name={`quantity-${line.lineId}`}
                      min={0}
                      max={line.requested}
                      size="sm"
                      label={t`New quantity of ${name}`}
                      value={line.quantity}
                      onChange={(quantity) =>
                        send({ type: 'partial.quantity', lineId: line.lineId, quantity })
                      }
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <dl className="order-compare" aria-live="polite" data-testid="partial-totals">
        <div>
          <dt>{t`Amount`}</dt>
          <dd>
            {money(preview.before.amount)} →{' '}
            <strong data-total="amount">{money(preview.after.amount)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t`Points (PV)`}</dt>
          <dd>
            {formatPoints(preview.before.points, locale)} →{' '}
            <strong data-total="points">{formatPoints(preview.after.points, locale)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t`Items`}</dt>
          <dd>
            {preview.before.itemCount} → <strong data-total="items">{preview.after.itemCount}</strong>
          </dd>
        </div>
      </dl>
      {problem === null ? null : (
        <p id={problemId} className="order-form__problem">
          {i18n._(PARTIAL_PROBLEMS[problem])}
        </p>
      )}
      <label htmlFor={noteId} className="order-form__label">
        {t`Note for the distributor (required)`}
      </label>
      <textarea
        id={noteId}
        name="note"
        className="order-form__textarea"
        rows={3}
        maxLength={1000}
        required
        aria-required
        aria-invalid={showNoteError}
        value={view.partialNote}
        onChange={(event) => send({ type: 'partial.note', note: event.target.value })}
      />
      {view.errorCode === null ? null : (
        <p className="order-form__error" role="alert">
          {errorText(view.errorCode, (descriptor) => i18n._(descriptor))}
        </p>
      )}
      <div className="order-form__buttons">
        <Button
          type="submit"
          disabled={view.busy}
          aria-busy={view.busy}
          aria-describedby={problem === null ? undefined : problemId}
        >
          {t`Send to the distributor`}
        </Button>
        <Button variant="secondary" disabled={view.busy} onClick={() => send({ type: 'partial.close' })}>
          {t`Back`}
        </Button>
      </div>
    </form>
  );
}
