/** An order's messages: placed, changed by the warehouse, pay, paid or not, refunded, ready, on its way, received, cancelled. */
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import type { OrderFacts } from '../facts.ts';
import { Action, Facts, HandoverCode, P, text } from './parts.tsx';
import { dataNumber, dataText, type Formatters, type Template, type TemplateInput } from './template.ts';

export const HANDOVER_QR_CID = 'handover-code';

/** The facts shown when the order itself is gone (deleted with its account): its id. */
function orderOf(input: TemplateInput): OrderFacts {
  if (input.order !== null) return input.order;
  const id = dataNumber(input.data, 'orderId');
  return {
    id,
    number: String(id),
    status: 'placed',
    paymentMethod: 'cash',
    paymentState: 'not_required',
    deliveryType: 'pickup',
    finalCost: 0,
    currency: 'MDL',
    points: 0,
    units: 0,
    warehouseName: '',
    warehousePhone: '',
    pickupPoint: null,
    address: null,
    cancelReason: null,
    partialNote: null,
    handoverCode: null,
  };
}

const orderPath = (order: OrderFacts): string => `/my-orders/${order.id}`;

function receiving(i18n: I18n, order: OrderFacts): string {
  if (order.deliveryType === 'delivery')
    return i18n._({
      id: 'email.order.facts.delivery_to',
      message: 'Courier to {address}',
      values: { address: order.address ?? '' },
    });
  return order.pickupPoint === null
    ? i18n._({ id: 'email.order.facts.pickup', message: 'Pickup' })
    : i18n._({
        id: 'email.order.facts.pickup_at',
        message: 'Pickup at {point}, {address}',
        values: { point: order.pickupPoint.name, address: order.pickupPoint.address },
      });
}

/** The order's number, total, how it is received and paid. */
function OrderFactsTable({ i18n, order, format }: { i18n: I18n; order: OrderFacts; format: Formatters }) {
  return (
    <Facts
      rows={[
        [i18n._({ id: 'email.order.facts.number', message: 'Order' }), `№ ${order.number}`],
        [
          i18n._({ id: 'email.order.facts.total', message: 'Total' }),
          `${format.money(order.finalCost, order.currency)} · ${format.points(order.points)} PV`,
        ],
        [i18n._({ id: 'email.order.facts.receiving', message: 'Receiving' }), receiving(i18n, order)],
        [
          i18n._({ id: 'email.order.facts.payment', message: 'Payment' }),
          order.paymentMethod === 'card'
            ? i18n._({ id: 'email.order.facts.card', message: 'By card' })
            : i18n._({ id: 'email.order.facts.cash', message: 'Cash on receipt' }),
        ],
      ]}
    />
  );
}

export const orderPlaced: Template = (input) => {
  const { i18n, link, format } = input;
  const order = orderOf(input);
  const values = { number: order.number };
  return {
    subject: i18n._({ id: 'email.order_placed.subject', message: 'Order {number} is placed', values }),
    summary: i18n._({
      id: 'email.order_placed.summary',
      message: 'The warehouse will check it; we will write when something changes.',
    }),
    heading: i18n._({ id: 'email.order_placed.heading', message: 'Thank you for your order!' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_placed.body"
            message="We received your order {number}. The warehouse {warehouse} will check that everything is in stock, and we will write to you when it is confirmed."
            values={{ number: order.number, warehouse: text(order.warehouseName) }}
          />
        </P>
        <OrderFactsTable i18n={i18n} order={order} format={format} />
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
        </Action>
      </>
    ),
  };
};

export const orderAwaitingAnswer: Template = (input) => {
  const { i18n, link, format } = input;
  const order = orderOf(input);
  const note = order.partialNote ?? '';
  return {
    subject: i18n._({
      id: 'email.order_awaiting_answer.subject',
      message: 'Order {number}: the warehouse changed it and waits for your answer',
      values: { number: order.number },
    }),
    summary: i18n._({
      id: 'email.order_awaiting_answer.summary',
      message: 'Accept the changed order or cancel it.',
    }),
    heading: i18n._({
      id: 'email.order_awaiting_answer.heading',
      message: 'Your order needs your answer',
    }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_awaiting_answer.body"
            message="Not everything in order {number} is in stock. The warehouse changed the quantities; the new total is {total}. Accept the changed order, or cancel it."
            values={{ number: order.number, total: format.money(order.finalCost, order.currency) }}
          />
        </P>
        {note === '' ? null : (
          <P>
            <Trans
              id="email.order_awaiting_answer.note"
              message="The warehouse's note: {note}"
              values={{ note: text(note) }}
            />
          </P>
        )}
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order_awaiting_answer.action', message: 'Answer now' })}
        </Action>
      </>
    ),
  };
};

export const orderPayNow: Template = (input) => {
  const { i18n, link, format } = input;
  const order = orderOf(input);
  const total = format.money(order.finalCost, order.currency);
  return {
    subject: i18n._({
      id: 'email.order_pay_now.subject',
      message: 'Order {number} is confirmed: pay {total} by card',
      values: { number: order.number, total },
    }),
    summary: i18n._({
      id: 'email.order_pay_now.summary',
      message: 'The warehouse prepares the order once it is paid.',
    }),
    heading: i18n._({ id: 'email.order_pay_now.heading', message: 'Your order is confirmed' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_pay_now.body"
            message="The warehouse confirmed order {number}. Pay {total} by card, and it will be prepared."
            values={{ number: order.number, total }}
          />
        </P>
        <OrderFactsTable i18n={i18n} order={order} format={format} />
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order_pay_now.action', message: 'Pay now' })}
        </Action>
      </>
    ),
  };
};

export const orderPaymentFailed: Template = (input) => {
  const { i18n, link, data } = input;
  const order = orderOf(input);
  const reason = dataText(data, 'reason');
  return {
    subject: i18n._({
      id: 'email.order_payment_failed.subject',
      message: 'Order {number}: the payment did not go through',
      values: { number: order.number },
    }),
    summary: i18n._({
      id: 'email.order_payment_failed.summary',
      message: 'Nothing was charged. You can try again.',
    }),
    heading: i18n._({ id: 'email.order_payment_failed.heading', message: 'The payment did not go through' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_payment_failed.body"
            message="The card payment for order {number} failed, and nothing was charged. You can try again with the same or another card."
            values={{ number: order.number }}
          />
        </P>
        {reason === '' ? null : (
          <P muted>
            <Trans
              id="email.order_payment_failed.reason"
              message="The bank's answer: {reason}"
              values={{ reason: text(reason) }}
            />
          </P>
        )}
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order_payment_failed.action', message: 'Try again' })}
        </Action>
      </>
    ),
  };
};

export const orderPaymentReceived: Template = (input) => {
  const { i18n, link, format } = input;
  const order = orderOf(input);
  const total = format.money(order.finalCost, order.currency);
  return {
    subject: i18n._({
      id: 'email.order_payment_received.subject',
      message: 'Order {number}: payment received',
      values: { number: order.number },
    }),
    summary: i18n._({
      id: 'email.order_payment_received.summary',
      message: 'The warehouse now prepares your order.',
    }),
    heading: i18n._({ id: 'email.order_payment_received.heading', message: 'Payment received' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_payment_received.body"
            message="We received {total} for order {number}. The warehouse now prepares it."
            values={{ number: order.number, total }}
          />
        </P>
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
        </Action>
      </>
    ),
  };
};

export const orderRefunded: Template = (input) => {
  const { i18n, link, data, format } = input;
  const order = orderOf(input);
  const amount = format.money(dataNumber(data, 'amount'), dataText(data, 'currency', order.currency));
  return {
    subject: i18n._({
      id: 'email.order_refunded.subject',
      message: 'Order {number}: {amount} refunded',
      values: { number: order.number, amount },
    }),
    summary: i18n._({
      id: 'email.order_refunded.summary',
      message: 'The money goes back to the card you paid with.',
    }),
    heading: i18n._({ id: 'email.order_refunded.heading', message: 'Money refunded' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_refunded.body"
            message="We refunded {amount} for order {number} to the card you paid with. Depending on your bank, it may take a few days to show."
            values={{ number: order.number, amount }}
          />
        </P>
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
        </Action>
      </>
    ),
  };
};

/** Ready: with the handover code while it waits at the pickup point, else "choose pickup or delivery". */
export const orderReady: Template = (input) => {
  const { i18n, link, format } = input;
  const order = orderOf(input);
  const values = { number: order.number };
  if (order.handoverCode === null && order.deliveryType === 'delivery' && order.status === 'ready')
    return {
      subject: i18n._({
        id: 'email.order_ready_choose.subject',
        message: 'Order {number} is ready: delivery or pickup?',
        values,
      }),
      summary: i18n._({
        id: 'email.order_ready_choose.summary',
        message: 'Ask for delivery, or pick it up yourself.',
      }),
      heading: i18n._({ id: 'email.order_ready_choose.heading', message: 'Your order is ready' }),
      path: orderPath(order),
      content: (
        <>
          <P>
            <Trans
              id="email.order_ready_choose.body"
              message="Order {number} is ready. Ask for delivery to {address}, or pick it up at the warehouse yourself."
              values={{ number: order.number, address: text(order.address ?? '') }}
            />
          </P>
          <Action href={link(orderPath(order))}>
            {i18n._({ id: 'email.order_ready_choose.action', message: 'Choose' })}
          </Action>
        </>
      ),
    };
  const code = order.handoverCode;
  const point = order.pickupPoint;
  return {
    subject: i18n._({
      id: 'email.order_ready.subject',
      message: 'Order {number} is ready for pickup',
      values,
    }),
    summary:
      code === null
        ? i18n._({ id: 'email.order_ready.summary_plain', message: 'It waits for you at the pickup point.' })
        : i18n._({
            id: 'email.order_ready.summary',
            message: 'Your handover code: {code}',
            values: { code },
          }),
    heading: i18n._({ id: 'email.order_ready.heading', message: 'Your order is ready for pickup' }),
    path: orderPath(order),
    ...(code === null ? {} : { qrCode: code }),
    content: (
      <>
        <P>
          {point === null ? (
            <Trans
              id="email.order_ready.body_plain"
              message="Order {number} waits for you at the warehouse {warehouse}."
              values={{ number: order.number, warehouse: text(order.warehouseName) }}
            />
          ) : (
            <Trans
              id="email.order_ready.body"
              message="Order {number} waits for you at {point}, {address}. Opening hours: {hours}."
              values={{
                number: order.number,
                point: text(point.name),
                address: text(point.address),
                hours: text(point.hours),
              }}
            />
          )}
        </P>
        {code === null ? null : (
          <>
            <P>
              <Trans
                id="email.order_ready.code_intro"
                message="Show this code at the pickup point, or let them scan the QR code:"
              />
            </P>
            <HandoverCode
              code={code}
              qrCid={HANDOVER_QR_CID}
              qrLabel={i18n._({
                id: 'email.order_ready.qr_label',
                message: 'QR code of the handover code {code}',
                values: { code },
              })}
            />
            <P muted>
              <Trans
                id="email.order_ready.code_note"
                message="Keep the code to yourself: whoever shows it receives the order. It is also on the order's page."
              />
            </P>
          </>
        )}
        <OrderFactsTable i18n={i18n} order={order} format={format} />
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
        </Action>
      </>
    ),
  };
};

export const orderOutForDelivery: Template = (input) => {
  const { i18n, link } = input;
  const order = orderOf(input);
  return {
    subject: i18n._({
      id: 'email.order_out_for_delivery.subject',
      message: 'Order {number} is on its way',
      values: { number: order.number },
    }),
    summary: i18n._({
      id: 'email.order_out_for_delivery.summary',
      message: 'The courier is bringing it to you.',
    }),
    heading: i18n._({ id: 'email.order_out_for_delivery.heading', message: 'Your order is on its way' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_out_for_delivery.body"
            message="The courier is bringing order {number} to {address}. When you have it, confirm the receipt in the portal."
            values={{ number: order.number, address: text(order.address ?? '') }}
          />
        </P>
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
        </Action>
      </>
    ),
  };
};

export const orderReceived: Template = (input) => {
  const { i18n, link } = input;
  const order = orderOf(input);
  return {
    subject: i18n._({
      id: 'email.order_received.subject',
      message: 'Order {number} is received',
      values: { number: order.number },
    }),
    summary: i18n._({ id: 'email.order_received.summary', message: 'Thank you for your order!' }),
    heading: i18n._({ id: 'email.order_received.heading', message: 'Your order is received' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_received.body"
            message="Order {number} has been handed over to you. Thank you! If something is wrong with it, contact the warehouse: {phone}."
            values={{ number: order.number, phone: text(order.warehousePhone) }}
          />
        </P>
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
        </Action>
      </>
    ),
  };
};

export const orderCancelled: Template = (input) => {
  const { i18n, link, data } = input;
  const order = orderOf(input);
  const reason = dataText(data, 'reason', order.cancelReason ?? '');
  return {
    subject: i18n._({
      id: 'email.order_cancelled.subject',
      message: 'Order {number} was cancelled by the warehouse',
      values: { number: order.number },
    }),
    summary:
      reason === ''
        ? i18n._({ id: 'email.order_cancelled.summary', message: 'Open the order for details.' })
        : i18n._({
            id: 'email.order_cancelled.summary_reason',
            message: 'Reason: {reason}',
            values: { reason },
          }),
    heading: i18n._({ id: 'email.order_cancelled.heading', message: 'Your order was cancelled' }),
    path: orderPath(order),
    content: (
      <>
        <P>
          <Trans
            id="email.order_cancelled.body"
            message="The warehouse {warehouse} cancelled order {number}."
            values={{ number: order.number, warehouse: text(order.warehouseName) }}
          />
        </P>
        {reason === '' ? null : (
          <P>
            <Trans
              id="email.order_cancelled.reason"
              message="The warehouse's reason: {reason}"
              values={{ reason: text(reason) }}
            />
          </P>
        )}
        <P muted>
          <Trans
            id="email.order_cancelled.contact"
            message="Questions? Call the warehouse: {phone}."
            values={{ phone: text(order.warehousePhone) }}
          />
        </P>
        <Action href={link(orderPath(order))}>
          {i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
        </Action>
      </>
    ),
  };
};
