/**
 * An accepted return as a CommerceML 2.10 `Документ` of the `mode=query` answer: `ХозОперация` "Возврат товара"
 * (one of the schema's business operations), role "Продавец", the order's customer as the counterparty, the
 * received units at the price paid, and the requisites 1C needs to book it against the sale (docs/1c-exchange.md).
 * Pure: a return in, an element out.
 */
import type { ReturnReason } from '#machines/returns/returns.types.ts';
import {
  PAYMENT_METHOD_RU,
  counterparty,
  formatMoney,
  goodsLine,
  localDateTime,
  requisite,
  type ExchangeOrder,
} from './commerceml-writer.ts';
import { el, leaf, type XmlElement } from './xml-writer.ts';

export interface ExchangeReturnLine {
  productId: number;
  sku: string;
  /** In Russian. */
  name: string;
  /** The unit price paid on the order line, minor units. */
  price: number;
  received: number;
  damaged: number;
}

export interface ExchangeReturn {
  id: number;
  /** `<order number>-R<seq>` */
  number: string;
  acceptedAt: Date;
  currency: string;
  /** The refund, minor units (Σ received × price × rate, rounded half-up). */
  amount: number;
  ratePercent: number;
  reason: ReturnReason;
  paymentMethod: ExchangeOrder['paymentMethod'];
  order: { id: number; number: string };
  warehouse: ExchangeOrder['warehouse'];
  customer: ExchangeOrder['customer'];
  lines: readonly ExchangeReturnLine[];
}

/** Returns' `Ид` never collide with orders' (plain numbers): 1C tells the two documents apart by it. */
export const returnDocumentId = (id: number): string => `return-${id}`;

const REASON_RU: Record<ReturnReason, string> = {
  faulty: 'Брак',
  wrong_item: 'Пересорт (не тот товар)',
  unopened: 'Невскрытая упаковка (обратный выкуп)',
};

export function returnDocument(value: ExchangeReturn): XmlElement {
  const at = localDateTime(value.acceptedAt);
  return el(
    'Документ',
    {},
    leaf('Ид', returnDocumentId(value.id)),
    leaf('Номер', value.number),
    leaf('Дата', at.date),
    leaf('Время', at.time),
    leaf('ХозОперация', 'Возврат товара'),
    leaf('Роль', 'Продавец'),
    leaf('Валюта', value.currency),
    leaf('Курс', 1),
    leaf('Сумма', formatMoney(value.amount)),
    counterparty(value),
    el(
      'Товары',
      {},
      value.lines
        .filter((line) => line.received > 0)
        .map((line) =>
          goodsLine(String(line.productId), line.sku, line.name, line.price, line.received, 'Товар', [
            requisite('Количество брака', line.damaged),
          ]),
        ),
    ),
    el(
      'ЗначенияРеквизитов',
      {},
      requisite('Заказ', value.order.number),
      requisite('Ид заказа', value.order.id),
      requisite('Причина возврата', REASON_RU[value.reason]),
      requisite('Процент возврата', value.ratePercent),
      requisite('Метод возврата денег', PAYMENT_METHOD_RU[value.paymentMethod]),
      requisite('Склад', value.warehouse.name),
      requisite('Код склада', value.warehouse.code),
    ),
  );
}
