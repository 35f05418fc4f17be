/**
 * What a page the server rendered (a signed-in visit's first screen, `server-entry.tsx`) carries for the browser,
 * in a `<script type="application/json" id="portal-prerendered">` at the top of its `<head>`: how it was rendered
 * (language, time zone, address), the user it was rendered for, the query cache it was rendered from, and the API
 * answers it read, so that the browser's first render (hydration) reads the same data and asks for none of it
 * again. Entry-side: no xstate, no query cache.
 */
import type { AuthUser } from '../../machines/auth/auth.types.ts';
import { PRERENDERED_STATE_ID } from '../boot/contract.ts';
import type { Locale } from '../i18n/i18n.ts';
import { type FormatTable, isFormatTable } from '../i18n/format-table.ts';

export interface PrerenderedAnswer {
  status: number;
  /** The answer's body as sent (JSON). */
  body: string;
}

export interface PrerenderedState {
  version: 1;
  locale: Locale;
  /** The time zone it shows moments in; `null` when it shows none (it then reads alike in any zone). */
  timeZone: string | null;
  /**
   * The texts it formatted (money, points, dates), which the browser's first render prints again without `Intl`
   * (src/i18n/format-table.ts).
   */
  formats: FormatTable;
  /** The address rendered: path and query. */
  path: string;
  /** `GET /users/me` as the session starts with it; `null` for a logged-out page (/login). */
  user: AuthUser | null;
  /** The server's query cache after the screen's first reads (TanStack Query's `dehydrate`); `null` logged out. */
  queries: unknown;
  /** Every API read the render made, by path below the API base with its query. */
  answers: Record<string, PrerenderedAnswer>;
  /**
   * The live event log's position taken before the render's reads (`null` logged out, or not known): the page's
   * first stream resumes from it instead of having the screens read everything again (machines/events/).
   */
  eventPosition: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The page's prerendered state, or `null` (a page rendered in the browser only, or an unreadable block). */
export function readPrerenderedState(doc: Document = document): PrerenderedState | null {
  const text = doc.getElementById(PRERENDERED_STATE_ID)?.textContent;
  if (text === undefined || text === null || text === '') return null;
  try {
    const state: unknown = JSON.parse(text);
    if (
      !isRecord(state) ||
      state.version !== 1 ||
      typeof state.locale !== 'string' ||
      (state.timeZone !== null && typeof state.timeZone !== 'string') ||
      !isFormatTable(state.formats) ||
      typeof state.path !== 'string' ||
      (state.user !== null && !isRecord(state.user)) ||
      !isRecord(state.answers) ||
      (state.eventPosition !== null && !Number.isSafeInteger(state.eventPosition))
    )
      return null;
    return state as unknown as PrerenderedState;
  } catch {
    return null;
  }
}

/**
 * The state as the text of a `<script type="application/json">`: JSON with every `<` written `\u003c` (no
 * `</script>` or `<!--` can end or bend the element, whatever the data holds) and the two line separators that
 * old parsers take for line ends escaped too.
 */
export function serializePrerenderedState(state: PrerenderedState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
