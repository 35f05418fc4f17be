// The periodic messages: the PV reminder (opt-in, once a month, only below the active threshold near the month's
// end) and the staff's queue digest (opt-in, once a day, orders waiting for the warehouse past the age limit). Both
// are jobs that may be rerun: a rerun writes nothing twice.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITING_FOR_WAREHOUSE, writePvReminders, writeQueueDigests } from '#server/jobs/message-jobs.ts';
import {
  PARTNER,
  PARTNER_WAREHOUSE,
  WAREHOUSE,
  WAREHOUSE_2,
  placeOrder,
  tokenFor,
  userId,
} from '../routes/orders/support.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function optIn(email: string, topic: string): Promise<void> {
  const answer = await t.post('/users/notifications', {
    token: await tokenFor(t, email),
    json: { topic, channel: 'email', enabled: true },
  });
  expect(answer.status).toBe(200);
}

const messagesOf = (event: string) =>
  t.db
    .selectFrom('messages')
    .select(['user_id', 'key', 'data'])
    .where('event', '=', event)
    .orderBy('id')
    .execute();

describe('the PV reminder', () => {
  it('reminds, once a month, those who asked and are below the threshold with few days left', async () => {
    const partner = await userId(t, PARTNER);
    const other = await userId(t, PARTNER_WAREHOUSE);
    await optIn(PARTNER, 'business.pv_reminder');
    await optIn(PARTNER_WAREHOUSE, 'business.pv_reminder');
    // 26 March 2031 in Chișinău: 6 days left (26..31).
    const now = new Date('2031-03-26T09:00:00.000Z');
    await t.db.deleteFrom('monthly_volumes').where('month', '=', '2031-03-01').execute();
    await t.db
      .insertInto('monthly_volumes')
      .values([
        { user_id: partner, month: '2031-03-01', pv: 10.5, gv: 10.5, cgv: 10.5, pgv: 10.5 },
        { user_id: other, month: '2031-03-01', pv: 40, gv: 40, cgv: 40, pgv: 40 },
      ])
      .execute();

    expect(await writePvReminders(t.db, new Date('2031-03-20T09:00:00.000Z'), 7)).toBe(0); // 12 days left
    expect(await writePvReminders(t.db, now, 7)).toBe(1);
    expect(await writePvReminders(t.db, new Date('2031-03-28T09:00:00.000Z'), 7)).toBe(0); // once a month
    expect(await messagesOf('business.pv_reminder')).toEqual([
      {
        user_id: partner,
        key: `business.pv_reminder:2031-03:${partner}`,
        data: { month: '2031-03', pv: 10.5, threshold: 25, daysLeft: 6 },
      },
    ]);
  });

  it('is run by its job', async () => {
    expect(t.app.jobs.names).toContain('messages.pv-reminder');
    expect(await t.app.jobs.runNow('messages.pv-reminder')).toBe(true);
  });
});

describe('the queue digest', () => {
  it('lists, once a day, the orders waiting for the warehouse past the age limit, to staff who asked', async () => {
    const order = await placeOrder(t, PARTNER);
    await sql`update orders set status_changed_at = now() - interval '60 hours' where id = ${order.id}`.execute(
      t.db,
    );
    await optIn(WAREHOUSE, 'staff');
    const now = new Date();
    now.setUTCHours(10); // past 8:00 in Chișinău
    expect(await writeQueueDigests(t.db, now, 24)).toBe(1);
    expect(await writeQueueDigests(t.db, now, 24)).toBe(0);
    const { warehouse_id: warehouseId } = await t.db
      .selectFrom('orders')
      .select('warehouse_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const [digest] = await messagesOf('staff.queue_digest');
    expect(digest?.user_id).toBe(await userId(t, WAREHOUSE));
    const waiting = await t.db
      .selectFrom('orders')
      .select(['id', 'status_changed_at'])
      .where('warehouse_id', '=', warehouseId)
      .where('status', 'in', WAITING_FOR_WAREHOUSE)
      .where('status_changed_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
      .where((eb) =>
        eb.not(
          eb.and([eb('payment_method', '=', 'card'), eb('payment_state', 'in', ['need_pay', 'pay_failed'])]),
        ),
      )
      .orderBy('status_changed_at')
      .orderBy('id')
      .execute();
    expect(waiting.map((row) => row.id)).toContain(order.id);
    expect(digest?.data).toMatchObject({ limitHours: 24, count: waiting.length });
    // The ten that waited longest, with their hours.
    const listed = digest?.data.orders as Array<{ id: number; hours: number }>;
    expect(listed.map((row) => row.id)).toEqual(waiting.slice(0, 10).map((row) => row.id));
    expect(listed.every((row) => row.hours >= 24)).toBe(true);
    // Not asked for: nothing for the second clerk.
    const keys = (await messagesOf('staff.queue_digest')).map((row) => row.user_id);
    expect(keys).not.toContain(await userId(t, WAREHOUSE_2));

    const early = new Date(now);
    early.setUTCHours(3); // before 8:00 in Chișinău
    expect(await writeQueueDigests(t.db, new Date(early.getTime() + 24 * 3600 * 1000), 24)).toBe(0);
  });
});
