import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASED_STATUSES } from '#server/domain/stock/warehouse-stock.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import {
  OneC,
  WAREHOUSE,
  historyEvents,
  oneCFile,
  orderInStatus,
  orderRow,
  paddedFile,
  partsOf,
  sendToOneC,
  startExchangeApp,
} from './support.ts';

let t: TestApp;
let onec: OneC;
let warehouseToken: string;

beforeAll(async () => {
  t = await startExchangeApp();
  warehouseToken = await t.login(WAREHOUSE);
  onec = new OneC(t);
  expect((await onec.checkauth()).status).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('mode=file: 1C sends its changes back', () => {
  it('stores 1C document numbers of exchanged orders and applies an allowed status change through the lifecycle', async () => {
    // An order sent to 1C and confirmed by the exchange.
    const exchanged = await orderInStatus(t, 'completed');
    await sendToOneC(t, warehouseToken, exchanged);
    await onec.query();
    await onec.success();
    const beforeExchanged = await orderRow(t, exchanged);

    // An order 1C knows (entered there by the warehouse) and reports as completed: received -> completed is the
    // warehouse's COMPLETE, which the lifecycle allows.
    const received = await orderInStatus(t, 'received');
    const beforeReceived = await orderRow(t, received);

    const answer = await onec.file(
      oneCFile([
        {
          id: exchanged,
          number: beforeExchanged.number,
          requisites: {
            'Номер по 1С': 'РН-000777',
            'Дата по 1С': '2025-01-01',
            'Статус заказа': '[sent_to_1c] Отправлен в 1С',
          },
        },
        {
          number: beforeReceived.number,
          requisites: {
            'Номер по 1С': 'РН-000778',
            'Статус заказа': '[completed] Выполнен',
            Отменен: 'false',
          },
        },
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('success');

    const afterExchanged = await orderRow(t, exchanged);
    expect(afterExchanged.onec_document_number).toBe('РН-000777');
    expect(afterExchanged.exchange_state).toBe('confirmed');
    expect(afterExchanged.status).toBe('sent_to_1c');
    expect(afterExchanged.version).toBe(beforeExchanged.version + 1);
    expect((await historyEvents(t, exchanged)).at(-1)).toMatchObject({
      event: 'EXCHANGE_DOCUMENT',
      actor_role: 'exchange',
      comment: 'РН-000777',
    });

    const afterReceived = await orderRow(t, received);
    expect(afterReceived.status).toBe('completed');
    expect(afterReceived.onec_document_number).toBe('РН-000778');
    expect(afterReceived.exchange_state).toBe('confirmed');
    expect(afterReceived.version).toBe(beforeReceived.version + 2);
    const events = (await historyEvents(t, received)).slice(-2);
    expect(events.map((e) => e.event)).toEqual(['EXCHANGE_DOCUMENT', 'COMPLETE']);
    expect(events[1]?.actor_role).toBe('exchange');
  });

  it('gives back what an order held once 1C numbers it, once: one write of the order, one history entry', async () => {
    // A new order holds its units at its warehouse until 1C has it (docs/adr/0091-stock-per-warehouse.md).
    const open = await t.db
      .selectFrom('orders')
      .select('id')
      .where('warehouse_id', '=', 1)
      .where('in_1c_at', 'is', null)
      .where('onec_document_number', 'is', null)
      .where('status', 'not in', [...RELEASED_STATUSES])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const id = open.id;
    const before = await orderRow(t, id);
    expect(before.in_1c_at).toBeNull();
    const lines = await t.db
      .selectFrom('order_lines')
      .select(['product_id', 'requested_quantity', 'confirmed_quantity'])
      .where('order_id', '=', id)
      .execute();
    const heldOf = async () =>
      new Map(
        (
          await t.db
            .selectFrom('warehouse_stock')
            .select(['product_id', 'held'])
            .where('warehouse_id', '=', before.warehouse_id)
            .where(
              'product_id',
              'in',
              lines.map((line) => line.product_id),
            )
            .execute()
        ).map((row) => [row.product_id, row.held]),
      );
    const heldBefore = await heldOf();
    const send = (number: string) =>
      onec.file(oneCFile([{ id, number: before.number, requisites: { 'Номер по 1С': number } }]));

    expect((await send('РН-ДЕРЖАЛ')).text).toBe('success');
    const after = await orderRow(t, id);
    expect(after.onec_document_number).toBe('РН-ДЕРЖАЛ');
    expect(after.in_1c_at).not.toBeNull();
    expect(after.version).toBe(before.version + 1);
    expect((await historyEvents(t, id)).filter((e) => e.event === 'EXCHANGE_DOCUMENT')).toHaveLength(1);
    const heldAfter = await heldOf();
    for (const line of lines) {
      const units = line.confirmed_quantity ?? line.requested_quantity;
      const given = lines
        .filter((other) => other.product_id === line.product_id)
        .reduce((sum, other) => sum + (other.confirmed_quantity ?? other.requested_quantity), 0);
      expect(units).toBeGreaterThan(0);
      expect(heldAfter.get(line.product_id)).toBe((heldBefore.get(line.product_id) ?? 0) - given);
    }

    // A new number later: the order is in 1C already, nothing is given back twice.
    expect((await send('РН-ДЕРЖАЛ-2')).text).toBe('success');
    expect(await heldOf()).toEqual(heldAfter);
    expect((await orderRow(t, id)).in_1c_at).toEqual(after.in_1c_at);
  });

  it('records a status change the lifecycle refuses as an exchange error with the reason, changing nothing else', async () => {
    const id = await orderInStatus(t, 'sent_to_1c');
    const before = await orderRow(t, id);
    const answer = await onec.file(oneCFile([{ id, requisites: { 'Статус заказа': 'checking' } }]));
    expect(answer.status).toBe(200);
    const after = await orderRow(t, id);
    expect(after.status).toBe('sent_to_1c');
    expect(after.exchange_state).toBe('error');
    expect(after.exchange_error).toMatch(/status checking.*not allow.*sent_to_1c/);
    expect(after.version).toBe(before.version + 1);
    const last = (await historyEvents(t, id)).at(-1);
    expect(last).toMatchObject({ event: 'EXCHANGE_ERROR', actor_role: 'exchange' });
    expect(last?.comment).toBe(after.exchange_error);
  });

  it('treats Отменен=true as the warehouse declining: applied before sending, an error after', async () => {
    const checking = await orderInStatus(t, 'checking');
    const done = await orderInStatus(t, 'sent_to_1c', [await orderInStatus(t, 'sent_to_1c')]);
    await onec.file(
      oneCFile([
        { id: checking, requisites: { Отменен: 'true' } },
        { id: done, requisites: { Отменен: 'true' } },
      ]),
    );
    const cancelled = await orderRow(t, checking);
    expect(cancelled.status).toBe('cancelled_by_warehouse');
    expect(cancelled.cancel_reason).toBe('Отменён в 1С');
    expect((await historyEvents(t, checking)).at(-1)).toMatchObject({
      event: 'DECLINE',
      actor_role: 'exchange',
    });
    const refused = await orderRow(t, done);
    expect(refused.status).toBe('sent_to_1c');
    expect(refused.exchange_state).toBe('error');
    expect(refused.exchange_error).toMatch(/cancelled_by_warehouse/);
  });

  it('records an unknown status value as an error and ignores documents of orders the portal does not know', async () => {
    const id = await orderInStatus(t, 'completed');
    await onec.file(
      oneCFile([
        { id, requisites: { 'Статус заказа': 'Отгружен частично' } },
        {
          id: 'a8f5f167-0000-4000-8000-1c1c1c1c1c1c',
          number: 'УТ-00042',
          requisites: { 'Статус заказа': 'completed' },
        },
      ]),
    );
    const row = await orderRow(t, id);
    expect(row.status).toBe('completed');
    expect(row.exchange_state).toBe('error');
    expect(row.exchange_error).toContain('unknown order status "Отгружен частично"');
  });

  it('assembles a file sent in parts and applies it when its end arrives', async () => {
    const id = await orderInStatus(t, 'sent_to_1c');
    const xml = oneCFile([{ id, requisites: { 'Номер по 1С': 'РН-PARTS-1' } }]);
    const [head, tail] = partsOf(paddedFile(xml));
    const first = await onec.file(head ?? '', 'parts.xml', 'application/octet-stream');
    expect(first.text).toBe('success');
    expect((await orderRow(t, id)).onec_document_number).not.toBe('РН-PARTS-1');
    const second = await onec.file(tail ?? '', 'parts.xml', 'application/octet-stream');
    expect(second.text).toBe('success');
    expect((await orderRow(t, id)).onec_document_number).toBe('РН-PARTS-1');
  });

  it('answers failure with the reason for a file that is not well-formed CommerceML, and a DOCTYPE', async () => {
    const broken = await onec.file(
      '<?xml version="1.0"?><КоммерческаяИнформация><Документ></КоммерческаяИнформация>',
      'broken.xml',
      'text/xml',
    );
    expect(broken.status).toBe(200);
    const [first, reason] = broken.text.split('\n');
    expect(first).toBe('failure');
    expect(reason).toMatch(/not well-formed/);

    const wrongRoot = await onec.file(
      '<Other><КоммерческаяИнформация/></Other><!-- </КоммерческаяИнформация> -->\n</КоммерческаяИнформация>',
    );
    expect(wrongRoot.text).toMatch(/^failure\n/);

    const doctype = await onec.file(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><КоммерческаяИнформация>&a;</КоммерческаяИнформация>',
    );
    expect(doctype.text).toMatch(/^failure\n.*DOCTYPE/);
  });

  it('needs POST with a body for mode=file', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v3/exchange/1c?type=sale&mode=file&filename=x.xml',
      headers: { cookie: onec.cookie ?? '' },
    });
    expect(get.statusCode).toBe(400);
    // Whatever the Content-Type says, the body is read as the file's bytes: JSON is no XML file.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v3/exchange/1c?type=sale&mode=file',
      headers: { cookie: onec.cookie ?? '', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toMatch(/^failure\nthe file does not start as XML/);
  });

  it('accepts the other modes as POST too (some 1C versions post every step)', async () => {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v3/exchange/1c?type=sale&mode=init',
      headers: { cookie: onec.cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(init.statusCode).toBe(200);
    expect(init.body).toBe('zip=no\nfile_limit=1048576');
  });
});
