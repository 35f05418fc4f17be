import { useLingui } from '@lingui/react/macro';
import { formatOpeningHours, localName } from '#src/i18n/opening-hours.ts';
import type { ReactNode } from 'react';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { formatDateTime, formatMoney, formatNumber, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS } from './order-messages.ts';
import { DisplayStatusBadge } from './order-status-badge.tsx';

/** A row of the list; an empty field (null, blank) is not shown at all (no rows of "—"). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false) return null;
  if (typeof children === 'string' && children.trim() === '') return null;
  return (
    <div className="order-fields__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The order's fields (spec section 3) that have a value, grouped: order, customer, delivery, payment and totals,
 * warehouse. Staff also see the customer and the warehouse's own number and total; the distributor does not (the
 * server does not send those to the customer either).
 */
export function OrderFields({ order, staff }: { order: ApiOrder; staff: boolean }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const text = (value: string | null) => (value === null || value.trim() === '' ? null : value);
  const address = order.deliveryAddress;
  const point = order.pickupPoint;

  return (
    <div className="order-fields">
      <section className="order-card" aria-labelledby="order-fields-order">
        <h2 id="order-fields-order" className="order-card__title">{t`Order`}</h2>
        <dl className="order-fields__list">
          <Field label={t`Number`}>{order.number}</Field>
          <Field label={t`Created`}>{formatDateTime(order.createdAt, locale)}</Field>
          <Field label={t`Updated`}>{formatDateTime(order.updatedAt, locale)}</Field>
          <Field label={t`Payment-order status`}>
            <DisplayStatusBadge status={order.displayStatus} />
          </Field>
          <Field label={t`Order comment`}>{text(order.comment)}</Field>
          <Field label={t`Reason to cancel`}>{text(order.cancelReason)}</Field>
          <Field label={t`Warehouse note`}>{text(order.partialNote)}</Field>
        </dl>
      </section>

      {staff ? (
        <section className="order-card" aria-labelledby="order-fields-customer">
          <h2 id="order-fields-customer" className="order-card__title">{t`Customer`}</h2>
          <dl className="order-fields__list">
            <Field label={t`Name`}>{order.customer.fullName}</Field>
            <Field label={t`E-mail`}>
              <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
            </Field>
            <Field label={t`Phone`}>{text(order.customer.phone)}</Field>
            <Field label={t`PRN`}>{text(order.customer.prn)}</Field>
          </dl>
        </section>
      ) : null}

      <section className="order-card" aria-labelledby="order-fields-delivery">
        <h2 id="order-fields-delivery" className="order-card__title">{t`Delivery or pickup`}</h2>
        <dl className="order-fields__list">
          <Field label={t`Choice`}>{i18n._(DELIVERY_TYPE_LABELS[order.deliveryType])}</Field>
          <Field label={t`Delivery address`}>
            {address === null
              ? null
              : [
                  address.postIndex,
                  address.city,
                  address.street,
                  address.house,
                  address.apartment === null ? null : t`apt. ${address.apartment}`,
                ]
                  .filter((part) => part !== null && part !== '')
                  .join(', ')}
          </Field>
          <Field label={t`Pickup point`}>
            {point === null ? null : (
              <>
                {point.name[locale]}
                <br />
                {point.address}
                <br />
                <span className="order-fields__hint">
                  {formatOpeningHours(point.openingHours, locale, point.workingHours)}
                </span>
              </>
            )}
          </Field>
          <Field label={t`Comment to courier`}>{text(order.courierComment)}</Field>
        </dl>
      </section>

      <section className="order-card" aria-labelledby="order-fields-payment">
        <h2 id="order-fields-payment" className="order-card__title">{t`Payment and totals`}</h2>
        <dl className="order-fields__list">
          <Field label={t`Payment method`}>{i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod])}</Field>
          <Field label={t`Payment`}>{i18n._(PAYMENT_STATE_LABELS[order.paymentState])}</Field>
          <Field label={t`Online payment link`}>
            {order.paymentLink === null ? null : <a href={order.paymentLink}>{t`Open the payment page`}</a>}
          </Field>
          <Field label={t`Items`}>{formatNumber(order.itemCount, locale)}</Field>
          <Field label={t`Amount`}>{money(order.amount)}</Field>
          <Field label={t`Discount`}>{order.discount === 0 ? null : money(order.discount)}</Field>
          <Field label={t`Delivery price`}>
            {order.deliveryType === 'pickup' && order.deliveryPrice === 0 ? null : money(order.deliveryPrice)}
          </Field>
          <Field label={t`Final cost`}>
            <strong>{money(order.finalCost)}</strong>
          </Field>
          <Field label={t`Points (PV)`}>{formatPoints(order.points, locale)}</Field>
        </dl>
      </section>

      <section className="order-card" aria-labelledby="order-fields-warehouse">
        <h2 id="order-fields-warehouse" className="order-card__title">{t`Warehouse`}</h2>
        <dl className="order-fields__list">
          <Field label={t`Warehouse`}>{localName(order.warehouse.names, locale, order.warehouse.name)}</Field>
          {staff ? (
            <>
              <Field label={t`Warehouse number`}>{text(order.warehouseNumber)}</Field>
              <Field label={t`Warehouse total`}>
                {order.warehouseTotal === null ? null : money(order.warehouseTotal)}
              </Field>
            </>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
