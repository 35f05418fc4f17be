/**
 * The sandbox's notifications to the merchant's Callback URL, as maib sends them: `{"result": {...}, "signature":
 * "..."}` signed with the project's Signature Key, POSTed as JSON, and sent again after 10 s, 1 min, 5 min, 10 min,
 * 1 h, 12 h and 24 h (`MAIB_SANDBOX_RETRY_SECONDS`) until the answer is 200. Each one is a row written with the
 * transaction's final state; a periodic job (`payments.sandbox-callbacks`, once across processes) sends the due
 * ones, so any process may send them and a restart loses none. The body is signed once and resent byte for byte.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/scheduler.ts';
import { maibSignature } from '../maib/signature.ts';
import { callbackResult, type SandboxPayment } from './store.ts';

export const SANDBOX_CALLBACKS_JOB = 'payments.sandbox-callbacks';

/** How long the merchant has to answer one notification. */
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 20;

/** Writes the notification of `payment`'s final state, due now (in the transaction that settled it). */
export async function queueCallback(
  trx: Transaction<DB>,
  payment: SandboxPayment,
  signatureKey: string,
  now: Date,
): Promise<void> {
  const result = callbackResult(payment, now);
  const body = JSON.stringify({ result, signature: maibSignature(result, signatureKey) });
  await trx
    .insertInto('maib_sandbox_callbacks')
    .values({ pay_id: payment.pay_id, url: payment.callback_url, body, next_attempt_at: now })
    .execute();
}

/** Sends the due notifications once each; reschedules or gives up on those not answered with 200. */
export async function sendDueCallbacks(
  db: Kysely<DB>,
  retryDelaysMs: readonly number[],
  signal: AbortSignal,
  send: typeof fetch = fetch,
): Promise<number> {
  const due = await db
    .selectFrom('maib_sandbox_callbacks')
    .select(['id', 'url', 'body', 'attempts'])
    .where('delivered_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let delivered = 0;
  for (const callback of due) {
    if (signal.aborted) break;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await send(callback.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: callback.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
        redirect: 'manual',
      });
      status = response.status;
      await response.body?.cancel();
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const attempts = callback.attempts + 1;
    if (status === 200) {
      delivered += 1;
      await db
        .updateTable('maib_sandbox_callbacks')
        .set({ attempts, delivered_at: sql<Date>`now()`, last_status: status, last_error: null })
        .where('id', '=', callback.id)
        .execute();
      continue;
    }
    const delay = retryDelaysMs[attempts - 1];
    await db
      .updateTable('maib_sandbox_callbacks')
      .set({
        attempts,
        last_status: status,
        last_error: error ?? `HTTP ${status ?? '?'}`,
        ...(delay === undefined
          ? { gave_up_at: sql<Date>`now()` }
          : { next_attempt_at: sql<Date>`now() + ${sql.lit(`${delay} milliseconds`)}::interval` }),
      })
      .where('id', '=', callback.id)
      .execute();
  }
  return delivered;
}

/** The periodic job that sends them (every few seconds; a new notification triggers it at once). */
export function sandboxCallbacksJob(retryDelaysMs: readonly number[]): JobDefinition {
  return {
    name: SANDBOX_CALLBACKS_JOB,
    everyMs: 5_000,
    retryMs: 5_000,
    leaseMs: 60_000,
    run: async ({ db, signal }) => {
      await sendDueCallbacks(db, retryDelaysMs, signal);
    },
  };
}
