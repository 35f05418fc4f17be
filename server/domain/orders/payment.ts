/**
 * The card payment stand-in. `startPayment` opens a payment attempt for the customer's own confirmed card order
 * (after a failure it first sends `payment.retry`); the provider page (`GET /payment/provider/{id}`) shows it and its
 * form posts the outcome once (`recordOutcome`), which sends `payment.succeeded` / `payment.failed` as the
 * `payment_provider` role through the same locked, machine-checked path as every other order change. Visiting the
 * app's return URLs changes nothing.
 *
 * The attempt id is `pay_<lang>_<24 random bytes, base64url>`: unguessable (it is the page's only credential) and
 * carrying the page language chosen at `POST /payment/pay` (the `payments` table has no column for it).
 */
import { randomBytes } from 'node:crypto';
import { selectOrderActions } from '#machines/order-lifecycle/order-lifecycle.selectors.ts';
import type { components } from '#openapi/schema.d.ts';
import type { AuthContext } from '../../auth/authenticate.ts';
import { LANGS, type Lang } from '../../db/reference.ts';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { applyChangeLocked, lockOrder, type LockedOrder, type OrderActor } from './apply.ts';
import { PAYMENT_CANCELLED_EVENT } from './history-events.ts';
import { factsOf, linesWithStock } from './persist.ts';
import { loadExistingOrder, paymentUrl, type Db, type OrderViewOptions } from './order-view.ts';
import { recordHistory } from './history.ts';

export type PaymentSession = components['schemas']['PaymentSession'];
export type PaymentOutcome = components['schemas']['ProviderOutcomeForm']['outcome'];

export function newPaymentId(lang: Lang): string {
  return `pay_${lang}_${randomBytes(24).toString('base64url')}`;
}

/** The page language carried by a payment id, if any (seeded attempts have none). */
export function langOfPaymentId(id: string): Lang | null {
  const match = /^pay_([a-z]{2})_/.exec(id);
  const code = match?.[1];
  return code !== undefined && (LANGS as readonly string[]).includes(code) ? (code as Lang) : null;
}

export interface StartPaymentInput {
  auth: Pick<AuthContext, 'userId' | 'role' | 'wh' | 'warehouseId' | 'emailConfirmed'>;
  orderId: number;
  locale: Lang | undefined;
  meta: string | undefined;
}

/** Opens a payment attempt (cancelling an earlier open one) and answers where to send the browser. */
export async function startPayment(
  db: Db,
  view: OrderViewOptions,
  input: StartPaymentInput,
): Promise<PaymentSession> {
  if (!input.auth.emailConfirmed) throw forbidden('EMAIL_NOT_CONFIRMED');
  if (input.meta !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.meta);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw unprocessable('VALIDATION_FAILED', [
        { location: 'body', path: '/meta', message: 'must be a JSON-encoded object' },
      ]);
    }
  }
  const actor: OrderActor = { kind: 'user', auth: input.auth };
  return db.transaction().execute(async (trx) => {
    let row: LockedOrder | undefined = await lockOrder(trx, input.orderId);
    if (row === undefined || row.user_id !== input.auth.userId) throw notFound();
    const actions = selectOrderActions(factsOf(row, await linesWithStock(trx, row.id)), 'distributor');
    if (!actions.canPay && !actions.canRetryPayment) {
      throw conflict('PAYMENT_NOT_ALLOWED', { order: await loadExistingOrder(trx, row.id, view) });
    }
    if (actions.canRetryPayment) {
      await applyChangeLocked(trx, view, row, actor, ['distributor'], {
        kind: 'event',
        event: { type: 'payment.retry' },
        roles: ['distributor'],
        where: 'body',
      });
      row = await lockOrder(trx, input.orderId);
      if (row === undefined) throw notFound();
    }
    const now = new Date();
    await trx
      .updateTable('payments')
      .set({ state: 'cancelled', completed_at: now })
      .where('order_id', '=', row.id)
      .where('state', '=', 'pending')
      .execute();
    const customer = await trx
      .selectFrom('users')
      .select('lang')
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const id = newPaymentId(input.locale ?? customer.lang);
    await trx
      .insertInto('payments')
      .values({ id, order_id: row.id, amount: row.final_cost, currency: row.currency, created_at: now })
      .execute();
    return { paymentId: id, paymentUrl: paymentUrl(view.publicUrl, id), state: 'pending' };
  });
}

export interface PaymentPageData {
  id: string;
  state: components['schemas']['PaymentAttemptState'];
  amount: number;
  currency: string;
  orderNumber: string;
  lang: Lang;
}

/** What the provider page shows, or null for an unknown id. */
export async function loadPaymentPage(db: Db, id: string): Promise<PaymentPageData | null> {
  const row = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['p.id', 'p.state', 'p.amount', 'p.currency', 'o.number', 'u.lang'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    id: row.id,
    state: row.state,
    amount: row.amount,
    currency: row.currency,
    orderNumber: row.number,
    lang: langOfPaymentId(row.id) ?? row.lang,
  };
}

/** Where the browser goes after the provider page. */
export function returnUrl(publicUrl: string, orderId: number, outcome: PaymentOutcome): string {
  const url =
    outcome === 'paid' ? new URL('/payment/success', publicUrl) : new URL('/payment/cancel', publicUrl);
  url.searchParams.set('orderId', String(orderId));
  if (outcome !== 'paid') url.searchParams.set('outcome', outcome);
  return url.href;
}

/**
 * Records the provider's outcome once: a finished attempt is 409 PAYMENT_NOT_ALLOWED and changes nothing. When the
 * order can no longer take the payment (declined meanwhile), the attempt is cancelled and the browser told so.
 * Answers the URL to send the browser back to.
 */
export async function recordOutcome(
  db: Db,
  view: OrderViewOptions,
  paymentId: string,
  outcome: PaymentOutcome,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'order_id', 'state'])
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (payment === undefined) throw notFound();
    if (payment.state !== 'pending') throw conflict('PAYMENT_NOT_ALLOWED');
    const row = await lockOrder(trx, payment.order_id);
    if (row === undefined) throw notFound();
    const now = new Date();
    let recorded: PaymentOutcome = outcome;
    if (outcome === 'cancelled') {
      await trx
        .updateTable('orders')
        .set({ version: row.version + 1, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await recordHistory(trx, {
        order_id: row.id,
        at: now,
        actor_id: null,
        actor_role: 'payment',
        from_status: row.status,
        to_status: row.status,
        event: PAYMENT_CANCELLED_EVENT,
        comment: null,
      });
    } else {
      try {
        await applyChangeLocked(trx, view, row, { kind: 'payment_provider' }, ['payment_provider'], {
          kind: 'event',
          event: { type: outcome === 'paid' ? 'payment.succeeded' : 'payment.failed' },
          roles: ['payment_provider'],
          where: 'body',
        });
      } catch (error) {
        // The machine refused (the order was declined or cancelled meanwhile): nothing is taken.
        if (!(error instanceof HttpError) || error.status !== 409) throw error;
        recorded = 'cancelled';
      }
    }
    const state = recorded === 'paid' ? 'paid' : recorded === 'failed' ? 'failed' : 'cancelled';
    await trx
      .updateTable('payments')
      .set({ state, completed_at: now })
      .where('id', '=', payment.id)
      .execute();
    return returnUrl(view.publicUrl, row.id, recorded);
  });
}
