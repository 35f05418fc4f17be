/**
 * The `mode=query` answer: a CommerceML 2.10 `КоммерческаяИнформация` with one `Документ` ("Заказ товара", role
 * "Продавец") per order, as 1C:Enterprise's "Обмен с сайтом" reads it. Pure: orders in, bytes out (UTF-8 + BOM).
 */
import type {
  DeliveryType,
  OrderStatus,
  PaymentMethod,
  PaymentState,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { CANCELLED_STATUSES, FINAL_STATUSES, statusValue } from './statuses.ts';
import { el, leaf, xmlDocumentBytes, type XmlElement } from './xml-writer.ts';

export const COMMERCEML_VERSION = '2.10';

/**
 * 1C reads dates and times as local wall-clock values; the portal's warehouses are in Moldova (prices in MDL), so
 * the exchange writes them in that zone.
 */
export const EXCHANGE_TIME_ZONE = 'Europe/Chisinau';

/** The id of the delivery service line (the convention 1C's site exchange uses for the delivery charge). */
export const DELIVERY_LINE_ID = 'ORDER_DELIVERY';

export interface ExchangeAddress {
  /** One line for people ("MD-2001, Chișinău, str. X 1, ap. 2"). */
  text: string;
  postIndex: string | null;
  city: string | null;
  street: string | null;
  house: string | null;
  apartment: string | null;
}

export interface ExchangeOrderLine {
  productId: number;
  sku: string;
  /** In Russian (the 1C base's language). */
  name: string;
  /** Unit price paid (promotion price when there was one), minor units. */
  price: number;
  /** Effective quantity (confirmed, else requested). */
  quantity: number;
}

export interface ExchangeOrder {
  id: number;
  number: string;
  createdAt: Date;
  updatedAt: Date;
  currency: string;
  /** What is paid, delivery included, minor units. */
  finalCost: number;
  deliveryPrice: number;
  comment: string | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  deliveryType: DeliveryType;
  warehouse: { code: string; name: string };
  /** The warehouse's own number for the order (`CHI-000123`), once confirmed. */
  warehouseNumber: string | null;
  customer: {
    id: number;
    prn: string | null;
    fullName: string;
    email: string;
    phone: string | null;
    address: ExchangeAddress | null;
  };
  lines: readonly ExchangeOrderLine[];
}

/** Minor units as a decimal string with two fraction digits (`12345` → `123.45`), without floating point. */
export function formatMoney(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const PARTS_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: EXCHANGE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `{ date: 'YYYY-MM-DD', time: 'HH:MM:SS' }` in the exchange's time zone. */
export function localDateTime(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(PARTS_FORMAT.formatToParts(at).map((part) => [part.type, part.value]));
  const get = (type: string): string => parts[type] ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

export const requisite = (name: string, value: string | number | boolean): XmlElement =>
  el('ЗначениеРеквизита', {}, leaf('Наименование', name), leaf('Значение', String(value)));

export const PAYMENT_METHOD_RU: Record<PaymentMethod, string> = {
  cash: 'Наличный расчет',
  card: 'Банковская карта',
};

const DELIVERY_TYPE_RU: Record<DeliveryType, string> = {
  pickup: 'Самовывоз',
  delivery: 'Доставка курьером',
};

const RECEIVED: readonly OrderStatus[] = ['received', 'completed', 'sent_to_1c'];

/** Card orders are paid when the provider said so; cash orders once the customer received them (paid on receipt). */
export function isPaid(order: Pick<ExchangeOrder, 'paymentMethod' | 'paymentState' | 'status'>): boolean {
  return order.paymentMethod === 'card' ? order.paymentState === 'paid' : RECEIVED.includes(order.status);
}

/** The goods may leave the warehouse: not cancelled, and paid when paid by card. */
export function isDeliveryAllowed(
  order: Pick<ExchangeOrder, 'paymentMethod' | 'paymentState' | 'status'>,
): boolean {
  if (CANCELLED_STATUSES.includes(order.status)) return false;
  return order.paymentMethod === 'cash' || order.paymentState === 'paid';
}

function addressElement(address: ExchangeAddress): XmlElement {
  const field = (type: string, value: string | null): XmlElement | null =>
    value === null || value === ''
      ? null
      : el('АдресноеПоле', {}, leaf('Тип', type), leaf('Значение', value));
  return el(
    'АдресРегистрации',
    {},
    leaf('Представление', address.text),
    field('Почтовый индекс', address.postIndex),
    field('Город', address.city),
    field('Улица', address.street),
    field('Дом', address.house),
    field('Квартира', address.apartment),
  );
}

export function counterparty(order: Pick<ExchangeOrder, 'customer'>): XmlElement {
  const { customer } = order;
  const contact = (type: string, value: string | null): XmlElement | null =>
    value === null || value === '' ? null : el('Контакт', {}, leaf('Тип', type), leaf('Значение', value));
  return el(
    'Контрагенты',
    {},
    el(
      'Контрагент',
      {},
      leaf('Ид', customer.prn ?? `user-${customer.id}`),
      leaf('Наименование', customer.fullName),
      leaf('Роль', 'Покупатель'),
      leaf('ПолноеНаименование', customer.fullName),
      customer.address === null ? null : addressElement(customer.address),
      el('Контакты', {}, contact('Почта', customer.email), contact('ТелефонРабочий', customer.phone)),
    ),
  );
}

const UNIT = { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' } as const;

export function goodsLine(
  id: string,
  sku: string | null,
  name: string,
  price: number,
  quantity: number,
  kind: 'Товар' | 'Услуга',
  extra: readonly XmlElement[] = [],
): XmlElement {
  return el(
    'Товар',
    {},
    leaf('Ид', id),
    sku === null ? null : leaf('Артикул', sku),
    leaf('Наименование', name),
    leaf('БазоваяЕдиница', 'шт', UNIT),
    leaf('ЦенаЗаЕдиницу', formatMoney(price)),
    leaf('Количество', quantity),
    leaf('Сумма', formatMoney(price * quantity)),
    el(
      'ЗначенияРеквизитов',
      {},
      requisite('ВидНоменклатуры', kind),
      requisite('ТипНоменклатуры', kind),
      ...extra,
    ),
  );
}

/** One `Документ` for an order. */
export function orderDocument(order: ExchangeOrder): XmlElement {
  const created = localDateTime(order.createdAt);
  const changed = localDateTime(order.updatedAt);
  const lines = order.lines
    .filter((line) => line.quantity > 0)
    .map((line) =>
      goodsLine(String(line.productId), line.sku, line.name, line.price, line.quantity, 'Товар'),
    );
  if (order.deliveryPrice > 0) {
    lines.push(goodsLine(DELIVERY_LINE_ID, null, 'Доставка заказа', order.deliveryPrice, 1, 'Услуга'));
  }
  const cancelled = CANCELLED_STATUSES.includes(order.status);
  return el(
    'Документ',
    {},
    leaf('Ид', order.id),
    leaf('Номер', order.number),
    leaf('Дата', created.date),
    leaf('Время', created.time),
    leaf('ХозОперация', 'Заказ товара'),
    leaf('Роль', 'Продавец'),
    leaf('Валюта', order.currency),
    leaf('Курс', 1),
    leaf('Сумма', formatMoney(order.finalCost)),
    order.comment === null || order.comment === '' ? null : leaf('Комментарий', order.comment),
    counterparty(order),
    el('Товары', {}, lines),
    el(
      'ЗначенияРеквизитов',
      {},
      requisite('Метод оплаты', PAYMENT_METHOD_RU[order.paymentMethod]),
      requisite('Заказ оплачен', isPaid(order)),
      requisite('Доставка разрешена', isDeliveryAllowed(order)),
      requisite('Отменен', cancelled),
      requisite('Финальный статус', FINAL_STATUSES.includes(order.status)),
      requisite('Статус заказа', statusValue(order.status)),
      requisite('Дата изменения статуса', `${changed.date} ${changed.time}`),
      requisite('Способ доставки', DELIVERY_TYPE_RU[order.deliveryType]),
      requisite('Склад', order.warehouse.name),
      requisite('Код склада', order.warehouse.code),
      order.warehouseNumber === null ? null : requisite('Номер склада', order.warehouseNumber),
    ),
  );
}

/**
 * The whole answer of `mode=query`: the orders' documents, then the accepted returns' ("Возврат товара",
 * `commerceml-returns.ts`, built by the caller so this file stays about orders).
 */
export function ordersDocument(
  orders: readonly ExchangeOrder[],
  generatedAt: Date,
  returns: readonly XmlElement[] = [],
): Buffer {
  const at = localDateTime(generatedAt);
  return xmlDocumentBytes(
    el(
      'КоммерческаяИнформация',
      { ВерсияСхемы: COMMERCEML_VERSION, ДатаФормирования: `${at.date}T${at.time}` },
      [...orders.map(orderDocument), ...returns],
    ),
  );
}
