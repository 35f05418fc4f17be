import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { formatDateTime, formatMoney } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';

type Refund = ApiOrder['refunds'][number];

const REASONS: Record<Refund['reason'], MessageDescriptor> = {
  order_cancelled: msg`The order was paid and then cancelled: the whole amount goes back to the card.`,
  extra_payment: msg`The order was paid twice: the second payment goes back to the card.`,
  return: msg`A return was accepted: its amount goes back to the card.`,
};

/**
 * Money going back to the customer's card (docs/adr/0112-refunds.md): what, why and when, for the customer; staff
 * also see how many times the bank was asked and why it has not taken the refund yet (the server sends those to
 * staff only).
 */
export function OrderRefunds({ order }: { order: ApiOrder }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  if (order.refunds.length === 0) return null;
  return (
    <ul className="order-refunds" aria-label={t`Refunds`}>
      {order.refunds.map((refund) => {
        const amount = formatMoney(refund.amount, refund.currency, locale);
        const requested = formatDateTime(refund.requestedAt, locale);
        return (
          <li key={refund.id} className="order-refunds__item" data-refund-state={refund.state}>
            <p className="order-refunds__title">
              {refund.state === 'refunded' && refund.refundedAt !== null
                ? t`Refund of ${amount}: returned to the card on ${formatDateTime(refund.refundedAt, locale)}`
                : t`Refund of ${amount}: on its way to the card (requested ${requested})`}
            </p>
            <p className="order-fields__hint">{i18n._(REASONS[refund.reason])}</p>
            {refund.state === 'pending' && refund.lastError !== null ? (
              <p className="notice notice--error">
                {t`The bank has not taken the refund yet (${refund.attempts ?? 0} attempts): ${refund.lastError}.`}{' '}
                {refund.nextAttemptAt === null
                  ? null
                  : t`It is asked again at ${formatDateTime(refund.nextAttemptAt, locale)}.`}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
