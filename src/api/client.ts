import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema.d.ts';
import { API_BASE } from './base.ts';
import { trackAnswer } from './answer-positions.ts';
import { takeBootResponse } from './boot-responses.ts';
import { readTokenCookie } from './token.ts';
import { getStoredLocale } from '../i18n/i18n.ts';
import { notifyUnauthorized } from './auth-bridge.ts';
import {
  ApiRequestError,
  isAbortError,
  isApiError,
  normaliseFailedBody,
  normaliseResponse,
  normaliseThrown,
  type ApiError,
} from './errors.ts';

/** Spec section 9: every call gives up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

export { API_BASE };

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  baseUrl: string;
  /** The fetch to use (tests inject one: openapi-fetch captures `globalThis.fetch` when the client is made). */
  fetch?: (request: Request) => Promise<Response>;
  /** Where the bearer token comes from; the `token` cookie by default. */
  getToken?: () => string | null;
  /** The interface language sent as `Accept-Language`; the stored language by default. */
  getLanguage?: () => string | null;
  timeoutMs?: number;
}

/**
 * Sends the interface language as `Accept-Language`, so the server's `title`/`message` of an error are in the
 * language the toast's headline comes from (not the browser's).
 */
export function languageMiddleware(getLanguage: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const language = getLanguage();
      if (language !== null && language !== '' && !request.headers.has('Accept-Language')) {
        request.headers.set('Accept-Language', language);
      }
      return request;
    },
  };
}

/** Adds `Authorization: Bearer <token>` when a token exists and the caller did not set the header. */
export function authMiddleware(getToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken();
      if (token !== null && token !== '' && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
      return request;
    },
  };
}

/** The token a request carried in `Authorization: Bearer <token>`, or `null`. */
export function bearerTokenOf(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * Aborts a call after `timeoutMs` (with a `TimeoutError`), while still honouring the caller's own signal (React
 * Query's cancel). A plain timer and controller rather than `AbortSignal.any([.., AbortSignal.timeout()])`: those
 * signals are held weakly by some runtimes (Node) and can be collected before they fire.
 */
export function timeoutMiddleware(timeoutMs: number): Middleware {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const settle = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  return {
    onRequest({ request, id }) {
      const controller = new AbortController();
      const caller = request.signal;
      if (caller.aborted) controller.abort(caller.reason);
      else caller.addEventListener('abort', () => controller.abort(caller.reason), { once: true });
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs),
      );
      return new Request(request, { signal: controller.signal });
    },
    onResponse({ id }) {
      settle(id);
      return undefined;
    },
    onError({ id }) {
      settle(id);
      return undefined;
    },
  };
}

function jsonResponse(error: ApiError, source?: Response): Response {
  const headers = new Headers(source?.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(error), {
    status: error.status >= 200 && error.status <= 599 ? error.status : 500,
    statusText: source?.statusText ?? '',
    headers,
  });
}

/**
 * Spec section 8 for every failure: an answer of 400 or more gets a body in the `ApiError` shape (so the `error`
 * openapi-fetch returns is normalised), a 401 is reported to the auth bridge with the token the call carried (the
 * auth machine logs out and goes to /login unless already on a login path, or the token was one it has replaced),
 * and a call that got no answer (network failure, time-out) becomes a 500-class answer with
 * `{ status, code, message }`. A caller's own abort is left alone.
 */
export function errorMiddleware(): Middleware {
  return {
    async onResponse({ request, response }) {
      if (response.status < 400) return undefined;
      if (response.status === 401) notifyUnauthorized(bearerTokenOf(request));
      return jsonResponse(await normaliseResponse(response), response);
    },
    onError({ error }) {
      if (isAbortError(error)) return undefined;
      return jsonResponse(normaliseThrown(error));
    },
  };
}

/**
 * One openapi-fetch client with its middleware. openapi-fetch runs `onRequest` in the order given and
 * `onResponse`/`onError` in reverse, so with [auth, language, time-out, errors]:
 * request: Authorization and Accept-Language headers, then the time-out signal; answer or failure: errors first (normalise, report 401).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  client.use(
    authMiddleware(options.getToken ?? readTokenCookie),
    languageMiddleware(options.getLanguage ?? getStoredLocale),
    timeoutMiddleware(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    errorMiddleware(),
  );
  return client;
}

/** The platform's fetch, taken when the client is made (as openapi-fetch takes it when given none). */
const platformFetch: typeof fetch | undefined = globalThis.fetch;

type Transport = (request: Request) => Promise<Response>;

/** How the app's client sends a request that no boot answer serves: the platform's fetch. */
let transport: Transport = (request) =>
  platformFetch === undefined
    ? Promise.reject(new TypeError('fetch is not available'))
    : platformFetch(request);

/** Whether the client notes each answer's event-log position (answer-positions.ts): in the browser. */
let noteAnswers = true;

/**
 * Replaces how the app's client sends its requests, for the whole process: the server that renders first screens
 * (src/prerender/server-entry.tsx) answers them in process, for the page being rendered. Not for the browser.
 */
export function setApiTransport(send: Transport): void {
  transport = send;
  noteAnswers = false;
}

/**
 * The app's one client. A read the boot script already sent (the opened screen's first data, see
 * src/api/boot-reads.ts), or that came with a server-rendered page, is answered with that response instead of
 * being sent again. In the browser, each answer's event-log position is noted for the live stream (ADR 0159).
 */
export const api: ApiClient = createApiClient({
  // Resolved against the page; on the server (its renderer, whose transport answers in process) there is no page,
  // and a Request needs an absolute address.
  baseUrl: typeof document === 'undefined' ? new URL(API_BASE, 'http://portal.invalid').href : API_BASE,
  fetch: (request) => {
    const answer = takeBootResponse(request) ?? transport(request);
    return noteAnswers ? trackAnswer(answer) : answer;
  },
});

interface CallResult<TData> {
  data?: TData;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call and returns its data, or throws the normalised failure as an `ApiRequestError`
 * (an `Error` carrying the `ApiError` fields). A caller's abort is rethrown as it is. For actors and query
 * functions: `queryFn: ({ signal }) => unwrap(api.GET('/users/me', { signal }))`.
 */
export async function unwrap<TData>(call: Promise<CallResult<TData>>): Promise<TData> {
  let result: CallResult<TData>;
  try {
    result = await call;
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiRequestError(normaliseThrown(error));
  }
  const { data, error, response } = result;
  if (response.ok && error === undefined) return data as TData;
  throw new ApiRequestError(
    isApiError(error) ? error : normaliseFailedBody(response.status, error, response.statusText),
  );
}
