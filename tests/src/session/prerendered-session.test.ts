// @vitest-environment jsdom
// The session of a server-rendered page (src/session/session-runtime.tsx `startPrerenderedSession`): its cache and
// start state at once, its machines when asked, the auth machine in one task and the language machine in the next
// (docs/adr/0149-quiet-main-thread-after-paint.md), and at once when an event cannot wait.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { selectUser } from '#machines/auth/auth.selectors.ts';
import { createApiClient } from '#src/api/client.ts';
import { clearTokenCookie, writeTokenCookie } from '#src/api/token.ts';
import { createAuthApi } from '#src/data/auth.ts';
import type { PrerenderedState } from '#src/prerender/state.ts';
import { readAuthInput } from '#src/session/auth-context.tsx';
import { takeEventsPosition } from '#src/session/page-events-position.ts';
import { startPrerenderedSession } from '#src/session/session-runtime.tsx';
import { makeToken, userFixture } from '../../support/auth.ts';

const BASE = 'http://localhost:3000/api/v3';

function setUp() {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  writeTokenCookie(makeToken({ sub: '7', exp: expiresAt, par: true, wh: false }), expiresAt * 1000);
  const reads: string[] = [];
  const fetch = (request: Request) => {
    reads.push(new URL(request.url).pathname.replace('/api/v3', ''));
    return Promise.resolve(
      new Response(JSON.stringify(userFixture()), { headers: { 'content-type': 'application/json' } }),
    );
  };
  const state: PrerenderedState = {
    version: 1,
    locale: 'en',
    timeZone: null,
    formats: { texts: {}, zoneOffsets: [] },
    path: '/dashboard',
    user: userFixture(),
    queries: dehydrate(new QueryClient()),
    answers: {},
    eventPosition: 12,
  };
  const started = startPrerenderedSession(
    state,
    readAuthInput({ pathname: '/dashboard', search: '' }),
    createAuthApi(createApiClient({ baseUrl: BASE, fetch })),
  );
  if (started === null) throw new Error('the page’s state did not sign the visit in');
  return { ...started, reads };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  clearTokenCookie();
});

describe('the session of a server-rendered page', () => {
  it('hands the page’s event position to its first live stream, once', () => {
    const { session } = setUp();
    stop = session.session.stop;
    expect(takeEventsPosition(), 'where the server’s reads were made').toBe('12');
    expect(takeEventsPosition(), 'a later session reads its screens itself').toBeNull();
  });

  it('renders from the computed state until asked, then starts the auth machine, and the language one a task later', async () => {
    const { session, startMachines, reads } = setUp();
    stop = session.session.stop;
    expect(selectUser(session.auth.getSnapshot())?.id, 'the user the server rendered with').toBe(7);
    expect(session.auth.attached).toBe(false);
    expect(reads, 'no machine, no read').toEqual([]);

    const both = startMachines();
    expect(session.language.attached, 'the language machine waits for the next task').toBe(false);
    await both;
    expect(session.language.attached).toBe(true);
    // The auth machine takes over once past its one-tick start-up check, and reads the user as a new session does.
    await waitFor(() => expect(session.auth.attached).toBe(true));
    expect(selectUser(session.auth.getSnapshot())?.id).toBe(7);
    expect(reads).toContain('/users/me');
    expect(startMachines(), 'started once').toBe(both);
  });

  it('starts both machines at once when a view sends an event before they run', async () => {
    const { session, reads } = setUp();
    stop = session.session.stop;
    session.language.send({ type: 'language.choiceTaken' });
    expect(session.language.attached, 'no wait for a next task').toBe(true);
    await waitFor(() => expect(session.auth.attached).toBe(true));
    expect(reads).toContain('/users/me');
  });
});
