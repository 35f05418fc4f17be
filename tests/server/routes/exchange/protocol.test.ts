import { beforeAll, describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { useFileApp } from '#tests/support/server/file-app.ts';
import {
  EXCHANGE_PASSWORD,
  EXCHANGE_USER,
  OneC,
  WAREHOUSE,
  basic,
  documentIds,
  documentsOf,
  exchangeCall,
  historyEvents,
  orderInStatus,
  orderRow,
  parseQueryAnswer,
  requisites,
  sendToOneC,
  startExchangeApp,
  waitingIds,
  type ErrorBody,
  type XmlNode,
} from './support.ts';

const t = useFileApp(startExchangeApp);
let warehouseToken: string;

beforeAll(async () => {
  warehouseToken = await t.login(WAREHOUSE);
});

describe('checkauth and the session', () => {
  it('answers success, the cookie name and value for the configured credentials', async () => {
    const onec = new OneC(t);
    const answer = await onec.checkauth();
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toMatch(/^text\/plain/);
    const [first, name, value, extra] = answer.text.split('\n');
    expect(first).toBe('success');
    expect(name).toBe('mlm_1c_exchange');
    expect(value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(extra).toBeUndefined();
    expect(String(answer.headers['set-cookie'])).toContain(`${name ?? ''}=${value ?? ''}`);
    expect(String(answer.headers['set-cookie'])).toContain('HttpOnly');
    // Two runs get two sessions.
    const other = new OneC(t);
    await other.checkauth();
    expect(other.cookie).not.toBe(onec.cookie);
  });

  it('refuses a wrong password, a wrong user and no credentials with 401 and a Basic challenge', async () => {
    for (const [user, password] of [
      [EXCHANGE_USER, 'wrong'],
      ['someone', EXCHANGE_PASSWORD],
      [EXCHANGE_USER, ''],
    ] as const) {
      const answer = await new OneC(t, user, password).checkauth();
      expect(answer.status).toBe(401);
      const body = JSON.parse(answer.text) as ErrorBody;
      expect(body.code).toBe('INVALID_CREDENTIALS');
      expect(String(answer.headers['www-authenticate'])).toMatch(/^Basic realm="1C exchange"/);
      expect(answer.text).not.toContain('success');
    }
    const none = await exchangeCall(t, 'checkauth');
    expect(none.status).toBe(401);
    expect((JSON.parse(none.text) as ErrorBody).code).toBe('UNAUTHORIZED');
    // A bearer token of a portal user is not an exchange credential.
    const bearer = await exchangeCall(t, 'checkauth', {
      headers: { authorization: `Bearer ${warehouseToken}` },
    });
    expect(bearer.status).toBe(401);
  });

  it('refuses every later mode without the session cookie, or with a made-up one', async () => {
    const before = await waitingIds(t);
    for (const mode of ['init', 'query', 'success']) {
      const missing = await exchangeCall(t, mode);
      expect(missing.status, mode).toBe(401);
      expect((JSON.parse(missing.text) as ErrorBody).code).toBe('UNAUTHORIZED');
      const forged = await exchangeCall(t, mode, {
        headers: { cookie: 'mlm_1c_exchange=forged-session-value' },
      });
      expect(forged.status, mode).toBe(401);
      // Basic credentials alone do not replace the session.
      const basicOnly = await exchangeCall(t, mode, {
        headers: { authorization: basic(EXCHANGE_USER, EXCHANGE_PASSWORD) },
      });
      expect(basicOnly.status, mode).toBe(401);
    }
    const file = await exchangeCall(t, 'file', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(file.status).toBe(401);
    // Nothing was marked sent by the refused queries.
    expect(await waitingIds(t)).toEqual(before);
  });

  it('rejects an unknown type or mode with 400', async () => {
    const onec = new OneC(t);
    await onec.checkauth();
    const badMode = await exchangeCall(t, 'import', { headers: { cookie: onec.cookie ?? '' } });
    expect(badMode.status).toBe(400);
    const badType = await t.app.inject({
      method: 'GET',
      url: '/api/v3/exchange/1c?type=reference&mode=init',
      headers: { cookie: onec.cookie ?? '' },
    });
    expect(badType.statusCode).toBe(400);
  });
});

describe('one exchange run: checkauth, init, query, success', () => {
  it('offers every waiting order once, marks them sent, confirms them on success, then offers nothing', async () => {
    // The warehouse sends a completed order to 1C: it joins the queue.
    const completed = await orderInStatus(t, 'completed');
    const sentOrder = await sendToOneC(t, warehouseToken, completed);
    expect(sentOrder.status).toBe('sent_to_1c');
    const waiting = await waitingIds(t);
    expect(waiting).toContain(completed);

    const onec = new OneC(t);
    expect((await onec.checkauth()).status).toBe(200);
    const init = await onec.init();
    expect(init.status).toBe(200);
    expect(init.text).toBe('zip=no\nfile_limit=1048576');

    const query = await onec.query();
    expect(query.status).toBe(200);
    expect(String(query.headers['content-type'])).toMatch(/^application\/xml/);
    expect(documentIds(query.raw)).toEqual(waiting);
    for (const id of waiting) {
      const row = await orderRow(t, id);
      expect(row.exchange_state).toBe('sent');
    }
    const history = await historyEvents(t, completed);
    expect(history.map((h) => h.event).slice(-2)).toEqual(['SEND_TO_1C', 'EXCHANGE_SENT']);
    expect(history.at(-1)?.actor_role).toBe('exchange');

    const success = await onec.success();
    expect(success.status).toBe(200);
    expect(success.text).toBe('success');
    for (const id of waiting) {
      const row = await orderRow(t, id);
      expect(row.exchange_state).toBe('confirmed');
      expect(row.exchanged_at).toBeInstanceOf(Date);
    }
    expect((await historyEvents(t, completed)).at(-1)?.event).toBe('EXCHANGE_CONFIRMED');

    const again = await onec.query();
    expect(again.status).toBe(200);
    expect(documentIds(again.raw)).toEqual([]);
    expect(parseQueryAnswer(again.raw)['@_ВерсияСхемы']).toBe('2.10');
    // A second success of the same session confirms nothing more.
    expect((await onec.success()).text).toBe('success');
    // A new run does not see confirmed orders either.
    const next = new OneC(t);
    await next.checkauth();
    expect(documentIds((await next.query()).raw)).toEqual([]);
    expect(t.violations).toEqual([]);
  });
});

describe('two-phase: nothing lost', () => {
  it('offers orders queried without success again, and success confirms only the last query of that session', async () => {
    const first = await orderInStatus(t, 'completed');
    await sendToOneC(t, warehouseToken, first);

    const run1 = new OneC(t);
    await run1.checkauth();
    const q1 = documentIds((await run1.query()).raw);
    expect(q1).toEqual([first]);
    // 1C failed before success: the next run is offered the same orders.
    const run2 = new OneC(t);
    await run2.checkauth();
    const q2 = documentIds((await run2.query()).raw);
    expect(q2).toEqual(q1);
    expect((await orderRow(t, first)).exchange_state).toBe('sent');

    // Another order is queued after run2's query; run2's success must not confirm it.
    const second = await orderInStatus(t, 'completed', [first]);
    await sendToOneC(t, warehouseToken, second);
    await run2.success();
    expect((await orderRow(t, first)).exchange_state).toBe('confirmed');
    expect((await orderRow(t, second)).exchange_state ?? 'queued').toBe('queued');

    // run1's session has no pending query any more that could confirm `second`: its success changes nothing.
    const run3 = new OneC(t);
    await run3.checkauth();
    expect(documentIds((await run3.query()).raw)).toEqual([second]);
    await run1.success();
    expect((await orderRow(t, second)).exchange_state).toBe('sent');
    await run3.success();
    expect((await orderRow(t, second)).exchange_state).toBe('confirmed');
  });
});

describe('the query document', () => {
  it('is UTF-8 with a BOM, well-formed CommerceML 2.10 with every required element', async () => {
    const id = await orderInStatus(t, 'completed');
    await sendToOneC(t, warehouseToken, id);
    const row = await orderRow(t, id);
    const lines = await t.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
    const customer = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();

    const onec = new OneC(t);
    await onec.checkauth();
    const answer = await onec.query();
    expect([...answer.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = answer.raw.subarray(3).toString('utf8');
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(XMLValidator.validate(text)).toBe(true);

    const root = parseQueryAnswer(answer.raw);
    expect(root['@_ВерсияСхемы']).toBe('2.10');
    expect(String(root['@_ДатаФормирования'])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const doc = documentsOf(root).find((d) => Number(d['Ид']) === id);
    if (doc === undefined) throw new Error('order not in the document');
    expect(doc['Номер']).toBe(row.number);
    expect(String(doc['Дата'])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(doc['Время'])).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(doc['ХозОперация']).toBe('Заказ товара');
    expect(doc['Роль']).toBe('Продавец');
    expect(doc['Валюта']).toBe(row.currency);
    expect(doc['Курс']).toBe('1');
    expect(doc['Сумма']).toBe((row.final_cost / 100).toFixed(2));

    const party = ((doc['Контрагенты'] as XmlNode)['Контрагент'] as XmlNode[])[0];
    expect(party?.['Наименование']).toBe(customer.full_name);
    expect(party?.['Роль']).toBe('Покупатель');
    const address = party?.['АдресРегистрации'] as XmlNode | undefined;
    const presentation = address?.['Представление'];
    expect(typeof presentation === 'string' && presentation.length > 0).toBe(true);

    const goods = (doc['Товары'] as XmlNode)['Товар'] as XmlNode[];
    const productLines = goods.filter((g) => g['Ид'] !== 'ORDER_DELIVERY');
    const effective = lines.filter((l) => (l.confirmed_quantity ?? l.requested_quantity) > 0);
    expect(productLines).toHaveLength(effective.length);
    let sum = 0;
    for (const [index, line] of effective.entries()) {
      const g = productLines[index];
      if (g === undefined) throw new Error('missing line');
      const quantity = line.confirmed_quantity ?? line.requested_quantity;
      expect(g['Ид']).toBe(String(line.product_id));
      expect(g['Артикул']).toBe(line.sku);
      expect(g['Наименование']).toBe(line.name.ru);
      expect((g['БазоваяЕдиница'] as XmlNode)['#text']).toBe('шт');
      expect((g['БазоваяЕдиница'] as XmlNode)['@_Код']).toBe('796');
      expect(g['ЦенаЗаЕдиницу']).toBe((line.price / 100).toFixed(2));
      expect(g['Количество']).toBe(String(quantity));
      expect(g['Сумма']).toBe(((line.price * quantity) / 100).toFixed(2));
      sum += line.price * quantity;
    }
    const delivery = goods.find((g) => g['Ид'] === 'ORDER_DELIVERY');
    const deliveryPrice = row.final_cost - (row.amount - row.discount);
    if (deliveryPrice > 0) expect(delivery?.['Сумма']).toBe((deliveryPrice / 100).toFixed(2));
    else expect(delivery).toBeUndefined();
    expect(sum + Math.max(0, deliveryPrice)).toBe(row.final_cost);

    const reqs = requisites(doc);
    expect(reqs.get('Метод оплаты')).toBe(
      row.payment_method === 'cash' ? 'Наличный расчет' : 'Банковская карта',
    );
    expect(reqs.get('Заказ оплачен')).toBe('true');
    expect(reqs.get('Доставка разрешена')).toBe('true');
    expect(reqs.get('Отменен')).toBe('false');
    expect(reqs.get('Финальный статус')).toBe('true');
    expect(reqs.get('Статус заказа')).toBe('[sent_to_1c] Отправлен в 1С');
    expect(reqs.get('Склад')).toBeTruthy();
    expect(reqs.get('Код склада')).toBeTruthy();
    await onec.success();
  });

  it('escapes what customers type (comments with markup stay text)', async () => {
    const id = await orderInStatus(t, 'completed');
    const nasty = 'Ring <b>twice</b> & "quickly" ]]> \u0001';
    await t.db.updateTable('orders').set({ comment: nasty }).where('id', '=', id).execute();
    await sendToOneC(t, warehouseToken, id);
    const onec = new OneC(t);
    await onec.checkauth();
    const answer = await onec.query();
    const text = answer.raw.subarray(3).toString('utf8');
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toContain('Ring &lt;b&gt;twice&lt;/b&gt; &amp; "quickly" ]]&gt;');
    const doc = documentsOf(parseQueryAnswer(answer.raw)).find((d) => Number(d['Ид']) === id);
    expect(doc?.['Комментарий']).toBe('Ring <b>twice</b> & "quickly" ]]>');
    await onec.success();
  });
});
