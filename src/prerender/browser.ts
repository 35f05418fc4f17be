/**
 * The browser's side of a page the server rendered (`state.ts`), before the app's first render: whether this
 * browser renders the page as the server did, and the server's reads handed to the app's client as boot answers.
 */
import { API_BASE } from '../api/base.ts';
import { BOOT_RESPONSES_KEY } from '../api/boot-reads.ts';
import type { BootReads } from '../api/boot-responses.ts';
import { readTokenCookie } from '../api/token.ts';
import { getStoredLocale } from '../i18n/i18n.ts';
import { HELD_INPUT_KEY, type PrerenderedState } from './state.ts';

/**
 * True when this browser's first render would be the server's: the same language, address and, when the page shows a
 * moment, time zone. When not (the language chosen in another tab since; a first visit from outside UTC, before the
 * `tz` cookie, to a page that shows a date), the app renders over the server's HTML instead of taking it over.
 */
export function browserRendersAs(state: PrerenderedState): boolean {
  return (
    state.locale === getStoredLocale() &&
    (state.timeZone === null || state.timeZone === Intl.DateTimeFormat().resolvedOptions().timeZone) &&
    state.path === `${window.location.pathname}${window.location.search}`
  );
}

/** The server's reads as boot answers (src/api/boot-responses.ts): each answers the app's same first read once. */
export function adoptPrerenderedAnswers(state: PrerenderedState, now = Date.now()): void {
  const token = readTokenCookie();
  if (token === null) return;
  const responses: BootReads['responses'] = {};
  for (const [path, answer] of Object.entries(state.answers)) {
    const url = new URL(`${API_BASE}${path}`, window.location.href).href;
    responses[url] = Promise.resolve(
      new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } }),
    );
  }
  const boot: BootReads = { authorization: `Bearer ${token}`, language: state.locale, at: now, responses };
  Reflect.set(window, BOOT_RESPONSES_KEY, boot);
}

/**
 * A click again, as the pointer made it: focus, press, release, click (some controls act on the press, as Radix's
 * tabs do).
 */
function press(target: HTMLElement): void {
  target.focus({ preventScroll: true });
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  target.dispatchEvent(new MouseEvent('mousedown', init));
  target.dispatchEvent(new MouseEvent('mouseup', init));
  target.click();
}

interface HeldInput {
  released: boolean;
  events: Array<{ type: string; target: Element; value?: unknown }>;
}

function isHeldInput(value: unknown): value is HeldInput {
  return typeof value === 'object' && value !== null && 'events' in value && Array.isArray(value.events);
}

/**
 * Hands the app what the user did on the server-rendered screen before it took it over (held by the boot script):
 * each click again on its element, each submit as a new submit of its form, each choice in a list as that choice
 * made again (hydration puts the list back at what the server rendered), in order. React hydrates what they touch
 * first. An element the app did not keep (a first render that did not match) has gone, and so has its input.
 */
export function releaseHeldInput(): void {
  const held: unknown = Reflect.get(window, HELD_INPUT_KEY);
  if (!isHeldInput(held) || held.released) return;
  held.released = true;
  for (const { type, target, value } of held.events.splice(0)) {
    if (!target.isConnected) continue;
    if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
    else if (type === 'change' && target instanceof HTMLSelectElement && typeof value === 'string') {
      target.value = value;
      target.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (type === 'click' && target instanceof HTMLElement) press(target);
  }
}
