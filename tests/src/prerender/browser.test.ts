// @vitest-environment jsdom
// The server's reads handed to the app's client (src/prerender/browser.ts `adoptPrerenderedAnswers`): each answers
// the same first read once, and says the event-log position it was read after, as the server's own answer would
// (ADR 0159: the live stream resumes from it instead of a reset).
import { afterEach, describe, expect, it } from 'vitest';
import { takeBootResponse } from '#src/api/boot-responses.ts';
import { clearTokenCookie, writeTokenCookie } from '#src/api/token.ts';
import { adoptPrerenderedAnswers } from '#src/prerender/browser.ts';
import type { PrerenderedState } from '#src/prerender/state.ts';

const state = (eventPosition: number | null): PrerenderedState => ({
  version: 1,
  locale: 'ru',
  timeZone: null,
  formats: { texts: {}, zoneOffsets: [] },
  path: '/dashboard',
  user: null,
  queries: { queries: [] },
  answers: { '/users/me': { status: 200, body: '{"id":1}' } },
  eventPosition,
});

const read = (token: string) =>
  new Request(new URL('/api/v3/users/me', window.location.href), {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'ru' },
  });

afterEach(() => {
  clearTokenCookie();
});

describe('the server’s reads as the app’s first answers', () => {
  it('answer the same read once, with the position they were read after', async () => {
    writeTokenCookie('T1', Date.now() + 60_000);
    adoptPrerenderedAnswers(state(41));
    const answer = await takeBootResponse(read('T1'));
    expect(await answer?.json()).toEqual({ id: 1 });
    expect(answer?.headers.get('Event-Position')).toBe('41');
    expect(takeBootResponse(read('T1')), 'once').toBeUndefined();
  });

  it('carry no position when the page had none', async () => {
    writeTokenCookie('T1', Date.now() + 60_000);
    adoptPrerenderedAnswers(state(null));
    const answer = await takeBootResponse(read('T1'));
    expect(answer?.headers.has('Event-Position')).toBe(false);
  });
});
