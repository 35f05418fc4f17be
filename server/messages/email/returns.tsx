/**
 * The messages of a return (docs/adr/0138-returns.md): the warehouse received the goods, accepted the return (with
 * the refund and how it comes back), or refused it (with the warehouse's comment). Each leads to the order's page,
 * where the return is shown.
 */
import { Trans } from '@lingui/react';
import { Action, P, text } from './parts.tsx';
import { dataNumber, dataText, type Template, type TemplateInput } from './template.ts';

function facts(input: TemplateInput) {
  const orderId = dataNumber(input.data, 'orderId');
  return {
    path: `/my-orders/${orderId}`,
    number: dataText(input.data, 'number', String(orderId)),
    amount: input.format.money(
      dataNumber(input.data, 'amount'),
      dataText(input.data, 'currency', input.order?.currency ?? 'MDL'),
    ),
  };
}

function openOrder(input: TemplateInput, path: string) {
  return (
    <Action href={input.link(path)}>
      {input.i18n._({ id: 'email.order.action.open', message: 'Open the order' })}
    </Action>
  );
}

export const returnReceived: Template = (input) => {
  const { i18n } = input;
  const { path, number } = facts(input);
  const received = dataNumber(input.data, 'received');
  const damaged = dataNumber(input.data, 'damaged');
  return {
    subject: i18n._({
      id: 'email.return_received.subject',
      message: 'Return {number}: the warehouse received your goods',
      values: { number },
    }),
    summary: i18n._({
      id: 'email.return_received.summary',
      message:
        '{received, plural, one {# item} other {# items}} received; the warehouse will now decide on the return.',
      values: { received },
    }),
    heading: i18n._({ id: 'email.return_received.heading', message: 'Your return arrived' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.return_received.body"
            message="The warehouse received {received, plural, one {# item} other {# items}} of return {number}. It checks them and then accepts or refuses the return; we will write to you again."
            values={{ received, number }}
          />
        </P>
        {damaged > 0 ? (
          <P>
            <Trans
              id="email.return_received.damaged"
              message="{damaged, plural, one {# item was} other {# items were}} found damaged."
              values={{ damaged }}
            />
          </P>
        ) : null}
        {openOrder(input, path)}
      </>
    ),
  };
};

export const returnAccepted: Template = (input) => {
  const { i18n } = input;
  const { path, number, amount } = facts(input);
  const card = dataText(input.data, 'method', 'card') === 'card';
  return {
    subject: i18n._({
      id: 'email.return_accepted.subject',
      message: 'Return {number} accepted: {amount}',
      values: { number, amount },
    }),
    summary: card
      ? i18n._({
          id: 'email.return_accepted.summary_card',
          message: 'The money goes back to the card you paid with.',
        })
      : i18n._({
          id: 'email.return_accepted.summary_cash',
          message: 'The amount is credited to you at the warehouse.',
        }),
    heading: i18n._({ id: 'email.return_accepted.heading', message: 'Return accepted' }),
    path,
    content: (
      <>
        <P>
          {card ? (
            <Trans
              id="email.return_accepted.body_card"
              message="The warehouse accepted return {number}. We are refunding {amount} to the card you paid with; depending on your bank, it may take a few days to show."
              values={{ number, amount }}
            />
          ) : (
            <Trans
              id="email.return_accepted.body_cash"
              message="The warehouse accepted return {number}. {amount} is credited to you: the warehouse pays it out or counts it against your next order."
              values={{ number, amount }}
            />
          )}
        </P>
        <P muted>
          <Trans
            id="email.return_accepted.points"
            message="The points of the returned goods are taken back from your volumes."
          />
        </P>
        {openOrder(input, path)}
      </>
    ),
  };
};

export const returnRefused: Template = (input) => {
  const { i18n } = input;
  const { path, number } = facts(input);
  const comment = dataText(input.data, 'comment', '');
  return {
    subject: i18n._({
      id: 'email.return_refused.subject',
      message: 'Return {number} was refused',
      values: { number },
    }),
    summary: i18n._({
      id: 'email.return_refused.summary',
      message: 'Reason: {comment}',
      values: { comment },
    }),
    heading: i18n._({ id: 'email.return_refused.heading', message: 'Return refused' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.return_refused.body"
            message="The warehouse refused return {number}. Nothing is refunded, and your points stay as they were."
            values={{ number }}
          />
        </P>
        <P>
          <Trans
            id="email.return_refused.reason"
            message="The warehouse's reason: {comment}"
            values={{ comment: text(comment) }}
          />
        </P>
        {openOrder(input, path)}
      </>
    ),
  };
};
