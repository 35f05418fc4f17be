import { useLingui } from '@lingui/react/macro';
import { formatOpeningHours } from '#src/i18n/opening-hours.ts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { addressInputOf } from '#machines/personal/address-book.machine.ts';
import type { CheckoutView } from '#machines/checkout/checkout.selectors.ts';
import { deliveryPriceOf } from '#machines/checkout/checkout.delivery-price.rules.ts';
import type { CheckoutEvent } from '#machines/checkout/checkout.types.ts';
import { COURIER_COMMENT_MAX, ORDER_COMMENT_MAX } from '#machines/checkout/checkout.types.ts';
import { formatMoney } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { AddressForm } from '#src/ui/forms/address-form.tsx';
import type { OrderParams } from '#src/data/account.ts';
import type { CartTotals } from '#src/data/bag.ts';
import {
  ADDRESS_ERRORS,
  DELIVERY_LABELS,
  GENERIC_ADDRESS_ERROR,
  PAYMENT_LABELS,
} from './checkout-messages.ts';
import '#src/ui/forms/personal.css';

type Send = (event: CheckoutEvent) => void;

export interface StepProps {
  view: CheckoutView;
  send: Send;
  params: OrderParams;
  totals: CartTotals;
}

/** Back / next (or return to the review) / cancel, as the machine allows. */
export function StepNavigation({
  view,
  send,
  hint,
}: {
  view: CheckoutView;
  send: Send;
  hint: string | null;
}) {
  const { t } = useLingui();
  const hintId = useId();
  return (
    <div className="checkout-nav">
      {!view.canNext && hint !== null ? (
        <p id={hintId} className="checkout-nav__hint">
          {hint}
        </p>
      ) : null}
      <div className="checkout-nav__buttons">
        <Button variant="secondary" disabled={!view.canBack} onClick={() => send({ type: 'step.back' })}>
          {t`Back`}
        </Button>
        <Button
          disabled={!view.canNext}
          aria-describedby={!view.canNext && hint !== null ? hintId : undefined}
          onClick={() => send({ type: 'step.next' })}
        >
          {view.returnsToReview ? t`Save and return to the review` : t`Continue`}
        </Button>
        {view.canCancel ? (
          <Button variant="ghost" onClick={() => send({ type: 'checkout.cancel' })}>
            {t`Cancel checkout`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Choice({
  name,
  value,
  checked,
  onSelect,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  const id = `${name}-${value}`;
  return (
    <div className="choice" data-checked={checked}>
      <input id={id} type="radio" name={name} value={value} checked={checked} onChange={onSelect} />
      <label htmlFor={id} className="choice__label">
        {children}
      </label>
    </div>
  );
}

export function DeliveryStep({ view, send, params, totals }: StepProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <>
      <fieldset className="choices">
        <legend className="choices__legend">{t`How do you want to receive the order?`}</legend>
        {params.deliveryOptions.map((option) => {
          const price = deliveryPriceOf(params.deliveryOptions, option.type, totals.finalCost);
          return (
            <Choice
              key={option.type}
              name="delivery-type"
              value={option.type}
              checked={view.deliveryType === option.type}
              onSelect={() => send({ type: 'delivery.select', deliveryType: option.type })}
            >
              <span className="choice__title">{i18n._(DELIVERY_LABELS[option.type])}</span>
              <span className="choice__text">
                {price === 0 ? t`Free` : formatMoney(price, params.currency, locale)}
                {option.freeFrom !== null && price > 0
                  ? ` · ${t`free from ${formatMoney(option.freeFrom, params.currency, locale)}`}`
                  : ''}
              </span>
            </Choice>
          );
        })}
      </fieldset>
      <StepNavigation view={view} send={send} hint={t`Choose delivery or pickup to continue.`} />
    </>
  );
}

export function AddressStep({ view, send }: StepProps) {
  const { t, i18n } = useLingui();
  const failure =
    view.addressError === null ? null : i18n._(ADDRESS_ERRORS[view.addressError] ?? GENERIC_ADDRESS_ERROR);
  if (view.addressMode !== 'choosing') {
    return (
      <AddressForm
        address={null}
        saving={view.addressMode === 'saving'}
        failure={failure}
        invalidFields={[]}
        onSave={(values) => send({ type: 'address.save', address: addressInputOf(values) })}
        onCancel={() => send({ type: 'address.addCancel' })}
      />
    );
  }
  return (
    <>
      {view.addresses.length === 0 ? (
        <p className="checkout-step__text">{t`You have no saved address yet: add one to continue.`}</p>
      ) : (
        <fieldset className="choices">
          <legend className="choices__legend">{t`Delivery address`}</legend>
          {view.addresses.map((address) => (
            <Choice
              key={address.id}
              name="delivery-address"
              value={String(address.id)}
              checked={view.addressId === address.id}
              onSelect={() => send({ type: 'address.select', addressId: address.id })}
            >
              <span className="choice__title">
                {address.street} {address.house}
                {address.apartment === null ? '' : `, ${t`apt. ${address.apartment}`}`}
              </span>
              <span className="choice__text">
                {address.postIndex} {address.city}
                {address.isDefault ? ` · ${t`default`}` : ''}
              </span>
            </Choice>
          ))}
        </fieldset>
      )}
      {view.canAddAddress ? (
        <Button variant="secondary" onClick={() => send({ type: 'address.add' })}>
          {t`Add a new address`}
        </Button>
      ) : null}
      <StepNavigation view={view} send={send} hint={t`Choose or add a delivery address to continue.`} />
    </>
  );
}

export function PickupPointStep({ view, send }: StepProps) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <>
      {view.pickupPoints.length === 0 ? (
        <p className="checkout-step__text">{t`Your warehouse has no pickup point open now: choose delivery.`}</p>
      ) : (
        <fieldset className="choices">
          <legend className="choices__legend">{t`Pickup point`}</legend>
          {view.pickupPoints.map((point) => (
            <Choice
              key={point.id}
              name="pickup-point"
              value={String(point.id)}
              checked={view.pickupPointId === point.id}
              onSelect={() => send({ type: 'pickupPoint.select', pickupPointId: point.id })}
            >
              <span className="choice__title">{point.name[locale]}</span>
              <span className="choice__text">
                {point.city}, {point.address} ·{' '}
                {formatOpeningHours(point.openingHours, locale, point.workingHours)}
              </span>
            </Choice>
          ))}
        </fieldset>
      )}
      <StepNavigation view={view} send={send} hint={t`Choose a pickup point to continue.`} />
    </>
  );
}

export function CommentsStep({ view, send }: StepProps) {
  const { t } = useLingui();
  const [courierComment, setCourierComment] = useState(view.courierComment);
  const [comment, setComment] = useState(view.comment);
  useEffect(() => {
    send({ type: 'comments.change', courierComment, comment });
  }, [send, courierComment, comment]);
  return (
    <>
      <div className="form">
        {view.deliveryType === 'delivery' ? (
          <div className="field">
            <label className="field__label" htmlFor="courier-comment">
              {t`Comment to the courier (optional)`}
            </label>
            <textarea
              id="courier-comment"
              className="field__input checkout-textarea"
              maxLength={COURIER_COMMENT_MAX}
              value={courierComment}
              onChange={(event) => setCourierComment(event.target.value)}
            />
          </div>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="order-comment">
            {t`Order comment (optional)`}
          </label>
          <textarea
            id="order-comment"
            className="field__input checkout-textarea"
            maxLength={ORDER_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
      </div>
      <StepNavigation view={view} send={send} hint={t`A comment is too long.`} />
    </>
  );
}

export function PaymentStep({ view, send, params }: StepProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <fieldset className="choices">
        <legend className="choices__legend">{t`How do you want to pay?`}</legend>
        {params.paymentMethods.map((method) => (
          <Choice
            key={method}
            name="payment-method"
            value={method}
            checked={view.paymentMethod === method}
            onSelect={() => send({ type: 'payment.select', paymentMethod: method })}
          >
            <span className="choice__title">{i18n._(PAYMENT_LABELS[method])}</span>
            <span className="choice__text">
              {method === 'card'
                ? t`On the payment provider's secure page, once the amount to pay is final.`
                : t`When you receive or pick up the order.`}
            </span>
          </Choice>
        ))}
      </fieldset>
      <StepNavigation view={view} send={send} hint={t`Choose a payment method to continue.`} />
    </>
  );
}

function ReviewRow({
  label,
  children,
  onEdit,
  editLabel,
}: {
  label: string;
  children: ReactNode;
  onEdit: () => void;
  editLabel: string;
}) {
  const { t } = useLingui();
  return (
    <div className="review-row">
      <dt>{label}</dt>
      <dd>
        <span className="review-row__value">{children}</span>
        <Button variant="ghost" className="review-row__edit" onClick={onEdit}>
          {t`Change`}
          <span className="visually-hidden"> {editLabel}</span>
        </Button>
      </dd>
    </div>
  );
}

export function ReviewStep({ view, send, params, totals }: StepProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const money = (value: number) => formatMoney(value, params.currency, locale);
  const deliveryPrice =
    view.deliveryType === null
      ? 0
      : deliveryPriceOf(params.deliveryOptions, view.deliveryType, totals.finalCost);
  const deliveryLabel = view.deliveryType === null ? '' : i18n._(DELIVERY_LABELS[view.deliveryType]);
  const destination =
    view.deliveryType === 'delivery' && view.address !== null
      ? `${view.address.postIndex} ${view.address.city}, ${view.address.street} ${view.address.house}${
          view.address.apartment === null ? '' : `, ${t`apt. ${view.address.apartment}`}`
        }`
      : view.pickupPoint !== null
        ? `${view.pickupPoint.name[locale]} — ${view.pickupPoint.city}, ${view.pickupPoint.address}`
        : '';
  return (
    <>
      <dl className="review">
        <ReviewRow
          label={t`Receiving`}
          editLabel={t`how to receive the order`}
          onEdit={() => send({ type: 'review.editDelivery' })}
        >
          {deliveryLabel}
        </ReviewRow>
        <ReviewRow
          label={view.deliveryType === 'delivery' ? t`Delivery address` : t`Pickup point`}
          editLabel={view.deliveryType === 'delivery' ? t`the delivery address` : t`the pickup point`}
          onEdit={() => send({ type: 'review.editDestination' })}
        >
          {destination}
        </ReviewRow>
        <ReviewRow
          label={t`Comments`}
          editLabel={t`the comments`}
          onEdit={() => send({ type: 'review.editComments' })}
        >
          {view.deliveryType === 'delivery' && view.courierComment.trim() !== '' ? (
            <span className="review-row__line">{t`To the courier: ${view.courierComment.trim()}`}</span>
          ) : null}
          <span className="review-row__line">
            {view.comment.trim() === '' ? t`No order comment` : t`Order: ${view.comment.trim()}`}
          </span>
        </ReviewRow>
        <ReviewRow
          label={t`Payment`}
          editLabel={t`the payment method`}
          onEdit={() => send({ type: 'review.editPayment' })}
        >
          {view.paymentMethod === null ? '' : i18n._(PAYMENT_LABELS[view.paymentMethod])}
        </ReviewRow>
      </dl>
      <dl className="bag-totals review-totals">
        <div>
          <dt>{t`Goods`}</dt>
          <dd>{money(totals.finalCost)}</dd>
        </div>
        <div>
          <dt>{t`Delivery`}</dt>
          <dd>{deliveryPrice === 0 ? t`Free` : money(deliveryPrice)}</dd>
        </div>
        <div className="bag-totals__final">
          <dt>{t`To pay`}</dt>
          <dd data-testid="review-to-pay">{money(totals.finalCost + deliveryPrice)}</dd>
        </div>
      </dl>
      <div className="checkout-nav">
        <div className="checkout-nav__buttons">
          <Button variant="secondary" disabled={!view.canBack} onClick={() => send({ type: 'step.back' })}>
            {t`Back`}
          </Button>
          <Button disabled={!view.canSubmit} onClick={() => send({ type: 'order.submit' })}>
            {t`Place the order`}
          </Button>
          {view.canCancel ? (
            <Button variant="ghost" onClick={() => send({ type: 'checkout.cancel' })}>
              {t`Cancel checkout`}
            </Button>
          ) : null}
        </div>
      </div>
    </>
  );
}
