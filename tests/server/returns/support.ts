/**
 * The return tests' setup: the whole app listening on a free port (a card return's refund asks the acquirer's local
 * sandbox over HTTP, with the adapter production uses), the demo partner's and staff's tokens, and helpers that make
 * a received, completed order the way its people do (checking, confirmation, preparation, the handover code).
 */
import { beforeAll } from 'vitest';
import { sql } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import { parseHundredths } from '#server/domain/volumes/points.ts';
import {
  startTestApp,
  type StartTestAppOptions,
  type TestApp,
  type TestResponse,
} from '#tests/support/server/app.ts';
import { useFileApp } from '#tests/support/server/file-app.ts';
import {
  newKey,
  PARTNER,
  payCard,
  placeOrder,
  tokenFor,
  walk,
  WAREHOUSE,
  type Order,
} from '../routes/orders/support.ts';

export type Return = components['schemas']['Return'];
export type ReturnList = components['schemas']['ReturnList'];
export type ReturnPage = components['schemas']['ReturnPage'];
export type ReturnRequest = components['schemas']['ReturnRequest'];
export type ErrorBody = components['schemas']['Error'];

export interface ReturnsFixture {
  readonly t: TestApp;
  readonly tokens: { readonly partner: string; readonly warehouse: string };
  /** A partner's order of these lines, paid so, received by the customer and completed by the warehouse. */
  completedOrder(options?: {
    paymentMethod?: 'cash' | 'card';
    lines?: ReadonlyArray<[number, number]>;
    /** The buyer (the demo partner by default). */
    buyer?: string;
  }): Promise<Order>;
  request(
    orderId: number,
    body: ReturnRequest,
    key?: string,
    token?: string,
  ): Promise<TestResponse<Return | ErrorBody>>;
  act(
    returnId: number,
    action: 'receive' | 'accept' | 'refuse' | 'cancel',
    body: Record<string, unknown>,
    token?: string,
  ): Promise<TestResponse<Return | ErrorBody>>;
  read(returnId: number, token?: string): Promise<Return>;
}

export function useReturnsApp(options: Omit<StartTestAppOptions, 'listen'> = {}): ReturnsFixture {
  const t = useFileApp(() => startTestApp({ ...options, listen: true }));
  let signed: { partner: string; warehouse: string } | null = null;
  beforeAll(async () => {
    signed = { partner: await tokenFor(t, PARTNER), warehouse: await tokenFor(t, WAREHOUSE) };
  });
  const tokens = {
    get partner() {
      if (signed === null) throw new Error('tokens are signed in beforeAll');
      return signed.partner;
    },
    get warehouse() {
      if (signed === null) throw new Error('tokens are signed in beforeAll');
      return signed.warehouse;
    },
  };
  return {
    t,
    tokens,
    async completedOrder(options = {}) {
      const paymentMethod = options.paymentMethod ?? 'cash';
      const buyer = options.buyer ?? PARTNER;
      const customer = buyer === PARTNER ? tokens.partner : await tokenFor(t, buyer);
      const placed = await placeOrder(t, buyer, {
        paymentMethod,
        ...(options.lines === undefined ? {} : { lines: options.lines }),
      });
      let order = await walk(t, placed, [
        [tokens.warehouse, 'checking'],
        [tokens.warehouse, 'confirmed'],
      ]);
      if (paymentMethod === 'card') {
        await payCard(t, customer, order.id, 'pay');
        order = (await t.get<Order>(`/orders/get/${order.id}`, { token: customer })).body;
      }
      order = await walk(t, order, [
        [tokens.warehouse, 'prepared'],
        [tokens.warehouse, 'ready'],
        [customer, 'pickup_requested'],
      ]);
      const code = (await t.get<Order>(`/orders/get/${order.id}`, { token: customer })).body.handoverCode;
      const handed = await t.post<Order>(`/orders/set/${order.id}/hand-over`, {
        token: tokens.warehouse,
        json: { version: order.version, code },
      });
      if (handed.status !== 200) throw new Error(`hand-over refused: ${handed.status} ${handed.text}`);
      return walk(t, handed.body, [[tokens.warehouse, 'completed']]);
    },
    request: (orderId, body, key = newKey(), token = tokens.partner) =>
      t.post<Return | ErrorBody>(`/orders/${orderId}/returns`, {
        token,
        json: body,
        headers: { 'Idempotency-Key': key },
      }),
    act: (returnId, action, body, token = tokens.warehouse) =>
      t.post<Return | ErrorBody>(`/returns/${returnId}/${action}`, { token, json: body }),
    async read(returnId, token = tokens.partner) {
      const response = await t.get<Return>(`/returns/${returnId}`, { token });
      if (response.status !== 200) throw new Error(`return ${returnId}: ${response.status} ${response.text}`);
      return response.body;
    },
  };
}

/** Moves the order's receipt back in time (the periods count from it). */
export async function receivedDaysAgo(t: TestApp, orderId: number, days: number): Promise<void> {
  await sql`update order_history set at = now() - make_interval(days => ${days})
    where order_id = ${orderId} and to_status in ('received', 'completed') and from_status <> to_status`.execute(
    t.db,
  );
}

/** PV and GV (hundredths) of a member in the current month. */
export async function volumesOf(t: TestApp, userId: number): Promise<{ pv: number; gv: number }> {
  const { rows } = await sql<{ pv: string; gv: string }>`
    select pv::text, gv::text from monthly_volumes
    where user_id = ${userId} and month = date_trunc('month', now())::date`.execute(t.db);
  const row = rows[0];
  return row === undefined ? { pv: 0, gv: 0 } : { pv: parseHundredths(row.pv), gv: parseHundredths(row.gv) };
}

export async function returnCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('order_returns')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function stockOf(t: TestApp, warehouseId: number, productId: number): Promise<number> {
  const row = await t.db
    .selectFrom('warehouse_stock')
    .select('quantity')
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

/** A distributor of the demo partner's first line who can order at warehouse 1: a buyer with a sponsor. */
export async function firstLineBuyer(t: TestApp): Promise<{ email: string; id: number; sponsorId: number }> {
  const row = await t.db
    .selectFrom('users as u')
    .innerJoin('users as s', 's.id', 'u.sponsor_id')
    .select(['u.email', 'u.id', 's.id as sponsor_id'])
    .where(sql<string>`lower(s.email)`, '=', PARTNER)
    .where('u.is_partner', '=', true)
    .where('u.email_confirmed', '=', true)
    .where('u.warehouse_id', '=', 1)
    .where('u.disabled_at', 'is', null)
    .orderBy('u.id')
    .executeTakeFirstOrThrow();
  return { email: row.email, id: row.id, sponsorId: row.sponsor_id };
}
