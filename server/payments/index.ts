/**
 * Card payments wired into the app (docs/adr/0110-maib-provider.md): the provider of the configuration, the local
 * maib sandbox when it is the one, the periodic jobs (reconciliation, refunds, the sandbox's callbacks), the metrics
 * and the alert on every refused callback.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { JobDefinition } from '../jobs/scheduler.ts';
import type { OrderViewOptions } from '../domain/orders/order-view.ts';
import { CallbackRefused, type CallbackOutcome } from './callback.ts';
import { paymentProviderFor, type PaymentProvider } from './provider.ts';
import { RECONCILE_JOB, reconcilePayments } from './reconcile.ts';
import { REFUNDS_JOB, processRefunds } from './refunds.ts';
import { sandboxCallbacksJob } from './sandbox/callbacks.ts';
import { registerMaibSandbox } from './sandbox/index.ts';

export const CALLBACK_OPERATION = 'receivePaymentCallback';

/** How the background work shows orders in the errors it may build (nobody reads them: no viewer). */
const backgroundView = (config: Config): OrderViewOptions => ({ publicUrl: config.publicUrl, lang: 'ru' });

/** The payment jobs of this configuration (server/jobs/index.ts lists them). */
export function paymentJobs(config: Config): JobDefinition[] {
  const provider = paymentProviderFor(config);
  const jobs: JobDefinition[] = [
    {
      name: RECONCILE_JOB,
      everyMs: 30_000,
      retryMs: 30_000,
      leaseMs: 120_000,
      run: async ({ db, signal }) => {
        await reconcilePayments(
          db,
          provider,
          backgroundView(config),
          { reconcileAfterMs: config.payments.reconcileAfterMs, startTimeoutMs: config.payments.timeoutMs },
          signal,
        );
      },
    },
    {
      name: REFUNDS_JOB,
      everyMs: 5_000,
      retryMs: 5_000,
      leaseMs: 120_000,
      run: async ({ db, signal }) => {
        await processRefunds(db, provider, backgroundView(config), signal);
      },
    },
  ];
  if (config.payments.provider === 'sandbox')
    jobs.push(sandboxCallbacksJob(config.payments.sandboxRetryDelaysMs));
  return jobs;
}

const callbackOutcomes = new WeakMap<FastifyRequest, CallbackOutcome>();

/** The callback handler names what became of a callback it accepted (refusals are read from the error). */
export function noteCallbackOutcome(request: FastifyRequest, outcome: CallbackOutcome): void {
  callbackOutcomes.set(request, outcome);
}

function registerPaymentMetrics(registry: Registry, app: FastifyInstance): Counter<'outcome'> {
  const callbacks = new Counter({
    name: 'mlm_payment_callbacks_total',
    help: 'Callbacks from the card acquirer by outcome (anything but applied, duplicate and open is an alert)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'mlm_payments_awaiting_callback',
    help: 'Card payments started at the acquirer whose final word has not come yet',
    registers: [registry],
    async collect() {
      const row = await app.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'pending')
        .where('provider_pay_id', 'is not', null)
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'mlm_payment_refunds_pending',
    help: 'Refunds requested and not yet confirmed by the acquirer, and of them those whose last request failed',
    labelNames: ['failing'],
    registers: [registry],
    async collect() {
      const rows = await app.db
        .selectFrom('payment_refunds')
        .select([
          sql<boolean>`last_error is not null`.as('failing'),
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('state', '=', 'pending')
        .groupBy(sql`last_error is not null`)
        .execute();
      this.set({ failing: 'true' }, 0);
      this.set({ failing: 'false' }, 0);
      for (const row of rows) this.set({ failing: String(row.failing) }, Number(row.n));
    },
  });
  return callbacks;
}

/** Wires card payments into the app: the sandbox (when configured), metrics, and the callback alert. */
export function registerPayments(app: FastifyInstance, config: Config): void {
  app.decorate('payments', paymentProviderFor(config));
  if (config.payments.provider === 'sandbox') registerMaibSandbox(app, config);
  const callbacks = registerPaymentMetrics(app.metrics, app);

  const isCallback = (request: FastifyRequest) =>
    request.routeOptions.config.contract?.operationId === CALLBACK_OPERATION;
  app.addHook('onError', async (request, _reply, error) => {
    if (isCallback(request))
      callbackOutcomes.set(request, error instanceof CallbackRefused ? error.outcome : 'invalid');
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isCallback(request)) return;
    const outcome = callbackOutcomes.get(request) ?? (reply.statusCode === 200 ? 'applied' : 'invalid');
    callbacks.inc({ outcome });
    if (reply.statusCode !== 200) {
      const tampering = outcome === 'signature' || outcome === 'mismatch' || outcome === 'contradiction';
      request.log[tampering ? 'error' : 'warn'](
        { alert: 'payment_callback_refused', outcome, status: reply.statusCode },
        'payment callback refused',
      );
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The card acquirer of this configuration (server/payments/provider.ts). */
    payments: PaymentProvider;
  }
}
