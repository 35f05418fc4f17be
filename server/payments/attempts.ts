/**
 * Starting a card payment (`POST /payment/pay`; docs/adr/0110-maib-provider.md). In three steps, so that the order
 * is never locked while the acquirer thinks:
 *
 * 1. One transaction: the customer's own order must take a payment now (the lifecycle's `canPay`, or after a failure
 *    `canRetryPayment`, which sends `payment.retry` first); a new attempt row is written (`pending`, due for
 *    reconciliation after `reconcileAfterMs`). An earlier open attempt stays open: its transaction at maib may
 *    still be paid within maib's ten minutes, and that money must be seen (it would be refunded as an extra one).
 * 2. `POST /v1/pay` at the acquirer (within the configured time-out): amount, currency, the customer's IP, the page
 *    language, a description, the order's lines and delivery, and the portal's callback, ok and fail URLs.
 * 3. The acquirer's `payId` and `payUrl` are recorded on the attempt, and the browser is sent to `payUrl`.
 *
 * When the acquirer does not answer or refuses, the attempt is closed, nothing is paid, and the caller gets 503
 * `PAYMENT_PROVIDER_UNAVAILABLE` or 502 `PAYMENT_PROVIDER_ERROR`: the Pay button works again.
 */
import { randomBytes } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { Kysely } from 'kysely';
import { selectOrderActions } from '../../machines/order-lifecycle/order-lifecycle.selectors.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import type { Lang } from '../db/reference.ts';
import type { DB } from '../db/schema.ts';
import { applyChangeLocked, lockOrder, type LockedOrder } from '../domain/orders/apply.ts';
import { deliveryPriceOf } from '../domain/orders/money.ts';
import { loadExistingOrder, type OrderViewOptions } from '../domain/orders/order-view.ts';
import { factsOf, linesWithStock } from '../domain/orders/persist.ts';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../http/errors.ts';
import { MaibError, type MaibItem, type MaibPayRequest } from './maib/client.ts';
import { merchantUrls, type PaymentProvider } from './provider.ts';

export type PaymentSession = components['schemas']['PaymentSession'];

/** maib's checkout page speaks Romanian, Russian and English. */
const MAIB_LANGUAGE: Record<Lang, MaibPayRequest['language']> = {
  ru: 'ru',
  ro: 'ro',
  en: 'en',
  uk: 'ru',
  it: 'en',
};

const DESCRIPTION: Record<Lang, (number: string) => string> = {
  ru: (n) => `Заказ № ${n}`,
  en: (n) => `Order No. ${n}`,
  ro: (n) => `Comanda nr. ${n}`,
  uk: (n) => `Замовлення № ${n}`,
  it: (n) => `Ordine n. ${n}`,
};

/** maib takes at most 50 items; longer orders go without the list (the amount says it all). */
const MAX_ITEMS = 50;

export const newPaymentId = (): string => `pay_${randomBytes(24).toString('base64url')}`;

/** The customer's address as maib's `clientIp` (an IPv4 address, 15 characters at most, per its documentation). */
export function clientIpOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped !== undefined) return mapped;
  if (ip === '::1') return '127.0.0.1';
  return isIPv4(ip) ? ip : ip.slice(0, 45);
}

const clip = (value: string | null, max: number): string | undefined =>
  value === null || value.trim() === '' ? undefined : value.trim().slice(0, max);

export interface StartPaymentInput {
  auth: Pick<AuthContext, 'userId' | 'role' | 'wh' | 'warehouseId' | 'emailConfirmed'>;
  orderId: number;
  locale: Lang | undefined;
  meta: string | undefined;
  /** The customer's IP address, as the request came (`request.ip`). */
  ip: string;
}

export interface StartPaymentOptions {
  reconcileAfterMs: number;
  log?: { warn(object: object, message: string): void };
}

function parsedMeta(meta: string | undefined): Record<string, unknown> | null {
  if (meta === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(meta);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw unprocessable('VALIDATION_FAILED', [
      { location: 'body', path: '/meta', message: 'must be a JSON-encoded object' },
    ]);
  }
  return parsed as Record<string, unknown>;
}

interface OpenedAttempt {
  id: string;
  request: MaibPayRequest;
}

/** Step 1: checks, `payment.retry` when needed, and the new attempt; answers what to ask the acquirer. */
async function openAttempt(
  db: Kysely<DB>,
  view: OrderViewOptions,
  input: StartPaymentInput,
  options: StartPaymentOptions,
): Promise<OpenedAttempt> {
  const meta = parsedMeta(input.meta);
  return db.transaction().execute(async (trx) => {
    let row: LockedOrder | undefined = await lockOrder(trx, input.orderId);
    if (row === undefined || row.user_id !== input.auth.userId) throw notFound();
    const lines = await linesWithStock(trx, row.id);
    const actions = selectOrderActions(factsOf(row, lines), 'distributor');
    if (!actions.canPay && !actions.canRetryPayment) {
      throw conflict('PAYMENT_NOT_ALLOWED', { order: await loadExistingOrder(trx, row.id, view) });
    }
    if (actions.canRetryPayment) {
      await applyChangeLocked(trx, view, row, { kind: 'user', auth: input.auth }, ['distributor'], {
        kind: 'event',
        event: { type: 'payment.retry' },
        roles: ['distributor'],
        where: 'body',
      });
      row = await lockOrder(trx, input.orderId);
      if (row === undefined) throw notFound();
    }
    const customer = await trx
      .selectFrom('users')
      .select(['lang', 'full_name', 'email', 'phone'])
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const lang = input.locale ?? customer.lang;
    const names = await trx
      .selectFrom('order_lines')
      .select(['id', 'name'])
      .where('order_id', '=', row.id)
      .execute();
    const nameOf = new Map(names.map((line) => [line.id, line.name[lang]]));
    const items: MaibItem[] = lines
      .map((line) => ({
        id: String(line.product_id),
        name: (nameOf.get(line.id) ?? String(line.product_id)).slice(0, 128),
        price: line.price,
        quantity: line.confirmed_quantity ?? line.requested_quantity,
      }))
      .filter((item) => item.quantity > 0);
    const now = new Date();
    const id = newPaymentId();
    await trx
      .insertInto('payments')
      .values({
        id,
        order_id: row.id,
        amount: row.final_cost,
        currency: row.currency,
        created_at: now,
        language: lang,
        meta: meta === null ? null : JSON.stringify(meta),
        next_check_at: new Date(now.getTime() + options.reconcileAfterMs),
      })
      .execute();
    const email = clip(customer.email, 40);
    return {
      id,
      request: {
        amount: row.final_cost,
        currency: row.currency,
        clientIp: clientIpOf(input.ip),
        language: MAIB_LANGUAGE[lang],
        description: DESCRIPTION[lang](row.number),
        orderId: String(row.id),
        clientName: clip(customer.full_name, 128),
        email: email !== undefined && email === customer.email.trim() ? email : undefined,
        phone: clip(customer.phone, 40),
        delivery: deliveryPriceOf(row),
        items: items.length > 0 && items.length <= MAX_ITEMS ? items : undefined,
        ...merchantUrls(view.publicUrl),
      },
    };
  });
}

/** Opens a payment attempt at the acquirer and answers where to send the browser. */
export async function startPayment(
  db: Kysely<DB>,
  provider: PaymentProvider,
  view: OrderViewOptions,
  input: StartPaymentInput,
  options: StartPaymentOptions,
): Promise<PaymentSession> {
  if (!input.auth.emailConfirmed) throw forbidden('EMAIL_NOT_CONFIRMED');
  const attempt = await openAttempt(db, view, input, options);
  let payment;
  try {
    payment = await provider.pay(attempt.request);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.log?.warn({ paymentId: attempt.id, err: reason }, 'the acquirer could not start a payment');
    await db
      .updateTable('payments')
      .set({
        state: 'cancelled',
        completed_at: new Date(),
        next_check_at: null,
        last_check_error: reason.slice(0, 500),
      })
      .where('id', '=', attempt.id)
      .where('state', '=', 'pending')
      .execute();
    const unavailable = !(error instanceof MaibError) || error.kind !== 'refused';
    throw new HttpError(
      unavailable ? 503 : 502,
      unavailable ? 'PAYMENT_PROVIDER_UNAVAILABLE' : 'PAYMENT_PROVIDER_ERROR',
      {
        logMessage: reason,
        ...(unavailable ? { headers: { 'retry-after': '30' } } : {}),
      },
    );
  }
  // Recorded even when reconciliation closed the attempt meanwhile: its callback must still find it.
  await db
    .updateTable('payments')
    .set({ provider_pay_id: payment.payId, pay_url: payment.payUrl })
    .where('id', '=', attempt.id)
    .execute();
  return { paymentId: attempt.id, paymentUrl: payment.payUrl, state: 'pending' };
}
