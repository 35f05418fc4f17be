/** What the server's own HTML (the development mailbox, a product page's head) needs: its language, escaping. */
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../db/reference.ts';
import { isLang } from '../messages/i18n.ts';

/** Text safe inside HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page's language: the app's `lang` cookie, else the browser's first supported language, else Russian. */
export function pageLang(request: FastifyRequest): Lang {
  const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  if (isLang(cookie)) return cookie;
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLang(code)) return code;
  }
  return 'ru';
}
