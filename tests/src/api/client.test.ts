import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '#src/api/auth-bridge.ts';
import { createApiClient, unwrap } from '#src/api/client.ts';
import { ApiRequestError, normaliseError } from '#src/api/errors.ts';

const BASE = 'http://api.test/api/v3';

type FetchFake = (request: Request) => Promise<Response>;

function clientWith(fetch: FetchFake, options: { token?: string | null; timeoutMs?: number } = {}) {
  const seen: Request[] = [];
  const client = createApiClient({
    baseUrl: BASE,
    fetch: async (request) => {
      seen.push(request);
      return fetch(request);
    },
    getToken: () => options.token ?? null,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  return { client, seen };
}

const json = (status: number, body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' }, ...init });

const serverError = {
  code: 'INVALID_CREDENTIALS',
  status: 401,
  title: 'Unauthorized',
  message: 'Wrong e-mail or password.',
  translations: {
    ru: 'Неверный e-mail или пароль.',
    en: 'Wrong e-mail or password.',
    ro: 'x',
    uk: 'y',
    it: 'z',
  },
};

/** Calls in flight, held strongly as a real network layer holds them (else the GC may collect a hung request). */
const inFlight = new Set<Request>();

/** Answers only by failing when the request's signal aborts, as fetch does. */
function hangingFetch(): FetchFake {
  return (request) =>
    new Promise<Response>((_resolve, reject) => {
      inFlight.add(request);
      const fail = () => {
        inFlight.delete(request);
        reject(request.signal.reason);
      };
      if (request.signal.aborted) fail();
      else request.signal.addEventListener('abort', fail, { once: true });
    });
}

let unregister: () => void = () => {};
afterEach(() => unregister());

describe('Authorization header', () => {
  it('sends the bearer token from the cookie when there is one', async () => {
    const { client, seen } = clientWith(async () => json(200, { id: 1 }), { token: 'abc.def.ghi' });
    await client.GET('/users/me');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(seen[0]?.url).toBe(`${BASE}/users/me`);
  });

  it('sends none without a token', async () => {
    const { client, seen } = clientWith(async () => json(200, { id: 1 }));
    await client.GET('/users/me');
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('Accept-Language header', () => {
  it('sends the interface language so server messages match the toast headline', async () => {
    const seen: Request[] = [];
    const client = createApiClient({
      baseUrl: BASE,
      fetch: async (request) => {
        seen.push(request);
        return json(200, { id: 1 });
      },
      getToken: () => null,
      getLanguage: () => 'it',
    });
    await client.GET('/users/me');
    expect(seen[0]?.headers.get('Accept-Language')).toBe('it');
  });
});

describe('401 (spec section 8)', () => {
  it('tells the auth bridge, with the token the call carried, and hands back the normalised body', async () => {
    const onUnauthorized = vi.fn();
    unregister = setUnauthorizedHandler(onUnauthorized);
    const { client } = clientWith(async () => json(401, serverError), { token: 'a.b.c' });
    const { error, response } = await client.GET('/users/me');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('a.b.c');
    expect(response.status).toBe(401);
    expect(error).toEqual(serverError);
  });

  it('says when the refused call carried no token', async () => {
    const onUnauthorized = vi.fn();
    unregister = setUnauthorizedHandler(onUnauthorized);
    const { client } = clientWith(async () => json(401, serverError), { token: null });
    await client.GET('/users/me');
    expect(onUnauthorized).toHaveBeenCalledWith(null);
  });

  it('does not call the handler for other failures, nor after it was removed', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized)();
    const { client } = clientWith(async (request) =>
      request.url.endsWith('/users/me') ? json(401, serverError) : json(403, { code: 'FORBIDDEN' }),
    );
    await client.GET('/users/me');
    await client.GET('/users/my-info');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('error normalisation (spec section 8)', () => {
  it('keeps a failure body whole and sets status from the answer', async () => {
    const { client } = clientWith(async () =>
      json(422, { code: 'VALIDATION_FAILED', details: [{ path: '/email' }] }),
    );
    const { error } = await client.POST('/users/forgot-password', { body: { email: 'a@b.md' } });
    expect(error).toEqual({ code: 'VALIDATION_FAILED', details: [{ path: '/email' }], status: 422 });
  });

  it('gives status and message for a failure without a body', async () => {
    const { client } = clientWith(async () => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    const { error } = await client.GET('/users/me');
    expect(error).toEqual({ status: 502, message: 'Bad Gateway' });
  });

  it("says 'Unknown error' when there is no text at all", async () => {
    const { client } = clientWith(async () => new Response('', { status: 500 }));
    const { error } = await client.GET('/users/me');
    expect(error).toEqual({ status: 500, message: 'Unknown error' });
  });

  it('uses a plain-text body as the message, but not an HTML page', async () => {
    const { client } = clientWith(async (request) =>
      request.url.endsWith('/users/me')
        ? new Response('upstream down', { status: 503, headers: { 'content-type': 'text/plain' } })
        : new Response('<html>oops</html>', {
            status: 504,
            statusText: 'Gateway Timeout',
            headers: { 'content-type': 'text/html' },
          }),
    );
    expect((await client.GET('/users/me')).error).toEqual({ status: 503, message: 'upstream down' });
    expect((await client.GET('/users/my-info')).error).toEqual({ status: 504, message: 'Gateway Timeout' });
  });

  it('turns a network failure into status 500 with the error text', async () => {
    const { client } = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { error } = await client.GET('/users/me');
    expect(error).toEqual({ status: 500, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
  });

  it('normaliseError accepts a Response or a thrown value', async () => {
    expect(await normaliseError(json(409, { code: 'VERSION_CONFLICT' }))).toEqual({
      code: 'VERSION_CONFLICT',
      status: 409,
    });
    expect(await normaliseError(new Error(''))).toEqual({ status: 500, message: 'Unknown error' });
    expect(await normaliseError('boom')).toEqual({ status: 500, message: 'boom' });
  });
});

describe('time-out (spec section 9)', () => {
  it('gives up after the time-out with a normalised failure', async () => {
    const { client } = clientWith(hangingFetch(), { timeoutMs: 30 });
    const started = Date.now();
    const { error } = await client.GET('/users/me');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(error).toMatchObject({ status: 500, code: 'TIMEOUT' });
  });

  it('is 30 s by default', async () => {
    const { REQUEST_TIMEOUT_MS } = await import('#src/api/client.ts');
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it("still honours the caller's own abort (React Query cancelling a query)", async () => {
    const { client } = clientWith(hangingFetch(), { timeoutMs: 10_000 });
    const controller = new AbortController();
    const call = client.GET('/users/me', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('unwrap', () => {
  it('returns the data of a successful call', async () => {
    const { client } = clientWith(async () => json(200, { access_token: 'x.y.z', token_type: 'Bearer' }));
    const data = await unwrap(client.POST('/users/login', { body: { email: 'a@b.md', password: 'p' } }));
    expect(data.access_token).toBe('x.y.z');
  });

  it('throws the normalised failure as an ApiRequestError with every field', async () => {
    const { client } = clientWith(async () => json(401, serverError));
    const failure: unknown = await unwrap(client.GET('/users/me')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ ...serverError, status: 401 });
  });

  it('turns a time-out into an ApiRequestError too', async () => {
    const { client } = clientWith(hangingFetch(), { timeoutMs: 10 });
    await expect(unwrap(client.GET('/users/me'))).rejects.toMatchObject({ status: 500, code: 'TIMEOUT' });
  });
});
