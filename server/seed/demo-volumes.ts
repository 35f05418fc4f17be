/**
 * The demo's volumes come from its orders (docs/adr/0084-one-engine-seed-included.md): every completed order is
 * credited by the volume engine at the moment its history says it was completed, then each month before the
 * current one is closed by the period close, oldest first, as the job would have done. No figure is computed here.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { closePeriodIn } from '../domain/volumes/close.ts';
import { creditOrders } from '../domain/volumes/ledger.ts';

export interface HistoryToCredit {
  /** every completed order and when it was completed */
  completions: readonly { orderId: number; at: Date }[];
  /** the window's months (`YYYY-MM-01`), oldest first; the last is the open one */
  months: readonly string[];
  now: Date;
  zone: string;
  log?: ((message: string) => void) | undefined;
}

/** Credits the completed orders and closes every month of the window but the last; answers the rows. */
export async function creditHistory(trx: Transaction<DB>, input: HistoryToCredit): Promise<number> {
  const { completions } = input;
  // Fresh tables have no statistics yet: without them the planner would scan instead of using the keys.
  await sql`analyze orders, order_lines, users, monthly_volumes`.execute(trx);
  let mark = performance.now();
  const phase = (name: string) => {
    const at = performance.now();
    input.log?.(`  ${name} ${Math.round(at - mark)} ms`);
    mark = at;
  };
  await creditOrders(trx, completions);
  phase(`${completions.length} orders credited`);
  for (const month of input.months.slice(0, -1)) {
    // A bulk load is history: no statement messages for months long gone.
    await closePeriodIn(trx, { month: month.slice(0, 7), now: input.now, zone: input.zone, notify: false });
    phase(`${month.slice(0, 7)} closed`);
    if (month === input.months[0]) await sql`analyze monthly_volumes, qualifications`.execute(trx);
  }
  const rows = await trx
    .selectFrom('monthly_volumes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(rows.n);
}
