import { describe, expect, it } from 'vitest';
import { PRERENDERED_STATE_ID } from '#src/boot/contract.ts';
import {
  type PrerenderedState,
  readPrerenderedState,
  serializePrerenderedState,
} from '#src/prerender/state.ts';

const state = (user: PrerenderedState['user']): PrerenderedState => ({
  version: 1,
  locale: 'en',
  timeZone: 'Europe/Chisinau',
  formats: { texts: { 'n|en|{}|1805': '1,805' }, zoneOffsets: [[1764410000000, -120]] },
  path: '/dashboard',
  user,
  queries: { queries: [] },
  answers: { '/users/me': { status: 200, body: '{"id":1}' } },
  eventPosition: 41,
});

/** A document holding `text` as the state block, as the browser parses it. */
const documentWith = (text: string | null) =>
  ({
    getElementById: (id: string) =>
      id === PRERENDERED_STATE_ID && text !== null ? { textContent: text } : null,
  }) as unknown as Document;

describe('the prerendered state in the page', () => {
  it('cannot end or bend its <script> element, whatever the data holds, and reads back the same', () => {
    const hostile = state({
      id: 1,
      email: 'a@b.test',
      name: "</script><script>alert(1)</script><!-- \u2028\u2029 $& $'",
    } as unknown as PrerenderedState['user']);
    const text = serializePrerenderedState(hostile);
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(readPrerenderedState(documentWith(text))).toEqual(hostile);
  });

  it('reads a logged-out page (no user) and nothing from a page without a valid block', () => {
    expect(readPrerenderedState(documentWith(serializePrerenderedState(state(null))))?.user).toBeNull();
    expect(readPrerenderedState(documentWith(null))).toBeNull();
    expect(readPrerenderedState(documentWith('{not json'))).toBeNull();
    expect(readPrerenderedState(documentWith(JSON.stringify({ ...state(null), version: 2 })))).toBeNull();
    expect(readPrerenderedState(documentWith(JSON.stringify({ ...state(null), answers: null })))).toBeNull();
    expect(readPrerenderedState(documentWith(JSON.stringify({ ...state(null), user: 'x' })))).toBeNull();
  });
});
