/**
 * The local maib sandbox (docs/adr/0113-maib-sandbox.md), served by this server when PAYMENT_PROVIDER=sandbox: the
 * API at `/maib-sandbox/v1` (api.ts), the checkout page `payUrl` points to (`/maib-sandbox/checkout/{payId}`), and
 * the signed callbacks it owes the portal (callbacks.ts, sent by a periodic job). Nothing of it is registered with
 * PAYMENT_PROVIDER=maib: then nothing on this server can say a payment succeeded but maib's signed word.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { SANDBOX_PREFIX } from '../provider.ts';
import { registerSandboxApi } from './api.ts';
import { SANDBOX_CALLBACKS_JOB, queueCallback } from './callbacks.ts';
import { checkoutPageCsp, pageLang, renderCheckoutPage } from './checkout-page.ts';
import {
  CHECKOUT_ACTIONS,
  outcomeOf,
  returnUrl,
  statusNow,
  type CheckoutAction,
  type SandboxPayment,
} from './store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function page(reply: FastifyReply, status: number, payment: SandboxPayment, lang: unknown): FastifyReply {
  const now = statusNow(payment, new Date());
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', checkoutPageCsp(payment))
    .send(
      renderCheckoutPage({
        payment,
        status: now,
        lang: pageLang(lang, payment),
        backUrl: returnUrl(now === 'OK' ? payment.ok_url : payment.fail_url, payment),
      }),
    );
}

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send('Not found');

export function registerMaibSandbox(app: FastifyInstance, config: Config): void {
  const project = { projectId: config.payments.projectId, projectSecret: config.payments.projectSecret };
  registerSandboxApi(app, project, () => config.publicUrl);

  const checkout = `${SANDBOX_PREFIX}/checkout/:payId`;
  const find = async (payId: string) =>
    UUID.test(payId)
      ? app.db.selectFrom('maib_sandbox_payments').selectAll().where('pay_id', '=', payId).executeTakeFirst()
      : undefined;

  app.get(checkout, async (request, reply) => {
    const { payId } = request.params as { payId: string };
    const payment = await find(payId);
    if (payment === undefined) return notFound(reply);
    return page(reply, 200, payment, (request.query as { lang?: unknown }).lang);
  });

  app.post(checkout, async (request, reply) => {
    const { payId } = request.params as { payId: string };
    const body = request.body as { action?: unknown } | undefined;
    const action = body?.action;
    const lang = (request.query as { lang?: unknown }).lang;
    if (!UUID.test(payId)) return notFound(reply);
    if (typeof action !== 'string' || !(CHECKOUT_ACTIONS as readonly string[]).includes(action)) {
      const payment = await find(payId);
      return payment === undefined ? notFound(reply) : page(reply, 400, payment, lang);
    }
    const now = new Date();
    const settled = await app.db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('maib_sandbox_payments')
        .selectAll()
        .where('pay_id', '=', payId)
        .forUpdate()
        .executeTakeFirst();
      if (payment === undefined) return { kind: 'missing' as const };
      if (statusNow(payment, now) !== 'CREATED') return { kind: 'finished' as const, payment };
      if ((action as CheckoutAction) === 'cancel') return { kind: 'cancelled' as const, payment };
      const outcome = outcomeOf(action as Exclude<CheckoutAction, 'cancel'>);
      const updated = await trx
        .updateTable('maib_sandbox_payments')
        .set({
          status: outcome.status,
          status_code: outcome.statusCode,
          status_message: outcome.statusMessage,
          three_ds: outcome.threeDs,
          card_number: outcome.cardNumber,
          rrn: outcome.rrn,
          approval: outcome.approval,
          finished_at: now,
        })
        .where('pay_id', '=', payId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueCallback(trx, updated, config.payments.signatureKey, now);
      return { kind: 'settled' as const, payment: updated };
    });
    switch (settled.kind) {
      case 'missing':
        return notFound(reply);
      case 'finished':
        return page(reply, 409, settled.payment, lang);
      case 'cancelled':
        return reply.redirect(returnUrl(settled.payment.fail_url, settled.payment), 303);
      case 'settled':
        // The notification is due now: any process's scheduler sends it at its next look.
        await app.jobs.trigger(SANDBOX_CALLBACKS_JOB).catch((error: unknown) => {
          app.log.warn({ err: error }, 'maib sandbox: could not trigger the callbacks job');
        });
        return reply.redirect(
          returnUrl(
            settled.payment.status === 'OK' ? settled.payment.ok_url : settled.payment.fail_url,
            settled.payment,
          ),
          303,
        );
    }
  });
}
