import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ReturnRequestView } from '#machines/return-actions/return-actions.selectors.ts';
import { RETURN_REASONS } from '#machines/return-actions/return-actions.types.ts';
import type { ReturnRequestEvent } from '#machines/return-actions/return-request.machine.ts';
import { formatDate, formatMoney, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Dialog } from '#src/ui/dialog.tsx';
import { PATHS } from '#src/ui/paths.ts';
import { QuantityStepper } from '#src/ui/quantity-stepper.tsx';
import { RETURN_PROBLEM_LABELS, RETURN_REASON_LABELS, returnErrorText } from './return-messages.ts';

/**
 * The distributor's return request, in a modal dialog (keyboard-first: focus starts on the first line's quantity,
 * Escape closes): a quantity per line up to what may still be returned, the reason (each with the date its period
 * ends and the share refunded), a comment, the refund and the PV taken back as the policy computes them, and the
 * policy in short with a link to the terms.
 */
export function ReturnRequestDialog({
  orderNumber,
  currency,
  view,
  send,
}: {
  orderNumber: string;
  currency: string;
  view: ReturnRequestView;
  send: (event: ReturnRequestEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const id = useId();
  const { preview, draft } = view;
  const errorId = `${id}-error`;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  // The server's refusals name lines by their place in the body sent: the chosen lines, in the form's order.
  const sent = preview.lines.filter((line) => line.quantity > 0);
  const problemOf = (productId: number) => {
    const index = sent.findIndex((line) => line.productId === productId);
    return view.problems.find((problem) => problem.index === index && index >= 0)?.reason ?? null;
  };
  const wholeProblem = view.problems.find((problem) => problem.index === -1)?.reason ?? null;
  const error =
    view.errorCode === null
      ? null
      : {
          id: errorId,
          text:
            wholeProblem === null
              ? returnErrorText(view.errorCode, (descriptor) => i18n._(descriptor))
              : i18n._(RETURN_PROBLEM_LABELS[wholeProblem]),
        };
  return (
    <Dialog
      name="return-request"
      title={t`Return goods of order ${orderNumber}`}
      description={t`Choose what you return and why. The warehouse checks the goods when they arrive.`}
      submitLabel={t`Send the return request`}
      closeLabel={t`Back`}
      busy={view.submitting}
      error={error}
      onSubmit={() => send({ type: 'request.submit' })}
      onClose={() => send({ type: 'request.close' })}
    >
      <fieldset className="return-form__lines">
        <legend className="order-form__label">{t`Products and quantities`}</legend>
        <ul className="return-form__list">
          {preview.lines.map((line) => {
            const name = line.name[locale];
            const problem = problemOf(line.productId);
            const hintId = `${id}-line-${line.productId}`;
            return (
              <li key={line.productId} className="return-form__line" data-product-id={line.productId}>
                <span className="return-form__name">{name}</span>
                <span id={hintId} className="order-fields__hint">
                  {line.returnable === 0
                    ? t`Nothing left to return (received ${line.received})`
                    : t`Up to ${line.returnable} of ${line.received} · ${money(line.unitPrice)} · ${formatPoints(line.points, locale)} PV`}
                </span>
                <QuantityStepper
                  name={`return-${line.productId}`}
                  min={0}
                  max={line.returnable}
                  size="sm"
                  disabled={line.returnable === 0 || view.submitting}
                  label={t`Units of ${name} to return`}
                  describedBy={hintId}
                  value={line.quantity}
                  onChange={(quantity) =>
                    send({ type: 'line.quantity', productId: line.productId, quantity })
                  }
                />
                {problem === null ? null : (
                  <p className="order-form__problem" data-problem={problem}>
                    {i18n._(RETURN_PROBLEM_LABELS[problem])}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <fieldset className="return-form__reasons">
        <legend className="order-form__label">{t`Reason`}</legend>
        {RETURN_REASONS.map((reason) => {
          const window = view.list.windows.find((entry) => entry.reason === reason);
          const open = window?.open === true;
          const until = window?.until ?? null;
          return (
            <label key={reason} className="return-form__reason" data-reason={reason}>
              <input
                type="radio"
                name="return-reason"
                value={reason}
                checked={draft.reason === reason}
                disabled={!open || view.submitting}
                onChange={() => send({ type: 'reason.choose', reason })}
              />
              <span>
                {i18n._(RETURN_REASON_LABELS[reason])}
                <span className="order-fields__hint return-form__window">
                  {!open
                    ? t`The period is over`
                    : until === null
                      ? t`${window?.ratePercent ?? 100}% refunded`
                      : t`Until ${formatDate(until, locale)}, ${window?.ratePercent ?? 100}% refunded`}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <label htmlFor={`${id}-comment`} className="order-form__label">
        {t`Comment (optional)`}
      </label>
      <textarea
        id={`${id}-comment`}
        name="comment"
        className="order-form__textarea"
        rows={2}
        maxLength={1000}
        disabled={view.submitting}
        value={draft.comment}
        onChange={(event) => send({ type: 'comment.change', text: event.target.value })}
      />
      <dl className="order-compare" aria-live="polite" data-testid="return-totals">
        <div>
          <dt>{t`Units`}</dt>
          <dd data-total="units">{preview.units}</dd>
        </div>
        <div>
          <dt>{t`Expected refund`}</dt>
          <dd data-total="refund">
            {money(preview.refund)}
            {preview.ratePercent === null ? null : ` (${preview.ratePercent}%)`}
          </dd>
        </div>
        <div>
          <dt>{t`PV taken back`}</dt>
          <dd data-total="points">{formatPoints(preview.pointsBack, locale)}</dd>
        </div>
      </dl>
      <p className="order-fields__hint return-form__policy">
        {t`Faulty or wrong goods: within 14 days, refunded in full. Unopened goods: within 12 months, in full within 14 days and 90% after. Delivery is not refunded.`}{' '}
        <Link to={PATHS.terms} target="_blank" rel="noopener">
          {t`The return policy`}
        </Link>
      </p>
    </Dialog>
  );
}
