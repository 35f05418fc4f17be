/**
 * The payment-provider seam (docs/adr/0110-maib-provider.md). Two implementations, chosen by PAYMENT_PROVIDER:
 *
 * - `maib`: maib e-commerce at MAIB_API_URL (its production API by default) with the project's id and secret.
 * - `sandbox` (the default): the local maib sandbox this server plays at `<PUBLIC_URL>/maib-sandbox/v1`
 *   (server/payments/sandbox/), with the same endpoints, answers and signed callbacks.
 *
 * Both are the same `MaibClient` speaking maib's protocol over HTTP: the demo, the tests and production run the same
 * adapter, the same signature check and the same callback handler; only where the requests go differs.
 */
import type { Config } from '../config.ts';
import {
  MaibClient,
  type MaibPayRequest,
  type MaibPayment,
  type MaibRefund,
  type MaibTransaction,
} from './maib/client.ts';

export const SANDBOX_PREFIX = '/maib-sandbox';

export interface PaymentProvider {
  readonly kind: 'maib' | 'sandbox';
  /** The key callbacks are signed with (the project's Signature Key). */
  readonly signatureKey: string;
  pay(request: MaibPayRequest): Promise<MaibPayment>;
  payInfo(payId: string): Promise<MaibTransaction>;
  refund(payId: string, amount?: number): Promise<MaibRefund>;
}

/** Where the portal's own payment URLs are, for the acquirer to call and to send the browser back to. */
export function merchantUrls(publicUrl: string): { callbackUrl: string; okUrl: string; failUrl: string } {
  return {
    callbackUrl: new URL('/api/v3/payment/callback', publicUrl).href,
    okUrl: new URL('/payment/success', publicUrl).href,
    failUrl: new URL('/payment/cancel', publicUrl).href,
  };
}

/** The sandbox's API base for this configuration (read on each call: PUBLIC_URL may be set once listening). */
export const sandboxApiUrl = (config: Config): string => `${config.publicUrl}${SANDBOX_PREFIX}/v1`;

function createProvider(config: Config): PaymentProvider {
  const payments = config.payments;
  const client = new MaibClient({
    baseUrl: () => payments.apiUrl ?? sandboxApiUrl(config),
    project: { projectId: payments.projectId, projectSecret: payments.projectSecret },
    timeoutMs: () => payments.timeoutMs,
  });
  return {
    kind: payments.provider,
    signatureKey: payments.signatureKey,
    pay: (request) => client.pay(request),
    payInfo: (payId) => client.payInfo(payId),
    refund: (payId, amount) => client.refund(payId, amount),
  };
}

const providers = new WeakMap<Config, PaymentProvider>();

/** The provider of this configuration: one per process and configuration (its access token is shared). */
export function paymentProviderFor(config: Config): PaymentProvider {
  let provider = providers.get(config);
  if (provider === undefined) {
    provider = createProvider(config);
    providers.set(config, provider);
  }
  return provider;
}
