/**
 * First screens rendered on the server (server/prerender.ts with the real renderer, src/prerender/server-entry.tsx,
 * built here by `vite build --ssr`): who gets one, what it carries, that it is the visitor's own and no one else's,
 * and that any failure of the renderer leaves the page as it is.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { pageWithScreen, withoutEntryScripts } from '../../server/prerender.ts';
import { startTestApp, type TestApp } from '../support/server/app.ts';
import {
  BOOT_MANIFEST,
  buildRenderer,
  ENTRY,
  INDEX,
  prerenderDirs,
  rootOf,
  stateOf,
} from '../support/server/prerender.ts';

const { work: WORK, spa: SPA, renderer: RENDERER } = prerenderDirs('prerender-test');

let t: TestApp;
let partner: string;
let warehouse: string;
let user: string;
let unconfirmed: string;

beforeAll(async () => {
  await buildRenderer(SPA);
  // Generous: these tests are about what a render holds, on a machine that may be busy; the limit itself is
  // tested below with a renderer that never answers.
  t = await startTestApp({ config: { appDist: SPA, prerenderEntry: RENDERER, prerenderTimeoutMs: 20_000 } });
  partner = await t.login('partner@demo.test');
  warehouse = await t.login('warehouse@demo.test');
  user = await t.login('user@demo.test');
  unconfirmed = await t.login('unconfirmed@demo.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(WORK, { recursive: true, force: true });
});

/** Chisinau's offset at `instant` as `Date#getTimezoneOffset` writes one (minutes, east of UTC negative). */
function chisinauOffset(instant: number): number {
  const name = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Chisinau', timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const [, sign, hours, minutes] = /GMT([+-])(\d\d):(\d\d)/.exec(name ?? '') ?? [];
  return (sign === '-' ? 1 : -1) * (Number(hours) * 60 + Number(minutes));
}

const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(cookie === undefined ? {} : { cookie }), ...headers },
  });

describe('a signed-in first screen', () => {
  it('comes in the HTML with the data it was rendered from, in the language and zone of the cookies', async () => {
    const answer = await page('/dashboard', `token=${partner}; lang=en; tz=Europe%2FChisinau`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(String(answer.headers.vary)).toMatch(/\bCookie\b/);
    expect(String(answer.headers['content-security-policy'])).toContain(
      `script-src 'self' '${BOOT_MANIFEST.scriptHash}';`,
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const html = answer.body;
    expect(html).toContain('<html lang="en"');
    // The app starts once the screen has painted: its entry scripts are the boot script's to add.
    expect(html).not.toContain('src="/assets/app-abc.js"');
    const state = stateOf(html);
    // "Client orders" shows when each was placed: a moment, so the page is in the visitor's zone.
    expect(state).toMatchObject({ locale: 'en', timeZone: 'Europe/Chisinau', path: '/dashboard' });
    expect(state?.user?.email).toBe('partner@demo.test');
    // The auth machine's own reads go with the page; the screen's are in the cache it carries.
    expect(Object.keys(state?.answers ?? {}).sort()).toEqual(['/users/me', '/users/my-warehouse']);
    const orders = await t.get<{ items: Array<{ id: number }> }>('/orders/get/list/user', {
      token: partner,
      query: { tab: 'current', page: 1, pageSize: 20 },
    });
    const first = orders.body.items[0];
    expect(first).toBeDefined();
    const root = rootOf(html);
    expect(root).toContain(`data-order-id="${first?.id}"`);
    expect(root).toMatch(/<h1[^>]*>Main<\/h1>/);
    const cached = state?.queries?.queries.map((query) => JSON.stringify(query.queryKey)) ?? [];
    expect(cached.some((key) => key.includes('my-info'))).toBe(true);
    // Main's "Client orders" is painted, not a skeleton: the demo client's order, its total in the order's
    // currency as the app's money helper writes it, and the read it came from in the cache.
    expect(cached).toContain(JSON.stringify(['client-orders', { limit: 5 }]));
    const clientOrders = await t.get<{ items: Array<{ orderId: number; total: number; currency: string }> }>(
      '/users/client-orders',
      { token: partner, query: { limit: 5 } },
    );
    const latest = clientOrders.body.items[0];
    expect(latest?.currency).toBe('MDL');
    const card = /<section[^>]*client-orders[^>]*>([\s\S]*?)<\/section>/.exec(root)?.[1] ?? '';
    expect(card).toContain(`data-order-id="${latest?.orderId}"`);
    expect(card).not.toContain('skeleton');
    const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'MDL' }).format(
      (latest?.total ?? 0) / 100,
    );
    expect(card).toContain(money);
    // The texts it formatted go with it, for the browser's first render to print without Intl
    // (src/i18n/format-table.ts): this money, and each moment with Chisinau's offset at that instant.
    expect(Object.values(state?.formats.texts ?? {})).toContain(money);
    const moments = state?.formats.zoneOffsets ?? [];
    expect(moments.length).toBeGreaterThan(0);
    for (const [instant, offset] of moments) expect(offset).toBe(chisinauOffset(instant));
    // Where its first live stream resumes: the event log's position, taken before its reads.
    expect(Number.isSafeInteger(state?.eventPosition)).toBe(true);
    expect(state?.eventPosition).toBeLessThanOrEqual(t.app.events.position);
  });

  it('leaves Main to the browser when it does not know the zone yet (its client orders show moments)', async () => {
    const answer = await page('/dashboard', `token=${partner}; lang=en`);
    expect(answer.body).toBe(INDEX);
  });

  it('is compressed for a browser that accepts it', async () => {
    const answer = await page('/my-orders-warehouse', `token=${warehouse}; tz=Europe%2FChisinau`, {
      'accept-encoding': 'gzip, br',
    });
    expect(answer.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(answer.rawPayload).toString();
    expect(stateOf(html)?.user?.email).toBe('warehouse@demo.test');
    expect(rootOf(html)).toContain('<h1');
  });

  it("shows moments in the visitor's zone, and is left to a browser whose zone it does not know yet", async () => {
    const zoned = await page('/my-orders-warehouse', `token=${warehouse}; tz=Asia%2FTokyo`);
    expect(stateOf(zoned.body)?.timeZone).toBe('Asia/Tokyo');
    const orders = await t.get<{ items: Array<{ createdAt: string }> }>('/orders/get/list/warehouse', {
      token: warehouse,
      query: { tab: 'new', page: 1, pageSize: 20 },
    });
    const created = orders.body.items[0]?.createdAt;
    expect(created).toBeDefined();
    const inTokyo = new Intl.DateTimeFormat('ru', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(created ?? 0));
    expect(rootOf(zoned.body)).toContain(inTokyo);
    for (const cookie of [`token=${warehouse}`, `token=${warehouse}; tz=Not%2FA_Zone`])
      expect((await page('/my-orders-warehouse', cookie)).body).toBe(INDEX);
  });

  it("is each visitor's own under concurrent renders", async () => {
    const visits = Array.from({ length: 12 }, (_, n) =>
      n % 2 === 0
        ? { email: 'partner@demo.test', url: '/dashboard', token: partner, locale: 'ro' }
        : { email: 'warehouse@demo.test', url: '/my-orders-warehouse', token: warehouse, locale: 'uk' },
    );
    const answers = await Promise.all(
      visits.map((visit) => page(visit.url, `token=${visit.token}; lang=${visit.locale}; tz=UTC`)),
    );
    answers.forEach((answer, n) => {
      const state = stateOf(answer.body);
      expect(state?.user?.email).toBe(visits[n]?.email);
      expect(state?.locale).toBe(visits[n]?.locale);
      expect(answer.body).toContain(`<html lang="${visits[n]?.locale}"`);
      const me = JSON.parse(state?.answers['/users/me']?.body ?? '{}') as { email?: string };
      expect(me.email).toBe(visits[n]?.email);
    });
  });
});

describe('the page as it is (rendered in the browser)', () => {
  it.each([
    ['no token, a screen no guard sends elsewhere', '/reset-pass', undefined],
    ['an unreadable token', '/dashboard', 'token=not-a-token'],
    ['a screen without known first data', '/terms', 'token=PARTNER'],
  ])('for %s', async (_name, url, cookie) => {
    const answer = await page(url, cookie?.replace('PARTNER', partner));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe(INDEX);
  });

  it('for a HEAD request', async () => {
    const answer = await t.app.inject({
      method: 'HEAD',
      url: '/dashboard',
      headers: { accept: 'text/html', cookie: `token=${partner}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });
});

/** The partner's token with another `exp` (its signature no longer matches: the browser reads only the claims). */
function withExpiry(token: string, exp: number): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url'), signature].join('.');
}

describe('a redirect the app would make on its first render', () => {
  // React Router's warning for a <Navigate> rendered in a StaticRouter, and anything else React would say.
  let warnings: MockInstance<(...data: unknown[]) => void>[];
  beforeEach(() => {
    warnings = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
  });
  afterEach(() => {
    const said = warnings.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));
    for (const spy of warnings) spy.mockRestore();
    expect(said.filter((line) => /Navigate|StaticRouter/.test(line))).toEqual([]);
  });

  function expectRedirect(answer: Awaited<ReturnType<typeof page>>, location: string) {
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(location);
    // The visitor's own answer: kept by no shared cache, never given to another cookie.
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(String(answer.headers.vary)).toMatch(/\bCookie\b/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(answer.body).not.toContain('<div id="root">');
  }

  it.each([
    ['a logged-out visitor on /', '/', undefined, '/login'],
    ['a partner on /', '/', 'PARTNER', '/dashboard'],
    ['a warehouse clerk on /', '/?utm_source=mail', 'WAREHOUSE', '/dashboard'],
    ['a USER on /', '/', 'USER', '/personal'],
    ['a signed-in partner on /login', '/login', 'PARTNER', '/dashboard'],
    ['a signed-in USER on /login', '/login?lang=en', 'USER', '/personal'],
    [
      'a signed-in visitor on /login with a return address',
      '/login?from=%2Fmy-orders%3Fpage%3D2',
      'USER',
      '/my-orders?page=2',
    ],
    ['a return address off the site', '/login?from=%2F%2Fevil.example%2Fx', 'PARTNER', '/dashboard'],
    ['an unconfirmed address on /login', '/login', 'UNCONFIRMED', '/dashboard'],
    ['a USER on /dashboard', '/dashboard', 'USER', '/personal'],
    ['a USER on /dashboard/ with a query', '/dashboard/?tab=x', 'USER', '/personal'],
    ['a logged-out visitor on /dashboard', '/dashboard', undefined, '/login?from=%2Fdashboard'],
    [
      'a logged-out visitor on a private screen with a query',
      '/my-orders?tab=archive&page=2',
      undefined,
      `/login?from=${encodeURIComponent('/my-orders?tab=archive&page=2')}`,
    ],
    ['a logged-out visitor on an order', '/my-orders/12', undefined, '/login?from=%2Fmy-orders%2F12'],
  ])('%s is answered by the server', async (_name, url, who, location) => {
    const tokens: Record<string, string> = {
      PARTNER: partner,
      WAREHOUSE: warehouse,
      USER: user,
      UNCONFIRMED: unconfirmed,
    };
    const cookie = who === undefined ? 'lang=en' : `token=${tokens[who]}; lang=en; tz=UTC`;
    expectRedirect(await page(url, cookie), location);
  });

  it('follows to the screen the server renders: a signed-in visitor on /login gets Main painted', async () => {
    const cookie = `token=${partner}; lang=en; tz=UTC`;
    const first = await page('/login', cookie);
    expectRedirect(first, '/dashboard');
    const home = await page(String(first.headers.location), cookie);
    expect(home.statusCode).toBe(200);
    expect(rootOf(home.body)).toMatch(/<h1[^>]*>Main<\/h1>/);
    // And a logged-out one sent to /login gets the form, carrying where they were going.
    const away = await page('/documents', 'lang=en');
    expectRedirect(away, '/login?from=%2Fdocuments');
    const login = await page(String(away.headers.location), 'lang=en');
    expect(login.statusCode).toBe(200);
    expect(stateOf(login.body)).toMatchObject({ path: '/login?from=%2Fdocuments', user: null });
    expect(rootOf(login.body)).toContain('type="password"');
  });

  it('renders, not redirects, where the app would not send the visitor on', async () => {
    // An unconfirmed address sees the notice in the signed-in area, wherever it is.
    const notice = await page('/dashboard', `token=${unconfirmed}; lang=en; tz=UTC`);
    expect(notice.statusCode).toBe(200);
    expect(stateOf(notice.body)?.user?.email).toBe('unconfirmed@demo.test');
    // Every role but USER stays on /dashboard; public screens and the not-found page have no guard.
    expect((await page('/dashboard', `token=${warehouse}; tz=UTC`)).statusCode).toBe(200);
    for (const url of ['/reset-pass', '/terms', '/no-such-page'])
      expect((await page(url)).body, url).toBe(INDEX);
  });

  it.each([
    ['an expired token on /', '/', 'EXPIRED'],
    ['an expired token on /login', '/login', 'EXPIRED'],
    ['an expired token on a private screen', '/documents', 'EXPIRED'],
    ['a token the server refuses on /login', '/login', 'REFUSED'],
    ['a token the server refuses on /', '/', 'REFUSED'],
    ['an unreadable token on /', '/', 'not-a-token'],
    ['a link token on / (the app takes it, or asks)', `/?token=PARTNER`, undefined],
    ['a link token on / beside a signed-in cookie', `/?token=USER`, 'PARTNER'],
  ])('%s: the page goes as it is, for the app to check first', async (_name, url, who) => {
    const tokens: Record<string, string> = {
      PARTNER: partner,
      USER: user,
      EXPIRED: withExpiry(partner, Math.floor(Date.now() / 1000) - 60),
      // Unexpired claims with another signature: the browser would take it, the server refuses it.
      REFUSED: withExpiry(partner, Math.floor(Date.now() / 1000) + 3600),
    };
    const cookie = who === undefined ? undefined : `token=${tokens[who] ?? who}`;
    const answer = await page(
      url.replace(/PARTNER|USER/, (name) => tokens[name] ?? name),
      cookie,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).toBe(INDEX);
  });

  it('leaves HEAD and requests that want no page as they are', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers.location).toBeUndefined();
    const json = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.headers.location).toBeUndefined();
  });

  it("keeps a product's page with its head for a visitor without a session (a messenger's preview)", async () => {
    const canonical = await page('/products/1');
    expect(canonical.statusCode).toBe(301);
    const location = String(canonical.headers.location);
    expect(location).toMatch(/^\/products\/1-[a-z0-9-]+$/);
    const preview = await page(location);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<meta property="og:title"');
  });
});

describe('/login with no token', () => {
  it('comes rendered, logged out, with no data', async () => {
    const answer = await page('/login', 'lang=it');
    const state = stateOf(answer.body);
    expect(state).toMatchObject({ locale: 'it', user: null, answers: {} });
    expect(rootOf(answer.body)).toContain('type="password"');
  });
});

describe('a renderer that fails', () => {
  async function withRenderer(source: string, check: (app: TestApp) => Promise<void>) {
    const file = join(WORK, `renderer-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, source);
    const app = await startTestApp({ config: { appDist: SPA, prerenderEntry: file } });
    try {
      await check(app);
    } finally {
      await app.close();
    }
  }

  it.each([
    ['throws', 'async () => { throw new Error("boom"); }'],
    ['never answers', '() => new Promise(() => {})'],
  ])('%s: the page goes as it is', async (_name, prerender) => {
    await withRenderer(
      `export const prerender = ${prerender}; export const serializePrerenderedState = JSON.stringify;`,
      async (app) => {
        const answer = await app.app.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { accept: 'text/html', cookie: `token=${partner}` },
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(INDEX);
      },
    );
  });
});

describe('withoutEntryScripts', () => {
  it("takes out the manifest's entry tags with the white space after each, and refuses a manifest of another build", () => {
    const tags = [
      '<script type="module" crossorigin src="/a.js"></script>',
      '<script type="module" crossorigin src="/b.js"></script>',
    ];
    const template = `<head>\n    <title>p</title>\n    ${tags[0]}\n    ${tags[1]}\n    <link rel="stylesheet" href="/c.css">\n</head>`;
    expect(
      withoutEntryScripts(
        template,
        tags.map((tag, i) => ({ src: `/${'ab'[i]}.js`, tag })),
      ),
    ).toBe('<head>\n    <title>p</title>\n    <link rel="stylesheet" href="/c.css">\n</head>');
    expect(() =>
      withoutEntryScripts(template, [{ src: '/d.js', tag: tags[0]?.replace('/a.js', '/d.js') ?? '' }]),
    ).toThrow(/another build/);
    expect(() => withoutEntryScripts(template, [])).toThrow(/no entry script/);
  });
});

describe('pageWithScreen', () => {
  it('puts data in as text, never as a replacement pattern, and refuses a locale that is not a code', () => {
    const html = pageWithScreen(INDEX.replace(ENTRY, ''), {
      html: "<p>$&amp; $' $` $1</p>",
      state: '{"name":"$\' $&"}',
      locale: 'en',
    });
    expect(html).toContain(`<div id="root"><p>$&amp; $' $\` $1</p></div>`);
    expect(html).toContain(`id="portal-prerendered">{"name":"$' $&"}</script>`);
    expect(html).toContain('<html lang="en">');
    expect(() => pageWithScreen(INDEX, { html: '', state: '{}', locale: '"><script>' })).toThrow();
  });
});
