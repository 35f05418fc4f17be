/**
 * A signed-in visit's first reads (src/api/boot-reads.ts), sent by the boot script as the page is parsed with the
 * headers the app's client sends, and left under `BOOT_RESPONSES_KEY`: the client takes each answer once
 * (src/api/boot-responses.ts), so the data travels beside the JavaScript instead of a round trip after it.
 */
import { BOOT_RESPONSES_KEY, type BootConfig, type BootResponses, type BootWindow } from './contract.ts';
import { preloadImagesOf, tokenCookie } from './preload.ts';

/** The claims of a JWT, read without checking it (the server does): only which reads are worth sending. */
export function tokenClaims(token: string): Record<string, unknown> {
  const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  const claims: unknown = JSON.parse(atob(part + '==='.slice((part.length + 3) % 4)));
  return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
}

/**
 * Sends the reads of the screen at `win.location` for the token in the cookie, and returns what it left on `window`
 * (`undefined` when it sent none). Only for an address without a query (the screen's default view), a token that
 * has not expired, and the reads of that token's role; never throws (a token it cannot read sends nothing).
 */
export function sendFirstReads(
  config: Pick<BootConfig, 'reads' | 'apiBase'>,
  language: string,
  win: BootWindow,
): BootResponses | undefined {
  try {
    const cookie = tokenCookie(win.document.cookie);
    if (cookie === null || win.location.search !== '' || typeof win.fetch !== 'function') return undefined;
    const token = decodeURIComponent(cookie);
    const claims = tokenClaims(token);
    const path = win.location.pathname.replace(/\/$/, '');
    const origin = /^https?:/.test(config.apiBase) ? '' : win.location.origin;
    let boot: BootResponses | undefined;
    for (const read of config.reads) {
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) break;
      const claim = read.claim === undefined ? true : claims[read.claim];
      if ((read.screen !== '*' && read.screen !== path) || (claim !== true && claim !== 1)) continue;
      boot ??= leave(win, { authorization: `Bearer ${token}`, language, at: Date.now(), responses: {} });
      const images = read.preloadImages ?? 0;
      for (const [index, readPath] of read.paths.entries()) {
        const url = origin + config.apiBase + readPath;
        const answer = win.fetch(url, {
          headers: { Authorization: boot.authorization, 'Accept-Language': language },
        });
        answer.catch(() => undefined);
        boot.responses[url] = answer;
        // The first answer is the list the screen's largest paint comes from.
        if (index === 0 && images > 0) void preloadImagesOf(win.document, answer, images);
      }
    }
    return boot;
  } catch {
    return undefined;
  }
}

/** What an earlier part of the page left there, else `fresh`, now on `window`. */
function leave(win: BootWindow, fresh: BootResponses): BootResponses {
  const existing = Reflect.get(win, BOOT_RESPONSES_KEY) as BootResponses | undefined;
  if (existing !== undefined && existing !== null) return existing;
  Reflect.set(win, BOOT_RESPONSES_KEY, fresh);
  return fresh;
}
