/** What the server's own HTML (the development mailbox, a page's head, its first screen) needs: its language, escaping. */
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../db/reference.ts';
import { langOr } from '../messages/i18n.ts';

/** Text safe inside HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The value of each cookie of a request (the first of a name wins, as browsers send the most specific first). */
export function requestCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    const name = pair.slice(0, separator).trim();
    if (name === '' || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(pair.slice(separator + 1).trim()));
    } catch {
      // A value that is not valid percent-encoding is not ours: ignored.
    }
  }
  return cookies;
}

/**
 * The language of a page the app paints, and of everything the server writes into it (the first screen it renders,
 * a shared link's title and preview tags, docs/adr/0147-the-storefront-and-client-checkout.md): the app's `lang`
 * cookie read as the app reads its stored choice (`normalizeLocale`: `en-GB` is `en`), else Russian, the app's
 * default. Not Accept-Language: the app cannot see it, so a page chosen by it would be painted over in another
 * language, and a messenger fetching a preview sends its own, not the reader's.
 */
export function pageLang(request: Pick<FastifyRequest, 'headers'>): Lang {
  const stored = requestCookies(request.headers.cookie).get('lang');
  return langOr(stored?.trim().toLowerCase().split(/[-_]/)[0]);
}
