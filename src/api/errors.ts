/**
 * Spec section 8: the one shape every failed call takes. A failure with a body is that body plus `status`
 * (the HTTP status, 500 when there is none); a failure without one is `status` and `message` (the error's
 * text, or 'Unknown error'). Server bodies carry `code`, `title`, `message` and `translations`
 * (docs/adr/0008-error-shape.md).
 */
export type ApiError = {
  status: number;
  code?: string;
  message?: string;
  title?: string;
  translations?: Record<string, string>;
  [key: string]: unknown;
};

/** Codes the client gives failures that never reached an answer (the server's codes are SCREAMING_SNAKE too). */
export const CLIENT_ERROR_CODES = {
  timeout: 'TIMEOUT',
  network: 'NETWORK_ERROR',
} as const;

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

const DEFAULT_STATUS = 500;
const MAX_TEXT_MESSAGE = 300;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validStatus(status: unknown): number {
  return typeof status === 'number' && Number.isInteger(status) && status > 0 ? status : DEFAULT_STATUS;
}

/** True for a value already in the shape above (a numeric `status`). */
export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value.status === 'number';
}

/**
 * A failed answer as an `ApiError`: a JSON object body is kept whole with `status` set to the answer's status; a
 * plain-text body becomes the message; anything else (empty, HTML) is `{ status, message: statusText }`.
 */
export function normaliseFailedBody(status: number, body: unknown, statusText = ''): ApiError {
  const code = validStatus(status);
  if (isRecord(body)) return { ...body, status: code };
  if (typeof body === 'string' && body.trim() !== '') {
    return { status: code, message: body.trim().slice(0, MAX_TEXT_MESSAGE) };
  }
  return { status: code, message: statusText.trim() !== '' ? statusText : UNKNOWN_ERROR_MESSAGE };
}

/** Reads a failed `Response` (its body is consumed) and normalises it. */
export async function normaliseResponse(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  const contentType = response.headers.get('content-type') ?? '';
  let body: unknown = undefined;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = contentType.startsWith('text/plain') ? text : undefined;
    }
  }
  return normaliseFailedBody(response.status, body, response.statusText);
}

function errorName(error: unknown): string {
  return isRecord(error) && typeof error.name === 'string' ? error.name : '';
}

/** A thrown failure (no answer: network error, time-out) or anything else as an `ApiError`. */
export function normaliseThrown(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const name = errorName(error);
  const message =
    error instanceof Error && error.message !== ''
      ? error.message
      : typeof error === 'string' && error !== ''
        ? error
        : UNKNOWN_ERROR_MESSAGE;
  if (name === 'TimeoutError') return { status: DEFAULT_STATUS, code: CLIENT_ERROR_CODES.timeout, message };
  if (error instanceof TypeError)
    return { status: DEFAULT_STATUS, code: CLIENT_ERROR_CODES.network, message };
  if (isRecord(error) && !(error instanceof Error)) {
    return {
      ...error,
      status: validStatus(error.status),
      message: typeof error.message === 'string' ? error.message : message,
    };
  }
  return { status: DEFAULT_STATUS, message };
}

/** `normaliseError(response | error)`: one entry point for both kinds of failure. */
export async function normaliseError(failure: unknown): Promise<ApiError> {
  if (failure instanceof Response) return normaliseResponse(failure);
  return normaliseThrown(failure);
}

/** A caller's own cancellation (React Query cancelling a query, an unmounted view): not an error to show. */
export function isAbortError(error: unknown): boolean {
  return errorName(error) === 'AbortError';
}

/**
 * What `unwrap` throws: an `Error` (so stacks and `instanceof` work) that carries every field of the `ApiError`,
 * readable exactly like the plain shape (`error.status`, `error.code`, `error.translations`, ...).
 */
export class ApiRequestError extends Error implements ApiError {
  [key: string]: unknown;
  status: number;
  declare code?: string;
  declare title?: string;
  declare translations?: Record<string, string>;

  constructor(error: ApiError) {
    super(typeof error.message === 'string' ? error.message : '');
    Object.assign(this, error);
    this.name = 'ApiRequestError';
    this.status = error.status;
  }
}

/** The HTTP status of a failure in any of its forms, or `undefined` when it has none. */
export function statusOf(error: unknown): number | undefined {
  return isRecord(error) && typeof error.status === 'number' ? error.status : undefined;
}
