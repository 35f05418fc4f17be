/**
 * The credit ledger and the one way volumes change (docs/adr/0080-volume-engine.md, 0082-crediting-state.md):
 *
 * - `creditOrders` writes one `volume_credits` row per order (key `order:<id>`, unique: however often a completion
 *   is replayed, its points are applied once) and applies its points to the buyer and every sponsor up the
 *   materialised path, in the same transaction, in the period the crediting event falls in (or, should that month
 *   be closed already, the first open one).
 * - `reverseOrderCredit` undoes a credit (all of it, or part of it under a key of the caller's): in the credit's own
 *   period while that month is open, else in the current one as a clawback. A reversal is its own row pointing at
 *   the credit; nothing is ever rewritten.
 * - `followOrderStatus` is what the order lifecycle calls on every status change: entering a credited state
 *   credits, leaving one reverses.
 *
 * Only partners' orders carry volume; an order without points writes nothing. A shop client's order (a customer
 * account, `orders.client_id` their row of the owner's client base) is credited to the shop's owner, as the
 * marketing plan says (docs/adr/0146-the-shop-link.md); its reversal follows the credit's row, so it leaves the
 * owner's volumes the same way.
 */
import { sql, type Transaction } from 'kysely';
import type { OrderStatus } from '../../db/reference.ts';
import type { DB, VolumeCreditKind } from '../../db/schema.ts';
import { parseHundredths, hundredthsText, type Hundredths } from './points.ts';
import { nodesOfPaths, rollUp } from './rollup.ts';
import { FIRST_OPEN_MONTH, lockMonthRows, shareMonth, writeMonthRows } from './store.ts';

type Trx = Transaction<DB>;

/** The lifecycle states in which an order's points count (ADR 0082): completed, and completed then sent to 1C. */
export const CREDITED_STATUSES: readonly OrderStatus[] = ['completed', 'sent_to_1c'];

export const isCredited = (status: OrderStatus): boolean => CREDITED_STATUSES.includes(status);

/** The ledger key of an order's credit. */
export const creditKey = (orderId: number): string => `order:${orderId}`;

/** What a ledger row did to the volumes: `points` to `userId` and up `path`, in `period`. */
export interface LedgerEntry {
  id: number;
  kind: VolumeCreditKind;
  orderId: number;
  userId: number;
  path: string;
  period: string;
  points: Hundredths;
}

interface EntryRow {
  id: number;
  kind: VolumeCreditKind;
  order_id: number;
  user_id: number;
  path: string;
  period: string;
  points: string;
}

const entryOf = (row: EntryRow): LedgerEntry => ({
  id: Number(row.id),
  kind: row.kind,
  orderId: row.order_id,
  userId: row.user_id,
  path: row.path,
  period: row.period,
  points: parseHundredths(row.points),
});

/**
 * The month a change at `at` lands in: the month of `at` on the company's clock (`volume_period`), or the first
 * open month when that one is closed already.
 */
const OPEN_PERIOD = (at: Date) =>
  sql<string>`greatest(volume_period(${at}::timestamptz), ${FIRST_OPEN_MONTH})`;

/** Applies ledger entries to the volumes: per period, oldest first, every path rolled up at once. */
export async function applyEntries(trx: Trx, entries: readonly LedgerEntry[]): Promise<void> {
  const byPeriod = new Map<string, LedgerEntry[]>();
  for (const entry of entries) {
    if (entry.points === 0) continue;
    const list = byPeriod.get(entry.period) ?? [];
    list.push(entry);
    byPeriod.set(entry.period, list);
  }
  for (const period of [...byPeriod.keys()].sort()) {
    const list = byPeriod.get(period) ?? [];
    const nodes = nodesOfPaths(list.map((entry) => entry.path));
    const deltas = new Map<number, Hundredths>();
    for (const entry of list) deltas.set(entry.userId, (deltas.get(entry.userId) ?? 0) + entry.points);
    await shareMonth(trx, period);
    const rows = await lockMonthRows(trx, period, [...nodes.keys()]);
    for (const [id, row] of rows) {
      if (row.closed) throw new Error(`volumes of ${period} are closed (member ${id})`);
    }
    const changed = rollUp(rows, nodes, deltas);
    await writeMonthRows(trx, period, rows, changed);
  }
}

/**
 * Credits orders (`at`: when each reached a credited state) and applies their points, in one pass per period. An
 * order already credited, without points, or neither a partner's nor a shop client's is skipped. The beneficiary
 * is the buyer when they are a partner, else the distributor whose client base holds the buyer's own row. Answers
 * the entries written.
 */
export async function creditOrders(
  trx: Trx,
  orders: readonly { orderId: number; at: Date }[],
): Promise<LedgerEntry[]> {
  if (orders.length === 0) return [];
  const input = JSON.stringify(orders.map((order) => ({ id: order.orderId, at: order.at.toISOString() })));
  const { rows } = await sql<EntryRow>`
    with wanted as (
      select * from jsonb_to_recordset(${input}::jsonb) as w(id int, at timestamptz)
    ), credited as (
      select o.id as order_id, u.id as user_id, u.path, w.at,
        sum(l.points * coalesce(l.confirmed_quantity, l.requested_quantity)) as points
      from wanted w join orders o on o.id = w.id join users b on b.id = o.user_id
      left join clients c on c.id = o.client_id and c.user_id = b.id and not b.is_partner
      join users u on u.id = case when b.is_partner then b.id else c.owner_id end
      join order_lines l on l.order_id = o.id
      where u.is_partner
      group by o.id, u.id, u.path, w.at
    ), open as (
      select volume_time_zone() as zone, ${FIRST_OPEN_MONTH} as first
    ), periods as (
      select c.*, greatest(date_trunc('month', c.at at time zone o.zone)::date, o.first) as period
      from credited c cross join open o where c.points > 0
    )
    insert into volume_credits (key, kind, order_id, user_id, path, period, credited_period, points, at)
    select 'order:' || p.order_id, 'credit', p.order_id, p.user_id, p.path, p.period, p.period, p.points, p.at
    from periods p order by p.order_id
    on conflict (key) do nothing
    returning id, kind, order_id, user_id, path, period, points::text as points`.execute(trx);
  const entries = rows.map(entryOf);
  await applyEntries(trx, entries);
  return entries;
}

/** Credits one order that reached a credited state at `at` (see `creditOrders`). */
export async function creditOrder(trx: Trx, orderId: number, at: Date): Promise<LedgerEntry | null> {
  const [entry] = await creditOrders(trx, [{ orderId, at }]);
  return entry ?? null;
}

export interface ReversalRequest {
  orderId: number;
  /** when the order left the credited state (or the goods came back) */
  at: Date;
  /** the cause's own key (a return's id), default `order:<id>:reversal`; the same key reverses once */
  key?: string;
  /** how much to take back (default: whatever of the credit is not reversed yet) */
  points?: Hundredths;
}

/**
 * Takes an order's credit back, once per key: in the credit's period while it is open (up the same path as the
 * credit), otherwise in the first open period as a clawback (up the buyer's path of now). Answers the entry written, or null when there was nothing to take back (never credited,
 * fully reversed already, or this key used before).
 */
export async function reverseOrderCredit(trx: Trx, request: ReversalRequest): Promise<LedgerEntry | null> {
  const credit = await trx
    .selectFrom('volume_credits')
    .select(['id', 'user_id', 'path', 'period', (eb) => sql<string>`${eb.ref('points')}::text`.as('points')])
    .where('key', '=', creditKey(request.orderId))
    .forUpdate()
    .executeTakeFirst();
  if (credit === undefined) return null;
  const reversed = await trx
    .selectFrom('volume_credits')
    .select((eb) => sql<string>`coalesce(sum(${eb.ref('points')}), 0)::text`.as('points'))
    .where('reverses', '=', credit.id)
    .executeTakeFirstOrThrow();
  const remaining = parseHundredths(credit.points) + parseHundredths(reversed.points);
  const amount = request.points ?? remaining;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('a reversal takes back a positive amount');
  if (amount > remaining)
    throw new Error(`order ${request.orderId}: ${amount} exceeds what is left of its credit (${remaining})`);
  if (amount === 0) return null;
  const key = request.key ?? `${creditKey(request.orderId)}:reversal`;
  const { rows } = await sql<EntryRow>`
    with target as (
      select case when not exists (select 1 from period_closes c where c.month = ${credit.period}::date)
               then ${credit.period}::date else ${OPEN_PERIOD(request.at)} end as period
    )
    insert into volume_credits (key, kind, order_id, user_id, path, period, credited_period, points, reverses, at)
    select ${key}, case when t.period = ${credit.period}::date then 'reversal' else 'clawback' end,
      ${request.orderId}, u.id, case when t.period = ${credit.period}::date then ${credit.path} else u.path end,
      t.period, ${credit.period}::date, ${hundredthsText(-amount)}::numeric,
      ${credit.id}, ${request.at}::timestamptz
    from target t cross join users u where u.id = ${credit.user_id}
    on conflict (key) do nothing
    returning id, kind, order_id, user_id, path, period, points::text as points`.execute(trx);
  const entries = rows.map(entryOf);
  await applyEntries(trx, entries);
  return entries[0] ?? null;
}

/** What an order's status change does to volumes: entering a credited state credits, leaving one reverses. */
export async function followOrderStatus(
  trx: Trx,
  change: { orderId: number; from: OrderStatus; to: OrderStatus; at: Date },
): Promise<void> {
  const was = isCredited(change.from);
  const is = isCredited(change.to);
  if (!was && is) await creditOrder(trx, change.orderId, change.at);
  else if (was && !is) await reverseOrderCredit(trx, { orderId: change.orderId, at: change.at });
}
