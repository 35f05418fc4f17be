/** What kind of failure a read ended in, decided from the normalised error (src/api/errors.ts), never in a view. */
import { CLIENT_ERROR_CODES, statusOf } from '../api/errors.ts';
import type { FailureKind } from '../i18n/labels/failure-kind.ts';

export type { FailureKind };

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/**
 * No answer (network error, time-out, or the browser says it is offline) → `offline`; 401/403 → `forbidden`;
 * 404/410 → `not-found`; 5xx → `server`; anything else (a 4xx the screen did not expect, a thrown bug) → `unknown`.
 */
export function failureKind(error: unknown, online = browserOnline()): FailureKind {
  const code = codeOf(error);
  if (!online || code === CLIENT_ERROR_CODES.network || code === CLIENT_ERROR_CODES.timeout) return 'offline';
  const status = statusOf(error);
  if (status === undefined) return 'unknown';
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status >= 500) return 'server';
  return 'unknown';
}

/** The browser's own idea of being online (always online outside a browser). */
function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
