/** The card payment stand-in: start an attempt, the provider page, the provider's outcome. */
import { redirect, respond, type Handler } from '../../contract/types.ts';
import { notFound } from '../../http/errors.ts';
import { loadPaymentPage, recordOutcome, startPayment } from '../../domain/orders/payment.ts';
import { providerPageCsp, renderProviderPage } from '../../domain/orders/provider-page.ts';
import { viewOf } from './view.ts';

export const payOrder: Handler<'payOrder'> = async (ctx) =>
  startPayment(ctx.db, viewOf(ctx), {
    auth: ctx.user,
    orderId: ctx.body.orderId,
    locale: ctx.body.locale,
    meta: ctx.body.meta,
  });

export const getPaymentProviderPage: Handler<'getPaymentProviderPage'> = async (ctx) => {
  const page = await loadPaymentPage(ctx.db, ctx.params.paymentId);
  if (page === null) throw notFound();
  return respond(200, renderProviderPage(page), {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': providerPageCsp(ctx.config.publicUrl),
    'cache-control': 'no-store',
  });
};

export const submitPaymentOutcome: Handler<'submitPaymentOutcome'> = async (ctx) =>
  redirect(await recordOutcome(ctx.db, viewOf(ctx), ctx.params.paymentId, ctx.body.outcome), 303);
