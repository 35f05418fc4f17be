/**
 * A distributor's business (the month's statement, the PV reminder, a new recruit in the first line, a new client of
 * their shop, a shop client's order) and the warehouse staff's queue digest.
 */
import { Trans } from '@lingui/react';
import { Action, Facts, P, text } from './parts.tsx';
import { dataNumber, dataText, type Template } from './template.ts';

export const statementReady: Template = ({ i18n, data, link, format }) => {
  const month = format.month(dataText(data, 'month'));
  const path = '/documents';
  return {
    subject: i18n._({
      id: 'email.statement_ready.subject',
      message: 'Your statement for {month} is ready',
      values: { month },
    }),
    summary: i18n._({
      id: 'email.statement_ready.summary',
      message: 'Volumes, rank and bonus of the closed month.',
    }),
    heading: i18n._({ id: 'email.statement_ready.heading', message: 'Your monthly statement is ready' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.statement_ready.body"
            message="Month closed: {month}. Your statement with its volumes, rank and bonus is ready to read and download."
            values={{ month }}
          />
        </P>
        <Action href={link(path)}>
          {i18n._({ id: 'email.statement_ready.action', message: 'Open my statements' })}
        </Action>
      </>
    ),
  };
};

export const pvReminder: Template = ({ i18n, data, link, format }) => {
  const month = format.month(dataText(data, 'month'));
  const pv = dataNumber(data, 'pv');
  const threshold = dataNumber(data, 'threshold', 25);
  const daysLeft = dataNumber(data, 'daysLeft');
  const missing = format.points(Math.max(0, threshold - pv));
  const path = '/promotions';
  return {
    subject: i18n._({
      id: 'email.pv_reminder.subject',
      message: '{missing} PV to go: {daysLeft, plural, one {# day} other {# days}} left this month',
      values: { missing, daysLeft },
    }),
    summary: i18n._({
      id: 'email.pv_reminder.summary',
      message: 'Order {missing} PV more to stay active this month.',
      values: { missing },
    }),
    heading: i18n._({
      id: 'email.pv_reminder.heading',
      message: 'Stay active this month',
    }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.pv_reminder.body"
            message="Your personal volume in {month} is {pv} PV; {threshold} PV make you active. {missing} PV to go, with {daysLeft, plural, one {# day} other {# days}} left."
            values={{ month, pv: format.points(pv), threshold: format.points(threshold), missing, daysLeft }}
          />
        </P>
        <Action href={link(path)}>
          {i18n._({ id: 'email.pv_reminder.action', message: 'See the promotions' })}
        </Action>
        <P muted>
          <Trans
            id="email.pv_reminder.note"
            message="You asked for this reminder; it comes at most once a month. Turn it off in Personal data."
          />
        </P>
      </>
    ),
  };
};

/**
 * A client of the distributor's shop placed an order (docs/adr/0146-the-shop-link.md): who, which order, what they
 * pay and the points the distributor is credited once it completes. Leads to the client's card in the client base.
 */
export const clientOrder: Template = ({ i18n, data, link, format }) => {
  const name = dataText(data, 'name');
  const number = dataText(data, 'number');
  const total = format.money(dataNumber(data, 'total'), dataText(data, 'currency', 'MDL'));
  const points = format.points(dataNumber(data, 'points'));
  const path = `/client-base/${dataNumber(data, 'clientId')}`;
  return {
    subject: i18n._({
      id: 'email.client_order.subject',
      message: '{name} placed order No. {number} in your shop',
      values: { name, number },
    }),
    summary: i18n._({
      id: 'email.client_order.summary',
      message: 'Order No. {number} for {total}. Its points are yours once it is completed.',
      values: { number, total },
    }),
    heading: i18n._({ id: 'email.client_order.heading', message: 'A client ordered in your shop' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.client_order.body"
            message="{name}, a client of your shop, placed an order. The warehouse prepares it; you can follow it from the client's card."
            values={{ name: text(name) }}
          />
        </P>
        <Facts
          rows={[
            [i18n._({ id: 'email.client_order.number', message: 'Order' }), number],
            [i18n._({ id: 'email.client_order.total', message: 'Total' }), total],
            [
              i18n._({ id: 'email.client_order.points', message: 'Points to you on completion' }),
              `${points} PV`,
            ],
          ]}
        />
        <Action href={link(path)}>
          {i18n._({ id: 'email.client_order.action', message: 'Open the client' })}
        </Action>
      </>
    ),
  };
};

/**
 * Someone signed up as a client of the distributor's shop (docs/adr/0146-the-shop-link.md): they are in the client
 * base, and their orders will be the distributor's. Leads to the client's card, where their contacts are.
 */
export const shopClient: Template = ({ i18n, data, link }) => {
  const name = dataText(data, 'name');
  const path = `/client-base/${dataNumber(data, 'clientId')}`;
  return {
    subject: i18n._({
      id: 'email.shop_client.subject',
      message: 'A new client in your shop: {name}',
      values: { name },
    }),
    summary: i18n._({
      id: 'email.shop_client.summary',
      message: '{name} signed up in your shop. Their orders and points will be yours.',
      values: { name },
    }),
    heading: i18n._({ id: 'email.shop_client.heading', message: 'You have a new client' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.shop_client.body"
            message="{name} signed up as a client of your shop and is now in your client base. They order at the retail price, and the points of their orders are credited to you. A word from you helps with the first order."
            values={{ name: text(name) }}
          />
        </P>
        <Action href={link(path)}>
          {i18n._({ id: 'email.shop_client.action', message: 'Open the client' })}
        </Action>
      </>
    ),
  };
};

/** Someone signed up with the distributor's link and is now in their first line. */
export const newRecruit: Template = ({ i18n, data, link }) => {
  const name = dataText(data, 'name');
  const prn = dataText(data, 'prn');
  const city = dataText(data, 'city');
  const path = '/my-distributers';
  return {
    subject: i18n._({
      id: 'email.new_recruit.subject',
      message: 'A new distributor in your first line: {name}',
      values: { name },
    }),
    summary: i18n._({
      id: 'email.new_recruit.summary',
      message: '{name} signed up with your link. Welcome them and help with the first steps.',
      values: { name },
    }),
    heading: i18n._({ id: 'email.new_recruit.heading', message: 'You have a new recruit' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.new_recruit.body"
            message="{name} signed up with your link and is now in your first line. A call or a message from you in the first days makes the start easier."
            values={{ name: text(name) }}
          />
        </P>
        <Facts
          rows={[
            [i18n._({ id: 'email.new_recruit.prn', message: 'Registration number' }), prn],
            [i18n._({ id: 'email.new_recruit.city', message: 'City' }), city],
          ]}
        />
        <Action href={link(path)}>
          {i18n._({ id: 'email.new_recruit.action', message: 'Open my network' })}
        </Action>
      </>
    ),
  };
};

interface DigestOrder {
  id: number;
  number: string;
  hours: number;
}

function digestOrders(data: Record<string, unknown>): DigestOrder[] {
  const list = data.orders;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    return [
      {
        id: dataNumber(record, 'id'),
        number: dataText(record, 'number'),
        hours: dataNumber(record, 'hours'),
      },
    ];
  });
}

export const queueDigest: Template = ({ i18n, data, link }) => {
  const count = dataNumber(data, 'count');
  const limit = dataNumber(data, 'limitHours', 24);
  const orders = digestOrders(data);
  const path = '/my-orders-warehouse';
  return {
    subject: i18n._({
      id: 'email.queue_digest.subject',
      message: '{count, plural, one {# order waits} other {# orders wait}} longer than {limit} h',
      values: { count, limit },
    }),
    summary: i18n._({
      id: 'email.queue_digest.summary',
      message: 'The oldest first; open the queue to take them on.',
    }),
    heading: i18n._({ id: 'email.queue_digest.heading', message: 'Orders waiting too long' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.queue_digest.body"
            message="{count, plural, one {# order of your warehouse has} other {# orders of your warehouse have}} been in the same status longer than {limit} hours."
            values={{ count, limit }}
          />
        </P>
        <Facts
          rows={orders.map((order) => [
            `№ ${order.number}`,
            <a key={order.id} href={link(`${path}/${order.id}`)} style={{ color: '#171717' }}>
              {i18n._({
                id: 'email.queue_digest.waiting',
                message: '{hours, plural, one {# hour} other {# hours}} in this status',
                values: { hours: order.hours },
              })}
            </a>,
          ])}
        />
        <Action href={link(path)}>
          {i18n._({ id: 'email.queue_digest.action', message: 'Open the queue' })}
        </Action>
      </>
    ),
  };
};
