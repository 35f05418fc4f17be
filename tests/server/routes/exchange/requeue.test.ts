import { beforeAll, describe, expect, it } from 'vitest';
import { useFileApp } from '#tests/support/server/file-app.ts';
import {
  BALTI_STAFF,
  OneC,
  PARTNER,
  WAREHOUSE,
  documentIds,
  historyEvents,
  oneCFile,
  orderInStatus,
  orderRow,
  setExchangeState,
  startExchangeApp,
  type ErrorBody,
  type Order,
} from './support.ts';

const t = useFileApp(startExchangeApp);
let warehouseToken: string;

beforeAll(async () => {
  warehouseToken = await t.login(WAREHOUSE);
});

describe('POST /orders/set/{id}/exchange-requeue', () => {
  it('queues a failed exchange again: the next query offers the order, and the answer shows the exchange state', async () => {
    const onec = new OneC(t);
    await onec.checkauth();
    // Drain what the seed left waiting, so the order below is the only one offered.
    await onec.query();
    await onec.success();

    const id = await orderInStatus(t, 'sent_to_1c');
    await onec.file(oneCFile([{ id, requisites: { 'Статус заказа': 'ready' } }]));
    const failed = await orderRow(t, id);
    expect(failed.exchange_state).toBe('error');

    const response = await t.post<Order>(`/orders/set/${id}/exchange-requeue`, {
      token: warehouseToken,
      query: { version: failed.version },
    });
    expect(response.status).toBe(200);
    expect(response.body.version).toBe(failed.version + 1);
    expect(response.body.exchange).toMatchObject({ state: 'queued', error: null });
    expect(response.body.exchange?.queuedAt).not.toBeNull();
    const last = response.body.history.at(-1);
    expect(last?.event).toBe('EXCHANGE_REQUEUE');
    expect(last?.comment).toBe(failed.exchange_error);
    expect(last?.actor?.role).toBe('warehouse');

    expect(documentIds((await onec.query()).raw)).toEqual([id]);
    await onec.success();
    const confirmed = await orderRow(t, id);
    expect(confirmed.exchange_state).toBe('confirmed');
    expect((await historyEvents(t, id)).map((h) => h.event).slice(-3)).toEqual([
      'EXCHANGE_REQUEUE',
      'EXCHANGE_SENT',
      'EXCHANGE_CONFIRMED',
    ]);
    expect(t.violations).toEqual([]);
  });

  it('is 409 TRANSITION_NOT_ALLOWED for an exchange that did not fail, with the current order', async () => {
    const id = await orderInStatus(t, 'sent_to_1c');
    await setExchangeState(t, id, 'confirmed');
    const row = await orderRow(t, id);
    const response = await t.post<ErrorBody>(`/orders/set/${id}/exchange-requeue`, {
      token: warehouseToken,
      query: { version: row.version },
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('TRANSITION_NOT_ALLOWED');
    expect(response.body.order?.exchange?.state).toBe('confirmed');
    expect((await orderRow(t, id)).version).toBe(row.version);

    const never = await orderInStatus(t, 'checking');
    const neverRow = await orderRow(t, never);
    const none = await t.post<ErrorBody>(`/orders/set/${never}/exchange-requeue`, {
      token: warehouseToken,
      query: { version: neverRow.version },
    });
    expect(none.status).toBe(409);
    expect(none.body.order?.exchange).toBeNull();
  });

  it('is 409 VERSION_CONFLICT on a stale version, and changes nothing', async () => {
    const id = await orderInStatus(t, 'sent_to_1c');
    await setExchangeState(t, id, 'error', 'Контрагент не найден');
    const row = await orderRow(t, id);
    const response = await t.post<ErrorBody>(`/orders/set/${id}/exchange-requeue`, {
      token: warehouseToken,
      query: { version: row.version - 1 },
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('VERSION_CONFLICT');
    expect(response.body.order?.exchange).toMatchObject({ state: 'error', error: 'Контрагент не найден' });
    expect((await orderRow(t, id)).exchange_state).toBe('error');
  });

  it('is 404 for staff of another warehouse, 403 for a distributor, 401 without a token', async () => {
    const id = await orderInStatus(t, 'sent_to_1c');
    await setExchangeState(t, id, 'error', 'failed');
    const row = await orderRow(t, id);
    const other = await t.post<ErrorBody>(`/orders/set/${id}/exchange-requeue`, {
      token: await t.login(BALTI_STAFF),
      query: { version: row.version },
    });
    expect(other.status).toBe(404);
    const partner = await t.post<ErrorBody>(`/orders/set/${id}/exchange-requeue`, {
      token: await t.login(PARTNER),
      query: { version: row.version },
    });
    expect(partner.status).toBe(403);
    const anonymous = await t.post<ErrorBody>(`/orders/set/${id}/exchange-requeue`, {
      query: { version: row.version },
    });
    expect(anonymous.status).toBe(401);
    const missing = await t.post<ErrorBody>(`/orders/set/99999999/exchange-requeue`, {
      token: warehouseToken,
      query: { version: 1 },
    });
    expect(missing.status).toBe(404);
    expect((await orderRow(t, id)).exchange_state).toBe('error');
  });
});
