import { ERROR_MESSAGES, type ErrorCode, type Language, type Translations } from './error-messages.ts';

/** One problem found in a request (validation failure or a broken business rule). */
export interface ErrorDetail {
  /** Which part of the request holds the problem. */
  location: 'body' | 'query' | 'path' | 'header';
  /** JSON pointer inside that part (`/items/0/quantity`), `''` for the whole part. */
  path: string;
  /** What is wrong, in English, for developers; the UI uses `code`/`translations`. */
  message: string;
  /** Why a line of a return request or receipt is refused (`ReturnLineProblem`), for the UI to translate. */
  reason?: string;
}

/** The error body of every 4xx/5xx answer (docs/adr/0008-error-shape.md). */
export interface ErrorBody {
  code: ErrorCode;
  status: number;
  title: string;
  message: string;
  translations: Translations;
  details?: ErrorDetail[];
  [extra: string]: unknown;
}

export interface HttpErrorOptions {
  details?: ErrorDetail[];
  /** Extra top-level fields of the body (for example `order` on VERSION_CONFLICT). */
  extra?: Record<string, unknown>;
  /** Extra response headers (for example `Retry-After`). */
  headers?: Record<string, string>;
  /** Log text; never sent to the client (the body carries the translated message of `code`). */
  logMessage?: string;
  cause?: unknown;
}

const RESERVED_KEYS = new Set(['code', 'status', 'title', 'message', 'translations', 'details']);

/** An error a handler throws on purpose; the error handler turns it into the Error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, options: HttpErrorOptions = {}) {
    super(
      options.logMessage ?? `${status} ${code}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.extra = options.extra;
    this.headers = options.headers;
    for (const key of Object.keys(options.extra ?? {})) {
      if (RESERVED_KEYS.has(key)) throw new Error(`HttpError extra may not override "${key}"`);
    }
  }

  /** Fastify reads `statusCode` from thrown errors. */
  get statusCode(): number {
    return this.status;
  }

  toBody(language: Language): ErrorBody {
    return errorBody(this.status, this.code, language, this.details, this.extra);
  }
}

export function errorBody(
  status: number,
  code: ErrorCode,
  language: Language,
  details?: ErrorDetail[],
  extra?: Record<string, unknown>,
): ErrorBody {
  const text = ERROR_MESSAGES[code];
  return {
    ...extra,
    code,
    status,
    title: text.title[language],
    message: text.message[language],
    translations: { ...text.message },
    ...(details === undefined || details.length === 0 ? {} : { details }),
  };
}

export const badRequest = (
  details?: ErrorDetail[],
  options: Omit<HttpErrorOptions, 'details'> = {},
): HttpError =>
  new HttpError(400, 'VALIDATION_FAILED', { ...options, ...(details === undefined ? {} : { details }) });

export const unauthorized = (
  code: 'UNAUTHORIZED' | 'TOKEN_EXPIRED' | 'INVALID_CREDENTIALS' = 'UNAUTHORIZED',
): HttpError => new HttpError(401, code);

export const forbidden = (code: 'FORBIDDEN' | 'EMAIL_NOT_CONFIRMED' = 'FORBIDDEN'): HttpError =>
  new HttpError(403, code);

export const notFound = (): HttpError => new HttpError(404, 'NOT_FOUND');

/** 409: `conflict('VERSION_CONFLICT', { order })`, `conflict('TRANSITION_NOT_ALLOWED')`, ... */
export const conflict = (
  code:
    | 'VERSION_CONFLICT'
    | 'TRANSITION_NOT_ALLOWED'
    | 'PAYMENT_NOT_ALLOWED'
    | 'EMAIL_ALREADY_CONFIRMED'
    | 'ALIAS_TAKEN'
    | 'ALIAS_ALREADY_SET'
    | 'EMAIL_TAKEN'
    | 'PHONE_TAKEN',
  extra?: Record<string, unknown>,
  details?: ErrorDetail[],
): HttpError =>
  new HttpError(409, code, {
    ...(extra === undefined ? {} : { extra }),
    ...(details === undefined ? {} : { details }),
  });

/** 422: a body that is well-formed but breaks a business rule. */
export const unprocessable = (
  code:
    | 'VALIDATION_FAILED'
    | 'IDEMPOTENCY_KEY_REUSED'
    | 'CART_EMPTY'
    | 'OUT_OF_STOCK'
    | 'INVALID_CURRENT_PASSWORD'
    | 'INVALID_TOKEN'
    | 'PASSWORD_TOO_COMMON'
    | 'TERMS_NOT_ACCEPTED'
    | 'PAYMENT_MISMATCH'
    | 'ALIAS_INVALID'
    | 'ALIAS_RESERVED'
    | 'CHALLENGE_FAILED'
    | 'UNDER_AGE'
    | 'CONSENT_REQUIRED',
  details?: ErrorDetail[],
  extra?: Record<string, unknown>,
): HttpError =>
  new HttpError(422, code, {
    ...(extra === undefined ? {} : { extra }),
    ...(details === undefined ? {} : { details }),
  });

export const tooManyRequests = (retryAfterSeconds?: number): HttpError =>
  new HttpError(
    429,
    'RATE_LIMITED',
    retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
