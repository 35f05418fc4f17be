import { BOOT_RESPONSES_KEY, type BootResponses } from '../boot/contract.ts';
import { BOOT_RESPONSE_MAX_AGE_MS } from './boot-reads.ts';

function isBootReads(value: unknown): value is BootResponses {
  return (
    typeof value === 'object' &&
    value !== null &&
    'responses' in value &&
    typeof value.responses === 'object' &&
    value.responses !== null
  );
}

/** A URL with its query parameters in one order, so `?a=1&b=2` and `?b=2&a=1` are the same read. */
function canonical(url: string): string {
  const parsed = new URL(url, 'http://boot.invalid');
  parsed.searchParams.sort();
  return `${parsed.origin}${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/**
 * The boot script's answer to `request`, taken once, when it is the same read: a GET of the same URL with the same
 * `Authorization` and `Accept-Language`, not aborted, sent less than `BOOT_RESPONSE_MAX_AGE_MS` ago. Otherwise
 * `undefined` (the caller fetches). What the client then does with the answer is what it does with any other
 * (errors normalised, a 401 ending the session).
 */
export function takeBootResponse(
  request: Request,
  scope: object = globalThis,
  nowMs = Date.now(),
): Promise<Response> | undefined {
  const boot: unknown = Reflect.get(scope, BOOT_RESPONSES_KEY);
  if (!isBootReads(boot) || request.method !== 'GET' || request.signal.aborted) return undefined;
  if (nowMs - boot.at > BOOT_RESPONSE_MAX_AGE_MS) return undefined;
  if (request.headers.get('Authorization') !== boot.authorization) return undefined;
  if ((request.headers.get('Accept-Language') ?? '') !== boot.language) return undefined;
  const wanted = canonical(request.url);
  const key = Object.keys(boot.responses).find((url) => canonical(url) === wanted);
  if (key === undefined) return undefined;
  const response = boot.responses[key];
  delete boot.responses[key];
  return response;
}
