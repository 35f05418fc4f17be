// The 1C exchange end to end, on the real server: a warehouse user signs in, sends a completed order to 1C, 1C
// (this test, over HTTP, as 1C:Enterprise's "Обмен с сайтом" does) runs checkauth / init / query / success and
// sends back its document number with mode=file; the order then shows "confirmed by 1C" with that number.
// The order is sent by clicking "Send to 1C" on /my-orders-warehouse/:id, and the same page then shows the exchange
// block confirmed by 1C with 1C's document number.
import type { APIRequestContext, Page } from '@playwright/test';
import { API_PREFIX, bearer, expect, loginAs, test } from '../support/fixtures';
import { openOrder } from '../warehouse/order-support';

const WAREHOUSE = 'warehouse@demo.test';
const EXCHANGE_USER = process.env.EXCHANGE_USER ?? '1c';
const EXCHANGE_PASSWORD = process.env.EXCHANGE_PASSWORD ?? '1c-exchange';
const EXCHANGE = `${API_PREFIX}/exchange/1c`;

interface OrderExchange {
  state: 'queued' | 'sent' | 'confirmed' | 'error';
  error: string | null;
  documentNumber: string | null;
  confirmedAt: string | null;
}
interface OrderSummary {
  id: number;
  number: string;
  status: string;
  version: number;
}
interface Order extends OrderSummary {
  exchange?: OrderExchange | null;
  history: Array<{ event: string }>;
}

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  if (cookie === undefined) throw new Error('the app stored no token cookie after login');
  return cookie.value;
}

/** Completed orders of the warehouse, oldest first (other tests take the newest). */
async function completedOrders(request: APIRequestContext, token: string): Promise<OrderSummary[]> {
  const first = await request.get(`${API_PREFIX}/orders/get/list/warehouse`, {
    headers: bearer(token),
    params: { tab: 'completed', pageSize: 100 },
  });
  expect(first.status()).toBe(200);
  const page = (await first.json()) as { items: OrderSummary[] };
  return page.items.filter((order) => order.status === 'completed').reverse();
}

/**
 * Sends one of the completed orders to 1C by clicking on its warehouse page (another test may take one meanwhile:
 * the page then shows the conflict and we try the next).
 */
async function sendOneToOneC(page: Page, request: APIRequestContext, token: string): Promise<Order> {
  for (const candidate of await completedOrders(request, token)) {
    await openOrder(page, `/my-orders-warehouse/${candidate.id}`);
    const send = page.locator('[data-action="order.sendTo1c"]');
    if ((await send.count()) === 0) continue;
    await send.click();
    const detail = page.locator('.order-detail');
    await expect(detail).not.toHaveAttribute('data-order-version', String(candidate.version));
    if ((await detail.getAttribute('data-order-status')) !== 'sent_to_1c') continue;
    const read = await request.get(`${API_PREFIX}/orders/get/${candidate.id}`, { headers: bearer(token) });
    return (await read.json()) as Order;
  }
  throw new Error('no completed order of the warehouse could be sent to 1C');
}

const basic = `Basic ${Buffer.from(`${EXCHANGE_USER}:${EXCHANGE_PASSWORD}`).toString('base64')}`;

test('a warehouse order sent to 1C is fetched, confirmed and numbered by 1C over the CommerceML exchange', async ({
  page,
  request,
}) => {
  await loginAs(page, WAREHOUSE);
  const token = await tokenOf(page);
  const sent = await sendOneToOneC(page, request, token);
  expect(sent.status).toBe('sent_to_1c');

  // 1C: checkauth with HTTP Basic, then the session cookie on every call.
  const auth = await request.get(EXCHANGE, {
    params: { type: 'sale', mode: 'checkauth' },
    headers: { Authorization: basic },
  });
  expect(auth.status()).toBe(200);
  const [ok, cookieName, cookieValue] = (await auth.text()).split('\n');
  expect(ok).toBe('success');
  const session = { Cookie: `${cookieName ?? ''}=${cookieValue ?? ''}` };

  const init = await request.get(EXCHANGE, { params: { type: 'sale', mode: 'init' }, headers: session });
  expect(await init.text()).toMatch(/^zip=no\nfile_limit=\d+$/);

  const query = await request.get(EXCHANGE, { params: { type: 'sale', mode: 'query' }, headers: session });
  expect(query.status()).toBe(200);
  const bytes = await query.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const xml = bytes.subarray(3).toString('utf8');
  expect(xml).toContain('<КоммерческаяИнформация ВерсияСхемы="2.10"');
  expect(xml).toContain(`<Ид>${sent.id}</Ид>`);
  expect(xml).toContain(`<Номер>${sent.number}</Номер>`);

  const success = await request.get(EXCHANGE, {
    params: { type: 'sale', mode: 'success' },
    headers: session,
  });
  expect(await success.text()).toBe('success');

  // 1C sends back its own document number for the order.
  const documentNumber = `РН-E2E-${sent.id}`;
  const file = [
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
    '<КоммерческаяИнформация ВерсияСхемы="2.10">',
    `<Документ><Ид>${sent.id}</Ид><Номер>${sent.number}</Номер><ХозОперация>Заказ товара</ХозОперация>`,
    '<ЗначенияРеквизитов>',
    `<ЗначениеРеквизита><Наименование>Номер по 1С</Наименование><Значение>${documentNumber}</Значение></ЗначениеРеквизита>`,
    '<ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>[sent_to_1c] Отправлен в 1С</Значение></ЗначениеРеквизита>',
    '</ЗначенияРеквизитов></Документ>',
    '</КоммерческаяИнформация>',
  ].join('\n');
  const upload = await request.post(EXCHANGE, {
    params: { type: 'sale', mode: 'file', filename: 'orders-from-1c.xml' },
    headers: { ...session, 'Content-Type': 'application/xml' },
    data: Buffer.from(file, 'utf8'),
  });
  expect(upload.status(), await upload.text()).toBe(200);
  expect(await upload.text()).toBe('success');

  // The warehouse sees the order confirmed by 1C, with 1C's number; a second query offers it no more.
  const read = await request.get(`${API_PREFIX}/orders/get/${sent.id}`, { headers: bearer(token) });
  expect(read.status()).toBe(200);
  const order = (await read.json()) as Order;
  expect(order.exchange).toMatchObject({ state: 'confirmed', error: null, documentNumber });
  expect(order.exchange?.confirmedAt).not.toBeNull();
  expect(order.history.map((entry) => entry.event)).toEqual(
    expect.arrayContaining(['SEND_TO_1C', 'EXCHANGE_SENT', 'EXCHANGE_CONFIRMED', 'EXCHANGE_DOCUMENT']),
  );
  await openOrder(page, `/my-orders-warehouse/${sent.id}`);
  const block = page.locator('.exchange-status');
  await expect(block).toHaveAttribute('data-exchange-state', 'confirmed');
  await expect(block).toContainText(documentNumber);
  const again = await request.get(EXCHANGE, { params: { type: 'sale', mode: 'query' }, headers: session });
  expect(await again.text()).not.toContain(`<Ид>${sent.id}</Ид>`);

  // Bad credentials are refused.
  const refused = await request.get(EXCHANGE, {
    params: { type: 'sale', mode: 'checkauth' },
    headers: { Authorization: `Basic ${Buffer.from(`${EXCHANGE_USER}:wrong`).toString('base64')}` },
  });
  expect(refused.status()).toBe(401);
});
