/**
 * The periodic messages (docs/adr/0105-which-messages.md), each a job run once across processes and safe to rerun:
 * its messages are keyed by what they are about (the month, the day), so a rerun writes nothing twice.
 *
 * - `messages.pv-reminder`: a distributor who asked for it, whose PV of the current month is still below the
 *   active threshold with PV_REMINDER_DAYS_LEFT days or fewer left, gets one reminder that month.
 * - `messages.queue-digest`: warehouse staff who asked for it get, once a day from 8:00, the orders of their
 *   warehouse that wait for the warehouse longer than QUEUE_AGE_LIMIT_HOURS.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { isTerminal } from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import { ORDER_STATUSES, type OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { Config } from '../config.ts';
import { ACTIVE_PV } from '../db/reference.ts';
import type { DB } from '../db/schema.ts';
import { MESSAGE_TIME_ZONE } from '../messages/email/template.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import type { JobDefinition } from './scheduler.ts';

const HOUR = 60 * 60 * 1000;

/** The calendar day of `now` where the portal is: year, month (1–12), day, hour, and the month's length. */
export function localDay(now: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  daysInMonth: number;
} {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: MESSAGE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  return {
    year,
    month,
    day: Number(parts.day),
    hour: Number(parts.hour),
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The user (`u`) turned an opt-in topic on for some channel (whether each channel goes out is delivery's). */
const optedIn = (topic: string) => (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb.exists(
    eb
      .selectFrom('message_choices as c')
      .select('c.user_id')
      .whereRef('c.user_id', '=', 'u.id')
      .where('c.topic', '=', topic)
      .where('c.enabled', '=', true),
  );

/** Writes this month's PV reminders that are due; answers how many it wrote. */
export async function writePvReminders(db: Kysely<DB>, now: Date, daysLeftLimit: number): Promise<number> {
  const today = localDay(now);
  const daysLeft = today.daysInMonth - today.day + 1;
  if (daysLeft > daysLeftLimit) return 0;
  const month = `${today.year}-${pad(today.month)}`;
  const candidates = await db
    .selectFrom('users as u')
    .leftJoin('monthly_volumes as v', (join) =>
      join.onRef('v.user_id', '=', 'u.id').on('v.month', '=', `${month}-01`),
    )
    .select(['u.id', sql<number>`coalesce(v.pv, 0)`.as('pv')])
    .where('u.is_partner', '=', true)
    .where(optedIn('business.pv_reminder'))
    .where(sql<boolean>`coalesce(v.pv, 0) < ${ACTIVE_PV}`)
    .orderBy('u.id')
    .execute();
  let written = 0;
  for (const user of candidates) {
    const wrote = await enqueueMessage(db, {
      event: 'business.pv_reminder',
      userId: user.id,
      key: `business.pv_reminder:${month}:${user.id}`,
      data: { month, pv: Number(user.pv), threshold: ACTIVE_PV, daysLeft },
    });
    if (wrote) written += 1;
  }
  return written;
}

/** Statuses in which an order waits for its warehouse (not for the distributor, not final). */
export const WAITING_FOR_WAREHOUSE: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => !isTerminal(status) && !['awaiting_distributor', 'ready', 'in_delivery'].includes(status),
);

/** Writes today's queue digests that are due; answers how many it wrote. */
export async function writeQueueDigests(db: Kysely<DB>, now: Date, ageLimitHours: number): Promise<number> {
  const today = localDay(now);
  if (today.hour < 8) return 0;
  const day = `${today.year}-${pad(today.month)}-${pad(today.day)}`;
  const staff = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.warehouse_id'])
    .where('u.is_warehouse', '=', true)
    .where('u.warehouse_id', 'is not', null)
    .where(optedIn('staff'))
    .orderBy('u.id')
    .execute();
  const before = new Date(now.getTime() - ageLimitHours * HOUR);
  let written = 0;
  for (const member of staff) {
    if (member.warehouse_id === null) continue;
    const waiting = await db
      .selectFrom('orders')
      .select(['id', 'number', 'status_changed_at'])
      .where('warehouse_id', '=', member.warehouse_id)
      .where('status', 'in', WAITING_FOR_WAREHOUSE)
      .where('status_changed_at', '<', before)
      // A card order waiting for its payment waits for the distributor.
      .where((eb) =>
        eb.not(
          eb.and([eb('payment_method', '=', 'card'), eb('payment_state', 'in', ['need_pay', 'pay_failed'])]),
        ),
      )
      .orderBy('status_changed_at')
      .orderBy('id')
      .execute();
    if (waiting.length === 0) continue;
    const wrote = await enqueueMessage(db, {
      event: 'staff.queue_digest',
      userId: member.id,
      key: `staff.queue_digest:${day}:${member.id}`,
      data: {
        count: waiting.length,
        limitHours: ageLimitHours,
        orders: waiting.slice(0, 10).map((order) => ({
          id: order.id,
          number: order.number,
          hours: Math.floor((now.getTime() - order.status_changed_at.getTime()) / HOUR),
        })),
      },
    });
    if (wrote) written += 1;
  }
  return written;
}

export function messageJobs(config: Config): JobDefinition[] {
  return [
    {
      name: 'messages.pv-reminder',
      everyMs: HOUR,
      retryMs: 5 * 60 * 1000,
      run: async ({ db, now }) => {
        await writePvReminders(db, now, config.messages.pvReminderDaysLeft);
      },
    },
    {
      name: 'messages.queue-digest',
      everyMs: HOUR,
      retryMs: 5 * 60 * 1000,
      run: async ({ db, now }) => {
        await writeQueueDigests(db, now, config.queueAgeLimitHours);
      },
    },
  ];
}
