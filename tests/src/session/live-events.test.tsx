// @vitest-environment jsdom
// The session's live stream (src/session/live-events.tsx, ADR 0159): it opens once the answers on their way are here,
// and resumes from the lowest event-log position the page's data was read at; with none to vouch for, it resets.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../support/auth.ts';

const answer = (body: unknown, position: string | null) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      'content-type': 'application/json',
      ...(position === null ? {} : { 'Event-Position': position }),
    },
  });

/** The app's modules, fresh, over a fake server whose /users/me answer waits for `me`, and a fake EventSource. */
async function setUp(me: Promise<Response>) {
  vi.resetModules();
  const streams: string[] = [];
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    sent.push(`${request.method} ${path}`);
    if (path.endsWith('/events/ticket'))
      return answer({ ticket: 'T1', expiresAt: '2099-01-01T00:00:00Z' }, '50');
    if (path.endsWith('/users/me')) return me;
    return answer({}, '41');
  });
  // The app's client asks for `/api/v3/…` (the page's origin): a Request here needs it absolute.
  const PlatformRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends PlatformRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://portal.test').href : input, init);
      }
    },
  );
  vi.stubGlobal(
    'EventSource',
    class {
      onmessage = null;
      onerror = null;
      constructor(url: string) {
        streams.push(url);
      }
      addEventListener() {}
      close() {}
    },
  );
  const { api } = await import('#src/api/client.ts');
  const { LiveEvents } = await import('#src/session/live-events.tsx');
  const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
  const mount = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveEvents authenticated userId={7} isStaff={false} />
      </QueryClientProvider>,
    );
  return { api, mount, streams, sent };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the live stream of a session', () => {
  it('waits for the answers on their way, then resumes from the lowest position they were read at', async () => {
    const me = deferred<Response>();
    const { api, mount, streams, sent } = await setUp(me.promise);
    await api.GET('/users/my-info');
    const onItsWay = api.GET('/users/me');
    await waitFor(() => expect(sent).toContain('GET /api/v3/users/me'));
    mount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent, 'no ticket while /users/me is on its way').not.toContain('POST /api/v3/events/ticket');
    expect(streams).toEqual([]);
    me.resolve(answer({ id: 7 }, '30'));
    await onItsWay;
    await waitFor(() => expect(streams).toHaveLength(1));
    const url = new URL(streams[0] ?? '', 'http://portal.test');
    expect(url.searchParams.get('ticket')).toBe('T1');
    expect(url.searchParams.get('lastEventId'), 'the lowest of 41 and 30').toBe('30');
  });

  it('resets when an answer came without a position', async () => {
    const { api, mount, streams } = await setUp(Promise.resolve(answer({ id: 7 }, null)));
    await api.GET('/users/my-info');
    await api.GET('/users/me');
    mount();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(new URL(streams[0] ?? '', 'http://portal.test').searchParams.has('lastEventId')).toBe(false);
  });
});
