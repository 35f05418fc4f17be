// The client takes the boot script's answer (src/api/boot-reads.ts) for the same read only, and only once.
import { describe, expect, it } from 'vitest';
import { BOOT_RESPONSE_MAX_AGE_MS } from '#src/api/boot-reads.ts';
import { BOOT_RESPONSES_KEY } from '#src/boot/contract.ts';
import { takeBootResponse } from '#src/api/boot-responses.ts';

const URL_OF = 'http://app.test/api/v3/goods?page=1&pageSize=24&sort=popular';
const NOW = 1_000_000;

function scopeWith(answer: Promise<Response>) {
  return {
    [BOOT_RESPONSES_KEY]: {
      authorization: 'Bearer t1',
      language: 'en',
      at: NOW,
      responses: { [URL_OF]: answer },
    },
  };
}

const get = (url: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  new Request(url, { headers: { Authorization: 'Bearer t1', 'Accept-Language': 'en', ...headers }, ...init });

describe('takeBootResponse', () => {
  it('answers the same read once, whatever the order of its query parameters', async () => {
    const answer = Promise.resolve(new Response('{"items":[]}'));
    const scope = scopeWith(answer);
    const taken = takeBootResponse(
      get('http://app.test/api/v3/goods?sort=popular&pageSize=24&page=1'),
      scope,
      NOW,
    );
    expect(taken).toBe(answer);
    expect(await (await taken)?.text()).toBe('{"items":[]}');
    expect(takeBootResponse(get(URL_OF), scope, NOW), 'a second read is sent').toBeUndefined();
  });

  it('does not answer another read, another token, another language, a write, an aborted or a late read', () => {
    const cases: Array<[string, Request, number]> = [
      ['another page', get('http://app.test/api/v3/goods?page=2&pageSize=24&sort=popular'), NOW],
      ['another token', get(URL_OF, { Authorization: 'Bearer t2' }), NOW],
      ['another language', get(URL_OF, { 'Accept-Language': 'ru' }), NOW],
      ['a write', get(URL_OF, {}, { method: 'POST', body: '{}' }), NOW],
      ['aborted', get(URL_OF, {}, { signal: AbortSignal.abort() }), NOW],
      ['too late', get(URL_OF), NOW + BOOT_RESPONSE_MAX_AGE_MS + 1],
    ];
    for (const [what, request, now] of cases) {
      const scope = scopeWith(Promise.resolve(new Response('x')));
      expect(takeBootResponse(request, scope, now), what).toBeUndefined();
      expect(takeBootResponse(get(URL_OF), scope, NOW), `${what}: the answer is still there`).toBeDefined();
    }
  });

  it('answers nothing when the boot script sent nothing', () => {
    expect(takeBootResponse(get(URL_OF), {}, NOW)).toBeUndefined();
  });
});
