/**
 * An accepted return goes to 1C in the `type=sale` exchange's `mode=query` answer as a CommerceML document with
 * `ХозОперация` "Возврат товара", until the session's `mode=success` confirms it, and never again after.
 * Requested, refused or cancelled returns never go.
 */
import { describe, expect, it } from 'vitest';
import { registerExchangeContentTypes } from '#server/routes/exchange/index.ts';
import { stockedProducts } from '../routes/orders/support.ts';
import {
  EXCHANGE_PASSWORD,
  EXCHANGE_USER,
  OneC,
  documentsOf,
  parseQueryAnswer,
  requisites,
  type XmlNode,
} from '../routes/exchange/support.ts';
import { useReturnsApp, type Return } from './support.ts';

const { t, completedOrder, request, act } = useReturnsApp({
  config: { exchangeUser: EXCHANGE_USER, exchangePassword: EXCHANGE_PASSWORD },
  extend: (app) => registerExchangeContentTypes(app),
});

async function returnDocuments(oneC: OneC): Promise<XmlNode[]> {
  const answer = await oneC.query();
  expect(answer.status).toBe(200);
  return documentsOf(parseQueryAnswer(answer.raw)).filter((doc) => doc['ХозОперация'] === 'Возврат товара');
}

describe('returns in the 1C exchange', () => {
  it('sends an accepted return once, as "Возврат товара", until 1C confirms it', async () => {
    const [first, second] = await stockedProducts(t, 2);
    if (first === undefined || second === undefined) throw new Error('no stocked products');
    const order = await completedOrder({
      lines: [
        [first.id, 3],
        [second.id, 1],
      ],
    });
    const created = (
      await request(order.id, {
        reason: 'unopened',
        lines: [
          { productId: first.id, quantity: 2 },
          { productId: second.id, quantity: 1 },
        ],
      })
    ).body as Return;
    const pending = (
      await request(order.id, { reason: 'faulty', lines: [{ productId: first.id, quantity: 1 }] })
    ).body as Return;

    const oneC = new OneC(t);
    expect((await oneC.checkauth()).status).toBe(200);
    // Requested returns are not 1C's business yet.
    expect(await returnDocuments(oneC)).toEqual([]);
    await oneC.success();

    await act(created.id, 'receive', {
      version: 1,
      lines: [
        { productId: first.id, received: 2, damaged: 1 },
        { productId: second.id, received: 0, damaged: 0 },
      ],
    });
    const accepted = (await act(created.id, 'accept', { version: 2 })).body as Return;
    expect(accepted.status).toBe('accepted');
    await act(pending.id, 'refuse', { version: 1, comment: 'Never came' });

    const [document, ...more] = await returnDocuments(oneC);
    expect(more).toEqual([]);
    if (document === undefined) throw new Error('no return document');
    const line = order.lines.find((l) => l.productId === first.id);
    const unit = line?.promoPrice ?? line?.price ?? 0;
    expect(document).toMatchObject({
      Ид: `return-${created.id}`,
      Номер: `${order.number}-R1`,
      ХозОперация: 'Возврат товара',
      Роль: 'Продавец',
      Валюта: 'MDL',
      Сумма: (accepted.refund.amount / 100).toFixed(2),
    });
    const goods = (document['Товары'] as XmlNode)['Товар'] as XmlNode[];
    expect(goods).toHaveLength(1);
    expect(goods[0]).toMatchObject({
      Ид: String(first.id),
      Количество: '2',
      ЦенаЗаЕдиницу: (unit / 100).toFixed(2),
      Сумма: ((2 * unit) / 100).toFixed(2),
    });
    expect(requisites(goods[0] as XmlNode).get('Количество брака')).toBe('1');
    const fields = requisites(document);
    expect(fields.get('Заказ')).toBe(order.number);
    expect(fields.get('Ид заказа')).toBe(String(order.id));
    expect(fields.get('Причина возврата')).toBe('Невскрытая упаковка (обратный выкуп)');
    expect(fields.get('Метод возврата денег')).toBe('Наличный расчет');
    const counterparty = ((document['Контрагенты'] as XmlNode)['Контрагент'] as XmlNode[])[0];
    expect(counterparty).toMatchObject({ Роль: 'Покупатель', Наименование: order.customer.fullName });

    // Not confirmed yet: the next query carries it again.
    const oneCAgain = new OneC(t);
    await oneCAgain.checkauth();
    expect((await returnDocuments(oneCAgain)).map((doc) => doc['Ид'])).toEqual([`return-${created.id}`]);
    expect((await oneCAgain.success()).text).toMatch(/^success/);
    const row = await t.db
      .selectFrom('order_returns')
      .select(['exchange_state'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.exchange_state).toBe('confirmed');

    // Confirmed: never again, even for the session that queried it first.
    expect(await returnDocuments(oneC)).toEqual([]);
    await oneC.success();
    expect(await returnDocuments(oneCAgain)).toEqual([]);
  });
});
