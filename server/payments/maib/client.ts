/**
 * The one adapter for maib e-commerce's API (docs.maibmerchants.md, "maib e-commerce API"; the shapes of its PHP
 * SDK `maib-ecomm/maib-sdk-php`), used against maib itself and against the local sandbox alike:
 *
 * - `POST /generate-token` `{projectId, projectSecret}` (or `{refreshToken}`) → `{accessToken, expiresIn,
 *   refreshToken, refreshExpiresIn, tokenType}`; every other call carries `Authorization: Bearer <accessToken>`.
 * - `POST /pay` (a direct, one-step payment) → `{payId, orderId, payUrl}`: the browser goes to `payUrl`.
 * - `GET /pay-info/{payId}` (no Content-Type, no body, as the documentation insists) → the transaction.
 * - `POST /refund` `{payId, refundAmount}` → `{payId, orderId, status: OK | REVERSED, statusCode, statusMessage,
 *   refundAmount}`; a payment is refunded once (`REVERSED`: it already was).
 *
 * Every answer is `{result, ok: true}` or `{errors: [{errorCode, errorMessage, errorArgs}], ok: false}`. One
 * operation (its token included) gets `timeoutMs`; a network failure, a time-out or a 5xx is `unavailable`, an
 * error answer is `refused`, an answer of another shape is `invalid`. Money crosses this boundary in minor units.
 * The access token is a cache of this process (losing it costs one token request).
 */
import { z } from 'zod';

export type MaibFailureKind = 'unavailable' | 'refused' | 'invalid';

export class MaibError extends Error {
  constructor(
    readonly kind: MaibFailureKind,
    message: string,
    readonly httpStatus: number | null = null,
    readonly errorCode: string | null = null,
  ) {
    super(message);
    this.name = 'MaibError';
  }
}

export interface MaibProject {
  projectId: string;
  projectSecret: string;
}

export interface MaibClientOptions {
  /** `https://api.maibmerchants.md/v1`, or the sandbox's `…/maib-sandbox/v1`; read on every call. */
  baseUrl: () => string;
  project: MaibProject;
  /** How long one operation may take, its token included; read on every call. */
  timeoutMs: () => number;
  /** For tests: another fetch (the default is the global one). */
  fetch?: typeof fetch;
  now?: () => number;
}

export interface MaibItem {
  id: string;
  name: string;
  /** minor units */
  price: number;
  quantity: number;
}

export interface MaibPayRequest {
  /** minor units */
  amount: number;
  currency: string;
  clientIp: string;
  language: 'ro' | 'ru' | 'en';
  description: string;
  orderId: string;
  clientName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** minor units */
  delivery?: number | undefined;
  items?: MaibItem[] | undefined;
  callbackUrl: string;
  okUrl: string;
  failUrl: string;
}

export interface MaibPayment {
  payId: string;
  orderId: string;
  payUrl: string;
}

/** maib's view of a transaction (pay-info, and the callback's `result`): money in minor units. */
export interface MaibTransaction {
  payId: string;
  orderId: string | null;
  status: string;
  statusCode: string | null;
  statusMessage: string | null;
  threeDs: string | null;
  rrn: string | null;
  approval: string | null;
  cardNumber: string | null;
  amount: number | null;
  refundAmount: number | null;
  currency: string | null;
}

export interface MaibRefund {
  payId: string;
  /** `OK` (refunded now) or `REVERSED` (it already was). */
  status: string;
  statusCode: string | null;
  statusMessage: string | null;
  /** minor units */
  refundAmount: number | null;
}

/** maib's decimal (`10.25`) in minor units (1025); null when it is not a whole number of cents. */
export function toMinor(amount: number): number | null {
  const minor = Math.round(amount * 100);
  return Number.isFinite(amount) && Math.abs(amount * 100 - minor) < 1e-6 ? minor : null;
}

/** Minor units as maib's decimal (1025 → 10.25). */
export const toDecimal = (minor: number): number => Number((minor / 100).toFixed(2));

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const decimal = z
  .number()
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : toMinor(v)));

const tokenResult = z.object({
  accessToken: z.string().min(1),
  expiresIn: z.number().positive(),
  refreshToken: z.string().min(1).nullish(),
  refreshExpiresIn: z.number().positive().nullish(),
});
/** maib's order id is text; a number is read as its text. */
const orderIdText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));
const payResult = z.object({ payId: z.string().min(1), orderId: orderIdText, payUrl: z.url() });
const transactionResult = z.object({
  payId: z.string().min(1),
  orderId: orderIdText,
  status: z.string().min(1),
  statusCode: text,
  statusMessage: text,
  threeDs: text,
  rrn: text,
  approval: text,
  cardNumber: text,
  amount: decimal,
  refundAmount: decimal,
  currency: text,
});
const refundResult = z.object({
  payId: z.string().min(1),
  status: z.string().min(1),
  statusCode: text,
  statusMessage: text,
  refundAmount: decimal,
});
const errorAnswer = z.object({
  ok: z.literal(false),
  errors: z
    .array(z.object({ errorCode: z.coerce.string().nullish(), errorMessage: z.string().nullish() }))
    .min(1),
});

/** Reads a transaction as maib writes it (pay-info's `result`, a callback's `result`); null when it is not one. */
export function readTransaction(value: unknown): MaibTransaction | null {
  const parsed = transactionResult.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What went wrong on the network, in words an operator recognises (`ECONNREFUSED 127.0.0.1:9`). */
function networkReason(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string')
    return `${cause.code}${typeof cause.message === 'string' ? ` (${cause.message})` : ''}`;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

interface TokenCache {
  accessToken: string;
  accessUntil: number;
  refreshToken: string | null;
  refreshUntil: number;
}

/** Tokens are renewed this long before maib says they expire. */
const TOKEN_MARGIN_MS = 30_000;

export class MaibClient {
  private token: TokenCache | null = null;
  private readonly fetcher: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: MaibClientOptions) {
    this.fetcher = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  async pay(request: MaibPayRequest): Promise<MaibPayment> {
    const body = {
      amount: toDecimal(request.amount),
      currency: request.currency,
      clientIp: request.clientIp,
      language: request.language,
      description: request.description,
      orderId: request.orderId,
      ...(request.clientName === undefined ? {} : { clientName: request.clientName }),
      ...(request.email === undefined ? {} : { email: request.email }),
      ...(request.phone === undefined ? {} : { phone: request.phone }),
      ...(request.delivery === undefined ? {} : { delivery: toDecimal(request.delivery) }),
      ...(request.items === undefined
        ? {}
        : {
            items: request.items.map((item) => ({
              id: item.id,
              name: item.name,
              price: toDecimal(item.price),
              quantity: item.quantity,
            })),
          }),
      callbackUrl: request.callbackUrl,
      okUrl: request.okUrl,
      failUrl: request.failUrl,
    };
    const result = payResult.safeParse(await this.call('POST', 'pay', body));
    if (!result.success) throw new MaibError('invalid', 'pay: the answer is not a payment');
    return {
      payId: result.data.payId,
      orderId: result.data.orderId ?? request.orderId,
      payUrl: result.data.payUrl,
    };
  }

  async payInfo(payId: string): Promise<MaibTransaction> {
    const transaction = readTransaction(await this.call('GET', `pay-info/${encodeURIComponent(payId)}`));
    if (transaction === null) throw new MaibError('invalid', 'pay-info: the answer is not a transaction');
    return transaction;
  }

  /** A full refund when `amount` is omitted; maib refunds a payment once. */
  async refund(payId: string, amount?: number): Promise<MaibRefund> {
    const body = { payId, ...(amount === undefined ? {} : { refundAmount: toDecimal(amount) }) };
    const result = refundResult.safeParse(await this.call('POST', 'refund', body));
    if (!result.success) throw new MaibError('invalid', 'refund: the answer is not a refund');
    return result.data;
  }

  /** One operation: a token when needed, the call, and once more with a fresh token after a 401. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs();
    const signal = AbortSignal.timeout(timeoutMs);
    const token = await this.accessToken(signal, timeoutMs);
    try {
      return await this.request(method, path, body, token, signal, timeoutMs);
    } catch (error) {
      if (!(error instanceof MaibError) || error.httpStatus !== 401) throw error;
      this.token = null;
      return this.request(method, path, body, await this.accessToken(signal, timeoutMs), signal, timeoutMs);
    }
  }

  private async accessToken(signal: AbortSignal, timeoutMs: number): Promise<string> {
    const now = this.now();
    const cached = this.token;
    if (cached !== null && cached.accessUntil > now) return cached.accessToken;
    let answer: unknown;
    if (cached?.refreshToken != null && cached.refreshUntil > now) {
      try {
        answer = await this.request(
          'POST',
          'generate-token',
          { refreshToken: cached.refreshToken },
          null,
          signal,
          timeoutMs,
        );
      } catch (error) {
        if (!(error instanceof MaibError) || error.kind !== 'refused') throw error;
        answer = undefined; // the refresh token was refused: the project's credentials again
      }
    }
    answer ??= await this.request(
      'POST',
      'generate-token',
      { projectId: this.options.project.projectId, projectSecret: this.options.project.projectSecret },
      null,
      signal,
      timeoutMs,
    );
    const parsed = tokenResult.safeParse(answer);
    if (!parsed.success) throw new MaibError('invalid', 'generate-token: the answer is not a token');
    const t = parsed.data;
    this.token = {
      accessToken: t.accessToken,
      accessUntil: now + t.expiresIn * 1000 - TOKEN_MARGIN_MS,
      refreshToken: t.refreshToken ?? null,
      refreshUntil: t.refreshExpiresIn == null ? 0 : now + t.refreshExpiresIn * 1000 - TOKEN_MARGIN_MS,
    };
    return t.accessToken;
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    token: string | null,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const url = `${this.options.baseUrl().replace(/\/+$/, '')}/${path}`;
    let response: Response;
    let raw: string;
    try {
      response = await this.fetcher(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
        redirect: 'error',
      });
      raw = await response.text();
    } catch (error) {
      throw new MaibError(
        'unavailable',
        `${path}: ${signal.aborted ? `no answer within ${timeoutMs} ms` : networkReason(error)}`,
      );
    }
    let json: unknown;
    try {
      json = raw === '' ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      json = undefined;
    }
    const refusal = errorAnswer.safeParse(json);
    if (refusal.success) {
      const first = refusal.data.errors[0];
      throw new MaibError(
        response.status >= 500 ? 'unavailable' : 'refused',
        `${path}: ${first?.errorMessage ?? 'refused'} (${first?.errorCode ?? response.status})`,
        response.status,
        first?.errorCode ?? null,
      );
    }
    if (response.status >= 500)
      throw new MaibError('unavailable', `${path}: HTTP ${response.status}`, response.status);
    if (!response.ok) throw new MaibError('refused', `${path}: HTTP ${response.status}`, response.status);
    if (
      typeof json !== 'object' ||
      json === null ||
      !('ok' in json) ||
      json.ok !== true ||
      !('result' in json)
    ) {
      throw new MaibError('invalid', `${path}: an answer without ok and result`, response.status);
    }
    return json.result;
  }
}
