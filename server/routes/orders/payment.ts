/** Card payments: start one at the acquirer, and the acquirer's signed callback (server/payments/). */
import type { Handler } from '../../contract/types.ts';
import { startPayment } from '../../payments/attempts.ts';
import { receiveCallback } from '../../payments/callback.ts';
import { noteCallbackOutcome } from '../../payments/index.ts';
import { viewOf } from './view.ts';

export const payOrder: Handler<'payOrder'> = async (ctx) =>
  startPayment(
    ctx.db,
    ctx.request.server.payments,
    viewOf(ctx),
    {
      auth: ctx.user,
      orderId: ctx.body.orderId,
      locale: ctx.body.locale,
      meta: ctx.body.meta,
      ip: ctx.request.ip,
    },
    { reconcileAfterMs: ctx.config.payments.reconcileAfterMs, log: ctx.log },
  );

export const receivePaymentCallback: Handler<'receivePaymentCallback'> = async (ctx) => {
  const receipt = await receiveCallback(
    ctx.db,
    { publicUrl: ctx.config.publicUrl, lang: ctx.lang },
    ctx.request.server.payments.signatureKey,
    ctx.body,
  );
  noteCallbackOutcome(ctx.request, receipt.outcome);
  ctx.log.info(
    { payId: receipt.payId, orderId: receipt.orderId, outcome: receipt.outcome },
    'payment callback',
  );
  return { ok: true };
};
