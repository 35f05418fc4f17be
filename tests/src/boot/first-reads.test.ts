// @vitest-environment jsdom
// A signed-in visit's first reads, sent by the boot script with the app's headers (src/boot/first-reads.ts).
import { describe, expect, it, vi } from 'vitest';
import { BOOT_READS } from '#src/api/boot-reads.ts';
import { BOOT_RESPONSES_KEY, type BootResponses } from '#src/boot/contract.ts';
import { sendFirstReads, tokenClaims } from '#src/boot/first-reads.ts';
import { inAnHour, tokenFor } from './fixture.ts';
import { headOf, openPage } from './page.ts';

/** A page at `url` with `token` in its cookie and a fetch that answers every read with `body`. */
function visit(url: string, token: string | null, body: unknown = { items: [] }) {
  const win = openPage(url);
  if (token !== null) win.document.cookie = `token=${encodeURIComponent(token)}`;
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
  );
  Reflect.set(win, 'fetch', fetch);
  return { win, fetch };
}

const sent = (fetch: ReturnType<typeof visit>['fetch']) => fetch.mock.calls.map(([url]) => url);
const config = { reads: BOOT_READS, apiBase: '/api/v3' };

describe('sendFirstReads', () => {
  it("sends the session's reads and the screen's for the token's role, with the app's headers, and leaves them", () => {
    const token = tokenFor({ sub: 1, par: true, exp: inAnHour() });
    const { win, fetch } = visit('https://portal.test/dashboard', token);
    const boot = sendFirstReads(config, 'en', win);
    expect(sent(fetch)).toEqual([
      'https://portal.test/api/v3/users/me',
      'https://portal.test/api/v3/users/my-warehouse',
      'https://portal.test/api/v3/users/my-info',
      'https://portal.test/api/v3/users/my-target',
      'https://portal.test/api/v3/orders/get/list/user?tab=current&page=1&pageSize=20',
    ]);
    for (const [, init] of fetch.mock.calls)
      expect(init?.headers).toEqual({ Authorization: `Bearer ${token}`, 'Accept-Language': 'en' });
    expect(Reflect.get(win, BOOT_RESPONSES_KEY)).toBe(boot);
    expect(boot?.authorization).toBe(`Bearer ${token}`);
    expect(boot?.language).toBe('en');
    expect(Object.keys(boot?.responses ?? {})).toEqual(sent(fetch));
  });

  it("sends a warehouse member's queue read, not a distributor's, and the trailing slash is the same screen", () => {
    const { win, fetch } = visit(
      'https://portal.test/my-orders-warehouse/',
      tokenFor({ wh: 1, exp: inAnHour() }),
    );
    sendFirstReads(config, 'ru', win);
    expect(sent(fetch)).toEqual([
      'https://portal.test/api/v3/users/me',
      'https://portal.test/api/v3/users/my-warehouse',
      'https://portal.test/api/v3/orders/get/list/warehouse?tab=new&page=1&pageSize=20',
    ]);
    const other = visit('https://portal.test/dashboard', tokenFor({ wh: true, par: false, exp: inAnHour() }));
    sendFirstReads(config, 'ru', other.win);
    expect(sent(other.fetch)).toEqual([
      'https://portal.test/api/v3/users/me',
      'https://portal.test/api/v3/users/my-warehouse',
    ]);
  });

  it("preloads the catalogue's first images as soon as its first answer is here", async () => {
    const body = {
      items: [{ imageUrl: '/media/a.webp' }, { imageUrl: '/media/b.webp' }, { imageUrl: '/media/c.webp' }],
    };
    const { win } = visit('https://portal.test/new-order', tokenFor({ par: 1, exp: inAnHour() }), body);
    sendFirstReads(config, 'ru', win);
    await vi.waitFor(() =>
      expect(headOf(win)).toEqual(['preload /media/a.webp image high', 'preload /media/b.webp image high']),
    );
  });

  it('sends against an API on another origin as configured', () => {
    const { win, fetch } = visit('https://portal.test/', tokenFor({ exp: inAnHour() }));
    sendFirstReads({ reads: BOOT_READS, apiBase: 'https://api.portal.test/v3' }, 'ru', win);
    expect(sent(fetch)).toEqual([
      'https://api.portal.test/v3/users/me',
      'https://api.portal.test/v3/users/my-warehouse',
    ]);
  });

  it('sends nothing without a token, for an address with a query, for an expired or unreadable token', () => {
    const cases: Array<[string, string | null]> = [
      ['https://portal.test/dashboard', null],
      ['https://portal.test/dashboard?tab=done', tokenFor({ par: 1, exp: inAnHour() })],
      ['https://portal.test/dashboard', tokenFor({ par: 1, exp: Math.floor(Date.now() / 1000) - 1 })],
      ['https://portal.test/dashboard', tokenFor({ par: 1 })],
      ['https://portal.test/dashboard', 'not-a-token'],
      ['https://portal.test/dashboard', 'a.%%%.c'],
    ];
    for (const [url, token] of cases) {
      const { win, fetch } = visit(url, token);
      expect(sendFirstReads(config, 'ru', win), `${url} ${token}`).toBeUndefined();
      expect(fetch).not.toHaveBeenCalled();
      expect(Reflect.get(win, BOOT_RESPONSES_KEY)).toBeUndefined();
    }
  });

  it('sends nothing where there is no fetch, and a read that fails is not an unhandled rejection', async () => {
    const { win } = visit('https://portal.test/dashboard', tokenFor({ exp: inAnHour() }));
    Reflect.set(win, 'fetch', undefined);
    expect(sendFirstReads(config, 'ru', win)).toBeUndefined();

    const failing = openPage('https://portal.test/dashboard');
    failing.document.cookie = `token=${tokenFor({ exp: inAnHour() })}`;
    const rejected = vi.fn(() => Promise.reject(new TypeError('offline')));
    Reflect.set(failing, 'fetch', rejected);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const boot: BootResponses | undefined = sendFirstReads(config, 'ru', failing);
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(rejected).toHaveBeenCalledTimes(2);
    expect(Object.keys(boot?.responses ?? {})).toHaveLength(2);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('tokenClaims', () => {
  it('reads the claims of a base64url payload (its `-` and `_`) of any length, without padding', () => {
    for (const sub of ['>>>???', '>>>???a', '>>>???ab'])
      expect(tokenClaims(tokenFor({ sub, par: true }))).toEqual({ sub, par: true });
  });
});
