// The templates' test data (templates.test.ts, compiled-mail.test.ts): one message of every event, an order.
import type { Lang } from '#server/db/reference.ts';
import { formattersFor, type TemplateInput } from '#server/messages/email/template.ts';
import type { OrderFacts, Recipient } from '#server/messages/facts.ts';
import { messagesI18n } from '#server/messages/i18n.ts';
import { MESSAGE_EVENTS, type MessageEvent } from '#server/messages/outbox.ts';

export const EVENTS = Object.keys(MESSAGE_EVENTS) as MessageEvent[];

export const DATA: Record<MessageEvent, Record<string, unknown>> = {
  'account.confirm_email': {},
  'account.reset_password': {},
  'account.password_changed': {},
  'account.login_burst': { attempts: 12, since: '2026-03-14T08:00:00.000Z' },
  'order.placed': { orderId: 77 },
  'order.awaiting_answer': { orderId: 77 },
  'order.pay_now': { orderId: 77 },
  'order.payment_failed': { orderId: 77, reason: 'Insufficient funds' },
  'order.payment_received': { orderId: 77 },
  'order.refunded': { orderId: 77, amount: 12_550, currency: 'MDL' },
  'order.ready_for_pickup': { orderId: 77 },
  'order.out_for_delivery': { orderId: 77 },
  'order.received': { orderId: 77 },
  'order.cancelled': { orderId: 77, reason: 'Out of stock' },
  'order.return_received': {
    orderId: 77,
    number: '000077-R1',
    amount: 25_100,
    currency: 'MDL',
    received: 2,
    damaged: 1,
  },
  'order.return_accepted': {
    orderId: 77,
    number: '000077-R1',
    amount: 25_100,
    currency: 'MDL',
    method: 'card',
  },
  'order.return_refused': {
    orderId: 77,
    number: '000077-R1',
    amount: 0,
    currency: 'MDL',
    comment: 'Opened package',
  },
  'business.statement_ready': { month: '2026-02' },
  'business.pv_reminder': { month: '2026-03', pv: 12.5, threshold: 25, daysLeft: 5 },
  'business.new_recruit': { name: 'Ana Popescu', prn: 'MD1000042', city: 'Bălți' },
  'business.client_order': {
    name: 'Ana Popescu',
    clientId: 12,
    number: '000077',
    total: 31_250,
    currency: 'MDL',
    points: 18.5,
  },
  'business.shop_client': { name: 'Ana Popescu', clientId: 12 },
  'staff.queue_digest': {
    count: 3,
    limitHours: 24,
    orders: [
      { id: 5, number: '000005', hours: 50 },
      { id: 9, number: '000009', hours: 30 },
    ],
  },
};

export const ORDER: OrderFacts = {
  id: 77,
  number: '000077',
  status: 'ready',
  paymentMethod: 'card',
  paymentState: 'paid',
  deliveryType: 'pickup',
  finalCost: 123_450,
  currency: 'MDL',
  points: 41.5,
  units: 4,
  warehouseName: 'Chișinău',
  warehousePhone: '+373 22 000 000',
  pickupPoint: { name: 'Centru', address: 'str. Columna 1', hours: 'Mo–Fr 9–18' },
  address: null,
  cancelReason: null,
  partialNote: 'Two lipsticks are out of stock',
  handoverCode: '042917',
};

export function recipient(lang: Lang, name = 'Ana Popescu'): Recipient {
  return { id: 5, name, email: 'ana@example.test', lang, isPartner: true, isWarehouse: false };
}

export function input(
  event: MessageEvent,
  lang: Lang,
  order: OrderFacts | null = ORDER,
  data: Record<string, unknown> = DATA[event],
): TemplateInput {
  return {
    i18n: messagesI18n(lang),
    lang,
    recipient: recipient(lang),
    data,
    secret: event.startsWith('account.') ? 'pr_secret-token' : null,
    order: event.startsWith('order.') ? order : null,
    createdAt: new Date('2026-03-15T10:30:00.000Z'),
    link: (path) => `https://portal.example${path}`,
    format: formattersFor(lang),
  };
}
