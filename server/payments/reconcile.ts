/**
 * Reconciliation (docs/adr/0111-verified-callbacks.md): an attempt whose callback has not come `reconcileAfterMs`
 * after it started is asked about with `pay-info`, and the answer is applied exactly like a callback (the same
 * checks of order, amount and currency, the same `settleAttempt` with the attempt's row locked). A transaction still
 * open is asked again later (1, 2, 4 … 60 minutes); maib closes one after ten minutes, so the answers converge. An
 * attempt maib never answered (the request failed, or the process died before it recorded the `payId`) has nothing
 * to ask about and is closed. Runs as the `payments.reconcile` job, once across processes.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { OrderViewOptions } from '../domain/orders/order-view.ts';
import { mismatches } from './callback.ts';
import { MaibError } from './maib/client.ts';
import type { PaymentProvider } from './provider.ts';
import { settleAttempt, type SettleOutcome } from './settle.ts';

export const RECONCILE_JOB = 'payments.reconcile';

const BATCH = 50;
const MINUTE = 60_000;

/** When an open attempt is asked again after `checks` answers that were not final. */
export const nextCheckDelayMs = (checks: number): number =>
  Math.min(60 * MINUTE, MINUTE * 2 ** Math.min(checks, 6));

export interface ReconcileOptions {
  reconcileAfterMs: number;
  /** How long the acquirer may take to answer `POST /pay` (an attempt younger than this may still get its payId). */
  startTimeoutMs: number;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

export interface ReconcileReport {
  asked: number;
  settled: number;
  closed: number;
  failed: number;
}

export async function reconcilePayments(
  db: Kysely<DB>,
  provider: PaymentProvider,
  view: OrderViewOptions,
  options: ReconcileOptions,
  signal: AbortSignal,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { asked: 0, settled: 0, closed: 0, failed: 0 };
  const unstarted = Math.max(options.reconcileAfterMs, options.startTimeoutMs + 5_000);
  const closed = await db
    .updateTable('payments')
    .set({ state: 'cancelled', completed_at: sql<Date>`now()`, next_check_at: null })
    .where('state', '=', 'pending')
    .where('provider_pay_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - ${sql.lit(`${unstarted} milliseconds`)}::interval`)
    .executeTakeFirst();
  report.closed = Number(closed.numUpdatedRows);

  const due = await db
    .selectFrom('payments')
    .select(['id', 'provider_pay_id', 'checks'])
    .where('state', '=', 'pending')
    .where('provider_pay_id', 'is not', null)
    .where('next_check_at', '<=', sql<Date>`now()`)
    .orderBy('next_check_at')
    .limit(BATCH)
    .execute();

  for (const open of due) {
    if (signal.aborted) break;
    const payId = open.provider_pay_id;
    if (payId === null) continue;
    report.asked += 1;
    const later = sql<Date>`now() + ${sql.lit(`${nextCheckDelayMs(open.checks)} milliseconds`)}::interval`;
    let transaction;
    try {
      transaction = await provider.payInfo(payId);
    } catch (error) {
      report.failed += 1;
      const message = error instanceof MaibError ? error.message : String(error);
      options.log?.warn({ payId, err: message }, 'payment reconciliation: pay-info failed');
      await db
        .updateTable('payments')
        .set({ checks: open.checks + 1, last_check_error: message.slice(0, 500), next_check_at: later })
        .where('id', '=', open.id)
        .execute();
      continue;
    }
    const outcome: SettleOutcome | 'mismatch' | 'gone' = await db.transaction().execute(async (trx) => {
      const attempt = await trx
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', open.id)
        .forUpdate()
        .executeTakeFirst();
      if (attempt === undefined || attempt.state !== 'pending') return 'gone';
      if (transaction.payId !== payId || mismatches(attempt, transaction).length > 0) {
        await trx
          .updateTable('payments')
          .set({
            checks: attempt.checks + 1,
            last_check_error: 'pay-info does not match the payment',
            next_check_at: later,
          })
          .where('id', '=', attempt.id)
          .execute();
        return 'mismatch';
      }
      const settled = await settleAttempt(trx, view, attempt, transaction, 'reconciliation', new Date());
      if (settled === 'open') {
        await trx
          .updateTable('payments')
          .set({
            checks: attempt.checks + 1,
            last_check_error: null,
            status: transaction.status,
            next_check_at: later,
          })
          .where('id', '=', attempt.id)
          .execute();
      }
      return settled;
    });
    if (outcome === 'applied') report.settled += 1;
    if (outcome === 'mismatch' || outcome === 'contradiction' || outcome === 'stale') {
      report.failed += 1;
      options.log?.error(
        { payId, outcome },
        'payment reconciliation: the acquirer’s answer does not fit the payment',
      );
    }
  }
  return report;
}
