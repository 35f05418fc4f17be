import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The terms of sale with the return policy (maib asks a merchant's site for them: general provisions, ordering and
 * payment, delivery, returns, personal data, contact; docs/adr/0114-merchant-site.md). Each section is a heading
 * and its paragraphs; the company's details are filled in by the page. The return rules stated here are the ones
 * `machines/returns/returns.policy.rules.ts` enforces (windows, rates, what is refunded); change both together.
 */
export interface TermsSection {
  id: string;
  title: MessageDescriptor;
  paragraphs: MessageDescriptor[];
}

export const TERMS_TITLE = msg`Terms of sale and return policy`;

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'general',
    title: msg`General provisions`,
    paragraphs: [
      msg`The portal sells the company's cosmetics and perfumery to its registered distributors and their customers in the Republic of Moldova. Prices are in Moldovan lei (MDL) and include VAT.`,
      msg`By placing an order you accept these terms. The company may change them; an order is governed by the terms in force on the day it was placed.`,
    ],
  },
  {
    id: 'ordering',
    title: msg`Placing an order and paying`,
    paragraphs: [
      msg`An order is confirmed once the warehouse has checked that the goods are available. If only part of it can be supplied, you are asked to accept or refuse the changed order before anything is paid.`,
      msg`You pay in cash when you receive or collect the order, or by card once the warehouse has confirmed the amount.`,
    ],
  },
  {
    id: 'cards',
    title: msg`Card payments`,
    paragraphs: [
      msg`Visa and Mastercard cards are paid on the secure page of maib, a bank of the Republic of Moldova, protected by 3-D Secure. The portal never sees or keeps your card details.`,
      msg`Your card is charged only when you confirm the payment on maib's page, and the order counts as paid once the bank confirms the payment to us. If the payment fails, no money is taken and you can pay again.`,
    ],
  },
  {
    id: 'delivery',
    title: msg`Delivery and pickup`,
    paragraphs: [
      msg`You collect an order at a pickup point of your warehouse or have it delivered to an address in Moldova. Delivery costs 50.00 MDL and is free for goods worth 1,000.00 MDL or more.`,
      msg`The portal tells you when the order is ready. A pickup order is handed over against the code shown on your order page.`,
    ],
  },
  {
    id: 'returns',
    title: msg`Returns and refunds`,
    paragraphs: [
      msg`A faulty product, or one that is not what you ordered, may be returned within 14 days of receiving the order; its price is refunded in full.`,
      msg`Goods that are unopened and in their original packaging may be returned within 12 months of receiving the order: within the first 14 days their price is refunded in full, after that 90% of it, as the codes of ethics of direct selling require for buying back unsold stock. For hygiene reasons, cosmetics opened for use cannot be returned unless they are faulty.`,
      msg`The refund is the price you actually paid for the returned units (the promotion price where the order had one). The cost of delivery is not refunded.`,
      msg`To return goods, open the order under My orders and choose “Return goods”: pick the products and quantities, the reason and, if you wish, add a comment. Then bring or send the goods to your warehouse; it checks what arrived and accepts the return or refuses it with a reason.`,
      msg`Once a return is accepted, an order paid by card is refunded to the same card through maib: depending on the bank that issued the card, the money appears on your account within 1 to 10 working days. For an order paid in cash, the refund is a credit noted on the order.`,
      msg`If an order paid by card is cancelled or declined before it reaches you, the whole amount goes back to the same card automatically, within the same 1 to 10 working days.`,
      msg`The points (PV) of returned goods are taken back from the volumes of the month the order was counted in, or from the current month if that month is already closed.`,
    ],
  },
  {
    id: 'privacy',
    title: msg`Personal data and privacy`,
    paragraphs: [
      msg`We process your personal data (name, contact details, addresses, orders) only to fulfil orders, to run the distributor programme and to meet our legal obligations, under Law No. 133/2011 on the protection of personal data.`,
      msg`We do not sell your data and share it only with those who fulfil an order for us (couriers, the bank for card payments). You may ask us to show, correct or delete your data by writing to the contact below.`,
    ],
  },
];

export const CONTACT_TITLE = msg`Contact`;
