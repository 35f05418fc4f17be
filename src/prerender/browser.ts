/**
 * The browser's side of a page the server rendered (`state.ts`), before the app's first render: whether this
 * browser renders the page as the server did, and the server's reads handed to the app's client as boot answers.
 * What the user did on it meanwhile is handed on by src/boot/held-input.ts `releaseHeldInput`.
 */
import { EVENT_POSITION_HEADER } from '../api/answer-positions.ts';
import { API_BASE } from '../api/base.ts';
import { readTokenCookie } from '../api/token.ts';
import { BOOT_RESPONSES_KEY, type BootResponses } from '../boot/contract.ts';
import { zoneShowsAlike } from '../i18n/format-table.ts';
import { getStoredLocale } from '../i18n/i18n.ts';
import type { PrerenderedState } from './state.ts';

/**
 * True when this browser's first render would be the server's: the same language, address and, when the page shows a
 * moment, time zone (the same offset from UTC at every moment it shows: src/i18n/format-table.ts, no `Intl`). When
 * not (the language chosen in another tab since; a first visit from outside UTC, before the `tz` cookie, to a page
 * that shows a date), the app renders over the server's HTML instead of taking it over.
 */
export function browserRendersAs(state: PrerenderedState): boolean {
  return (
    state.locale === getStoredLocale() &&
    (state.timeZone === null || zoneShowsAlike(state.formats)) &&
    state.path === `${window.location.pathname}${window.location.search}`
  );
}

/** The server's reads as boot answers (src/api/boot-responses.ts): each answers the app's same first read once. */
export function adoptPrerenderedAnswers(state: PrerenderedState, now = Date.now()): void {
  const token = readTokenCookie();
  if (token === null) return;
  const responses: BootResponses['responses'] = {};
  // Read after the page's event position (ADR 0158): the answers say so, as the server's own would (ADR 0159).
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (state.eventPosition !== null) headers[EVENT_POSITION_HEADER] = String(state.eventPosition);
  for (const [path, answer] of Object.entries(state.answers)) {
    const url = new URL(`${API_BASE}${path}`, window.location.href).href;
    responses[url] = Promise.resolve(new Response(answer.body, { status: answer.status, headers }));
  }
  const boot: BootResponses = {
    authorization: `Bearer ${token}`,
    language: state.locale,
    at: now,
    responses,
  };
  Reflect.set(window, BOOT_RESPONSES_KEY, boot);
}
